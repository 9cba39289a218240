import type { NextPage } from 'next';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ServiceUnavailable } from '@/components/shell/ServiceUnavailable';
import type { SiteLayoutProps } from '@/components/shell/siteLayout';
import { RouteSkeleton, skeletonKindForPath } from '@/components/ui/Skeleton';
import { SITE_DESCRIPTION } from '@/lib/constants';
import { GlobalStyle } from '@/styles/global';
import '@/styles/fonts.css';
import { theme } from '@/styles/theme';

export type PageWithLayout<P = object> = NextPage<P> & {
  /**
   * Wraps the page; the layout stays mounted between routes that share it. Screens take `siteLayout`
   * (components/shell/siteLayout.tsx: header, sidebar, SWR); a page without one is shown bare.
   */
  getLayout?: (page: ReactElement, props: P) => ReactNode;
};

interface CommonPageProps extends SiteLayoutProps {
  unavailable?: true;
}

/** Shows the skeleton of the route being opened while its server data loads. */
function useRouteLoading(): string | null {
  const router = useRouter();
  const [loadingPath, setLoadingPath] = useState<string | null>(null);
  useEffect(() => {
    const start = (url: string, { shallow }: { shallow: boolean }) => {
      if (!shallow && url.split('?')[0] !== router.asPath.split('?')[0]) setLoadingPath(url);
    };
    const done = () => setLoadingPath(null);
    router.events.on('routeChangeStart', start);
    router.events.on('routeChangeComplete', done);
    router.events.on('routeChangeError', done);
    return () => {
      router.events.off('routeChangeStart', start);
      router.events.off('routeChangeComplete', done);
      router.events.off('routeChangeError', done);
    };
  }, [router]);
  return loadingPath;
}

export default function App({ Component, pageProps }: AppProps<CommonPageProps>) {
  const page = Component as PageWithLayout<CommonPageProps>;
  const loadingPath = useRouteLoading();
  const content = pageProps.unavailable ? (
    <ServiceUnavailable />
  ) : loadingPath ? (
    <RouteSkeleton kind={skeletonKindForPath(loadingPath)} />
  ) : (
    <Component {...pageProps} />
  );
  const layout = page.getLayout ?? ((child: ReactElement) => child);
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={SITE_DESCRIPTION} />
        <title>Library Reader</title>
      </Head>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {layout(content, pageProps)}
      </ThemeProvider>
    </>
  );
}
