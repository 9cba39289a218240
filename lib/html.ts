/**
 * Markup written as text, for the parts of cards drawn by the dozen (components/ui/card-markup.ts).
 *
 * Why: Next.js renders pages with React's web-streams renderer, which encodes every attribute name, attribute value
 * and text of the page separately (a TextEncoder call each); measured on this machine, 56 story cards cost 2.9 ms
 * of CPU as elements and 0.5 ms as one string each, and the cards were most of a listing's render. A card's inner
 * markup has no state or handlers (its links are navigated by the frame's one listener, its pictures loaded by the
 * frame's one observer), so it is written once as text and set with `dangerouslySetInnerHTML`, the same string on
 * the server and in the browser.
 *
 * Safe by construction: every value put into an `html` template is escaped for text and for quoted attribute
 * values, unless it is itself the result of `html` (a fragment). There is no way to put unescaped text in.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/g;

/** Text with `& < > " '` escaped, safe between tags and inside a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, (character) => ESCAPES[character]);
}

/** Markup made by `html` or `attributes`: its values are already escaped. */
export class HtmlFragment {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

/** What a template may hold: text and numbers (escaped), fragments (as they are), nothing (false, null, undefined), or lists of these. */
export type HtmlValue = string | number | HtmlFragment | false | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof HtmlFragment) return value.markup;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeHtml(value);
  return value.map(render).join('');
}

/** A fragment of markup: the template's own text as written, each value escaped (or kept, when it is a fragment). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): HtmlFragment {
  let markup = strings[0];
  for (let index = 0; index < values.length; index += 1) markup += render(values[index]) + strings[index + 1];
  return new HtmlFragment(markup);
}

/**
 * ` name="value"` for each attribute with a value, in order: `true` writes the name alone, and `false`, null,
 * undefined and '' leave the attribute out. Names must be written by the code (they are checked, not escaped).
 */
export function attributes(values: Record<string, string | number | boolean | null | undefined>): HtmlFragment {
  let markup = '';
  for (const [name, value] of Object.entries(values)) {
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`not an attribute name: ${name}`);
    if (value === true) markup += ` ${name}`;
    else if (value !== false && value !== null && value !== undefined && value !== '') markup += ` ${name}="${escapeHtml(String(value))}"`;
  }
  return new HtmlFragment(markup);
}

/**
 * A link's address for markup: a path on this site or an http(s) address is kept, anything else (a `javascript:`
 * address, say) becomes '#', as React does for the links it writes.
 */
export function safeHref(href: string): string {
  return /^(?:\/(?!\/)|https?:\/\/)/i.test(href) || href.startsWith('#') ? href : '#';
}

/** The prop React sets a fragment with: `<article dangerouslySetInnerHTML={innerHtml(fragment)} />`. */
export function innerHtml(fragment: HtmlFragment): { __html: string } {
  return { __html: fragment.markup };
}
