/**
 * @jest-environment node
 */
import type { AppType } from 'next/app';
import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import styled from 'styled-components';
import AppDocument from '@/pages/_document';

// Taken from the document itself: importing next/document outside _document is linted against.
type DocumentContext = Parameters<typeof AppDocument.getInitialProps>[0];
type DocumentInitialProps = Awaited<ReturnType<typeof AppDocument.getInitialProps>>;

const Box = styled.div`
  color: rebeccapurple;
`;

const App = (() => <Box>Hello</Box>) as unknown as AppType;

/** Just enough of the context Next.js hands `_document`: the page render goes through `enhanceApp`. */
function contextWith(headers: Record<string, string>): DocumentContext {
  const ctx = {
    req: { headers },
    renderPage: async (options?: { enhanceApp?: (app: AppType) => AppType }) => {
      const Enhanced = options?.enhanceApp ? options.enhanceApp(App) : App;
      const Component = Enhanced as unknown as (props: object) => ReactElement;
      return { html: renderToString(<Component />) };
    },
    defaultGetInitialProps: async (context: DocumentContext): Promise<DocumentInitialProps> => {
      const page = await context.renderPage();
      return { ...page, styles: [] };
    },
  };
  return ctx as unknown as DocumentContext;
}

describe('_document', () => {
  it('collects the styled-components CSS of the rendered page into the document styles', async () => {
    const props = await AppDocument.getInitialProps(contextWith({}));
    const styles = renderToStaticMarkup(<>{props.styles as ReactElement}</>);
    expect(props.html).toContain('Hello');
    expect(styles).toMatch(/<style[^>]*data-styled[^>]*>.*color:rebeccapurple/s);
    expect(styles).not.toContain('nonce');
  });

  it('puts the x-nonce request header on the style tag and passes it on', async () => {
    const props = await AppDocument.getInitialProps(contextWith({ 'x-nonce': 'abc123DEF456+/==' }));
    const styles = renderToStaticMarkup(<>{props.styles as ReactElement}</>);
    expect(styles).toMatch(/<style[^>]*nonce="abc123DEF456\+\/=="/);
    expect(props.nonce).toBe('abc123DEF456+/==');
  });

  it('ignores a nonce header that is not base64', async () => {
    const props = await AppDocument.getInitialProps(contextWith({ 'x-nonce': '"><script>' }));
    expect(props.nonce).toBeUndefined();
  });
});
