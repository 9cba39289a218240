import type { NextPage } from 'next';
import type { AppProps } from 'next/app';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { SiteLayoutProps } from '@/components/shell/siteLayout';
import { GlobalStyle } from '@/styles/global';
import '@/styles/fonts.css';
import { theme } from '@/styles/theme';

export type PageWithLayout<P = object> = NextPage<P> & {
  /**
   * Wraps the page; the layout stays mounted between routes that share it. Screens take `siteLayout`
   * (components/shell/siteLayout.tsx: header and sidebar); a page without one is shown bare.
   */
  getLayout?: (page: ReactElement, props: P) => ReactNode;
};

interface CommonPageProps extends SiteLayoutProps {
  unavailable?: true;
}

// Drawn on the server for a page whose database is down (it answers 503); its code loads with such a page only.
const ServiceUnavailable = dynamic(() => import('@/components/shell/ServiceUnavailable').then((module) => module.ServiceUnavailable));

type Skeletons = typeof import('@/components/ui/Skeleton');
let skeletons: Promise<Skeletons> | null = null;
// The route skeletons show only between routes, so their code loads with the first route change, not with the page.
const loadSkeletons = () => (skeletons ??= import('@/components/ui/Skeleton'));

/** The skeleton of the route being opened while its server data loads (the page stays until the skeleton's code is in). */
function useRouteSkeleton(): ReactElement | null {
  const router = useRouter();
  const [loadingPath, setLoadingPath] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Skeletons | null>(null);
  useEffect(() => {
    const start = (url: string, { shallow }: { shallow: boolean }) => {
      if (shallow || url.split('?')[0] === router.asPath.split('?')[0]) return;
      setLoadingPath(url);
      void loadSkeletons().then(setLoaded);
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
  return loadingPath && loaded ? <loaded.RouteSkeleton kind={loaded.skeletonKindForPath(loadingPath)} /> : null;
}

/**
 * Registers the service worker (public/sw.js: the offline frame and downloaded issues, issue 32) once the page has
 * loaded, so it never competes with the page's own requests. Production builds only: in development it would keep
 * stale build files.
 */
function useServiceWorker(): void {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return undefined;
    const register = () => {
      navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
}

export default function App({ Component, pageProps }: AppProps<CommonPageProps>) {
  const page = Component as PageWithLayout<CommonPageProps>;
  const skeleton = useRouteSkeleton();
  useServiceWorker();
  const content = pageProps.unavailable ? <ServiceUnavailable /> : (skeleton ?? <Component {...pageProps} />);
  const layout = page.getLayout ?? ((child: ReactElement) => child);
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Library Reader</title>
      </Head>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {layout(content, pageProps)}
      </ThemeProvider>
    </>
  );
}
