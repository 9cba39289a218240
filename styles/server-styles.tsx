import { type ReactNode, useContext } from 'react';
import { type ServerStyleSheet, StyleSheetContext, type IStyleSheetContext } from 'styled-components';

type Stringifier = IStyleSheetContext['stylis'];

/**
 * At most this many compiled rule sets are remembered. The site's components make a few hundred (one per component
 * and distinct set of props); the bound only matters if a prop's values were unbounded.
 */
export const COMPILED_RULES_BOUND = 2000;

/**
 * styled-components compiles a component's CSS text with stylis once per page it appears on, because each server
 * render collects its styles into a new sheet: on a page of cards that was about a tenth of the server's CPU. The
 * compiler is a pure function of its arguments (the CSS text, the class selector, the prefix and the component's id),
 * so its output is remembered here, keyed by all four; nothing but that output is kept, and no data goes through it.
 */
export function rememberingStylis(compile: Stringifier, bound = COMPILED_RULES_BOUND): Stringifier {
  const compiled = new Map<string, string[]>();
  const remembering = ((css: string, selector?: string, prefix?: string, componentId?: string) => {
    const key = `${componentId ?? ''}\u0000${selector ?? ''}\u0000${prefix ?? ''}\u0000${css}`;
    const known = compiled.get(key);
    if (known) return known;
    const rules = compile(css, selector, prefix, componentId);
    if (compiled.size >= bound) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, rules);
    return rules;
  }) as Stringifier;
  // Class names are hashed with the compiler's own hash (its plugins and options), which stays the same.
  remembering.hash = compile.hash;
  return remembering;
}

// One per process and compiler: the pages of every request share what has been compiled.
const rememberingOf = new WeakMap<Stringifier, Stringifier>();

function remembered(compile: Stringifier): Stringifier {
  let remembering = rememberingOf.get(compile);
  if (!remembering) {
    remembering = rememberingStylis(compile);
    rememberingOf.set(compile, remembering);
  }
  return remembering;
}

/**
 * What `sheet.collectStyles(children)` does (the styled-components provider that collects this render's styles into
 * the request's sheet), with the compiler's output remembered across requests. The sheet still receives every rule
 * this page uses, and only those.
 */
export function CollectStyles({ sheet, children }: { sheet: ServerStyleSheet; children: ReactNode }) {
  const outer = useContext(StyleSheetContext);
  return <StyleSheetContext.Provider value={{ ...outer, styleSheet: sheet.instance, stylis: remembered(outer.stylis) }}>{children}</StyleSheetContext.Provider>;
}
