/**
 * @jest-environment node
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import styled, { css, keyframes, ServerStyleSheet, type IStyleSheetContext } from 'styled-components';
import { CollectStyles, rememberingStylis } from '@/styles/server-styles';

type Stringifier = IStyleSheetContext['stylis'];

const spin = keyframes`
  from { transform: rotate(0deg); }
  to { transform: rotate(360deg); }
`;

const Card = styled.article<{ $wide?: boolean }>`
  display: grid;
  width: ${({ $wide }) => ($wide ? '20rem' : '10rem')};

  &:hover .title {
    text-decoration: underline;
  }

  @media (min-width: 48em) {
    ${({ $wide }) =>
      $wide &&
      css`
        grid-template-columns: 1fr 2fr;
      `}
  }
`;

const Busy = styled.span`
  animation: ${spin} 1s linear infinite;
`;

function Page({ wide }: { wide: boolean }) {
  return (
    <main>
      <Card $wide={wide}>
        <h3 className="title">One</h3>
      </Card>
      <Card>
        <h3 className="title">Two</h3>
      </Card>
      <Busy>Loading</Busy>
    </main>
  );
}

/** One server render as _document does it, returning the page's HTML and its style tags. */
function renderCollecting(wrap: (sheet: ServerStyleSheet, page: ReactElement) => ReactElement, wide: boolean) {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(wrap(sheet, <Page wide={wide} />));
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

const viaCollectStyles = (sheet: ServerStyleSheet, page: ReactElement) => sheet.collectStyles(page);
const viaRemembering = (sheet: ServerStyleSheet, page: ReactElement) => <CollectStyles sheet={sheet}>{page}</CollectStyles>;

describe('CollectStyles (styled-components on the server, compiled rules remembered)', () => {
  it('gives each request the same HTML and style tags as styled-components’ own collectStyles, request after request', () => {
    for (const wide of [true, false, true]) {
      const own = renderCollecting(viaCollectStyles, wide);
      const remembering = renderCollecting(viaRemembering, wide);
      expect(remembering.html).toBe(own.html);
      expect(remembering.styles).toBe(own.styles);
      expect(remembering.styles).toContain('@keyframes');
      expect(remembering.styles.includes('grid-template-columns:1fr 2fr')).toBe(wide);
    }
  });

  it('puts only the rules of the page it renders in its sheet', () => {
    const wide = renderCollecting(viaRemembering, true);
    const narrow = renderCollecting(viaRemembering, false);
    expect(wide.styles).toContain('width:20rem');
    expect(narrow.styles).not.toContain('width:20rem');
    expect(narrow.styles).not.toContain('grid-template-columns');
  });
});

describe('rememberingStylis', () => {
  function counting(): Stringifier & { calls: number } {
    const compile = ((cssText: string, selector?: string) => {
      compile.calls += 1;
      return [`${selector}{${cssText}}`];
    }) as Stringifier & { calls: number };
    compile.calls = 0;
    compile.hash = 'h1';
    return compile;
  }

  it('compiles each distinct input once and keeps the compiler’s hash', () => {
    const compile = counting();
    const remembering = rememberingStylis(compile);
    expect(remembering.hash).toBe('h1');
    expect(remembering('color:red;', '.a', undefined, 'sc-1')).toEqual(['.a{color:red;}']);
    expect(remembering('color:red;', '.a', undefined, 'sc-1')).toEqual(['.a{color:red;}']);
    expect(compile.calls).toBe(1);
    // Any argument that differs is another compilation.
    remembering('color:red;', '.b', undefined, 'sc-1');
    remembering('color:red;', '.a', undefined, 'sc-2');
    remembering('color:red;', '.a', 'p', 'sc-1');
    remembering('color:blue;', '.a', undefined, 'sc-1');
    expect(compile.calls).toBe(5);
  });

  it('holds at most its bound, forgetting the oldest first', () => {
    const compile = counting();
    const remembering = rememberingStylis(compile, 2);
    remembering('a:1;', '.x');
    remembering('b:1;', '.x');
    remembering('c:1;', '.x');
    expect(compile.calls).toBe(3);
    remembering('c:1;', '.x');
    remembering('b:1;', '.x');
    expect(compile.calls).toBe(3);
    remembering('a:1;', '.x');
    expect(compile.calls).toBe(4);
  });
});
