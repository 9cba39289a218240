import fs from 'node:fs';
import path from 'node:path';
import Document, { type DocumentContext, type DocumentInitialProps, Head, Html, Main, NextScript } from 'next/document';
import { ServerStyleSheet } from 'styled-components';
import { buildFolder } from '@/lib/build-folder';
import { SITE_DESCRIPTION } from '@/lib/constants';
import { HELD_SCRIPT_TYPE, HOLD_SCRIPTS_ROUTES, heldScriptsLoader } from '@/lib/held-scripts';
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

type DocumentFiles = Parameters<Head['getCssLinks']>[0];

/**
 * The build's stylesheets by file: only styles/fonts.css's @font-face rules (the rest of the CSS is styled-components',
 * already in the page). Files of the build, which do not change while it runs, so each is read once.
 */
const builtStylesheets = new Map<string, string | null>();

function builtStylesheet(file: string, assetPrefix: string): string | null {
  if (!builtStylesheets.has(file)) {
    let css: string | null = null;
    try {
      css = fs.readFileSync(path.join(process.cwd(), buildFolder(), file), 'utf8');
      // url(../media/x.woff2) is relative to the stylesheet's own address; in the page it must say where it is.
      // A placeholder origin resolves a path-only prefix (none, or /base) and is taken off again; a full address stays.
      const base = new URL(`${assetPrefix}/_next/${path.posix.dirname(file)}/`, 'http://site.invalid');
      css = css.replace(/url\((['"]?)(?![a-z]+:|\/)([^'")]+)\1\)/gi, (_match, quote: string, relative: string) => `url(${quote}${new URL(relative, base).href.replace(/^http:\/\/site\.invalid/, '')}${quote})`);
    } catch {
      css = null;
    }
    builtStylesheets.set(file, css);
  }
  return builtStylesheets.get(file) ?? null;
}

/**
 * The page's stylesheets written into it instead of linked: a linked stylesheet holds the first paint until it
 * arrives, and the reader's first page (its picture already received) waited for the fonts' rules on a busy server.
 * Where a file is not on disk (the development server serves its own), the links are kept.
 */
class InlineStylesheetsHead extends Head {
  getCssLinks(files: DocumentFiles) {
    const assetPrefix = (this.context as { assetPrefix?: string } | undefined)?.assetPrefix ?? '';
    const sheets = files.allFiles.filter((file) => file.endsWith('.css')).map((file) => ({ file, css: builtStylesheet(file, assetPrefix) }));
    if (!sheets.length || sheets.some((sheet) => sheet.css === null)) return super.getCssLinks(files);
    return sheets.map(({ file, css }) => <style key={file} nonce={this.props.nonce} data-n-href={`${assetPrefix}/_next/${file}`} dangerouslySetInnerHTML={{ __html: css ?? '' }} />);
  }

  /** On the reader, whose scripts wait for its first page's picture (lib/held-scripts.ts). */
  private holdsScripts(): boolean {
    const page = (this.context as { __NEXT_DATA__?: { page?: string } } | undefined)?.__NEXT_DATA__?.page;
    return page !== undefined && HOLD_SCRIPTS_ROUTES.has(page);
  }

  getDynamicChunks(files: DocumentFiles) {
    const chunks = super.getDynamicChunks(files);
    return this.holdsScripts() ? chunks.map((chunk) => chunk && held(chunk)) : chunks;
  }

  getScripts(files: DocumentFiles) {
    const scripts = super.getScripts(files);
    if (!this.holdsScripts()) return scripts;
    return [...scripts.map(held), <script key="held-scripts" nonce={this.props.nonce} dangerouslySetInnerHTML={{ __html: heldScriptsLoader(this.props.nonce) }} />];
  }
}

/** A script with an address, written as the inert placeholder that the reader's loader turns back into it. */
function held(element: React.JSX.Element): React.JSX.Element {
  const { src, crossOrigin } = element.props as { src?: string; crossOrigin?: string };
  if (!src) return element;
  return <script key={element.key} type={HELD_SCRIPT_TYPE} data-src={src} data-crossorigin={crossOrigin} />;
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
        <InlineStylesheetsHead nonce={nonce}>
          {/* styled-components reads this to put the nonce on the <style> tags it adds in the browser. */}
          {nonce ? <meta property="csp-nonce" nonce={nonce} /> : null}
          <meta name="robots" content="noindex,nofollow" />
          {/* The same on every page, so it is written here, on the server, and not carried in the app's script. */}
          <meta name="description" content={SITE_DESCRIPTION} />
          {/* Installs as an app (issue 32): the manifest, its colour and the home-screen icon of iOS. */}
          <link rel="manifest" href="/manifest.webmanifest" />
          <meta name="theme-color" content="#B71C1C" />
          <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        </InlineStylesheetsHead>
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
