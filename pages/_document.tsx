import Document, { type DocumentContext, type DocumentInitialProps, Head, Html, Main, NextScript } from 'next/document';
import { ServerStyleSheet } from 'styled-components';
import { SITE_DESCRIPTION } from '@/lib/constants';
import { NONCE_HEADER } from '@/lib/security-headers';
import { CollectStyles } from '@/styles/server-styles';

interface AppDocumentProps {
  nonce?: string;
}

// The middleware's nonce is base64; anything else is ignored rather than echoed into the page.
const NONCE_PATTERN = /^[A-Za-z0-9+/_=-]{8,256}$/;

function nonceFrom(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && NONCE_PATTERN.test(value) ? value : undefined;
}

/**
 * Server-renders styled-components' CSS into the page (the Next.js `with-styled-components` pattern, its compiled
 * rules remembered across requests: styles/server-styles.tsx) and puts the
 * request's CSP nonce, made by the middleware and passed in the `x-nonce` request header it sets itself (a value
 * a client sends is overwritten), on every style and script tag it emits.
 */
export default class AppDocument extends Document<AppDocumentProps> {
  static async getInitialProps(ctx: DocumentContext): Promise<DocumentInitialProps & AppDocumentProps> {
    const nonce = nonceFrom(ctx.req?.headers[NONCE_HEADER]);
    const sheet = new ServerStyleSheet({ nonce });
    const originalRenderPage = ctx.renderPage;

    try {
      ctx.renderPage = () =>
        originalRenderPage({
          enhanceApp: (App) => (props) => (
            <CollectStyles sheet={sheet}>
              <App {...props} />
            </CollectStyles>
          ),
        });

      const initialProps = await Document.getInitialProps(ctx);
      return {
        ...initialProps,
        nonce,
        styles: (
          <>
            {initialProps.styles}
            {sheet.getStyleElement()}
          </>
        ),
      };
    } finally {
      sheet.seal();
    }
  }

  render() {
    const { nonce } = this.props;
    return (
      <Html lang="en">
        <Head nonce={nonce}>
          {/* styled-components reads this to put the nonce on the <style> tags it adds in the browser. */}
          {nonce ? <meta property="csp-nonce" nonce={nonce} /> : null}
          <meta name="robots" content="noindex,nofollow" />
          {/* The same on every page, so it is written here, on the server, and not carried in the app's script. */}
          <meta name="description" content={SITE_DESCRIPTION} />
          {/* Installs as an app (issue 32): the manifest, its colour and the home-screen icon of iOS. */}
          <link rel="manifest" href="/manifest.webmanifest" />
          <meta name="theme-color" content="#B71C1C" />
          <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        </Head>
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
