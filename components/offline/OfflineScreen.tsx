import dynamic from 'next/dynamic';
import Head from 'next/head';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { theme } from '@/styles/theme';
import { OfflineDownloads } from './OfflineDownloads';

// The reader loads when an issue is opened, not with the list (the service worker keeps its files with the screen's).
const OfflineReader = dynamic(() => import('./OfflineReader').then((module) => module.OfflineReader), { ssr: false });

/**
 * The issue the address names: /offline?issue={id}, or a reader address (/reader/{code}/{issue}) the service worker
 * answered with this screen because there was no connection.
 */
function issueFromAddress(pathname: string, search: string): number | null {
  const reader = /^\/reader\/[^/]+\/(\d+)$/.exec(pathname);
  const raw = pathname === '/offline' ? new URLSearchParams(search).get('issue') : reader?.[1];
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /offline (issue 32): the same page for everyone, kept by the service worker and shown in place of any page that
 * cannot load without a connection. It names the lost connection, offers to try again, and lists the issues this
 * browser keeps; with an issue in the address it is that issue's offline reader.
 */
export function OfflineScreen() {
  const [place, setPlace] = useState<{ issueId: number | null; online: boolean; here: boolean } | null>(null);

  useEffect(() => {
    const read = () =>
      setPlace({
        issueId: issueFromAddress(window.location.pathname, window.location.search),
        online: navigator.onLine,
        here: window.location.pathname === '/offline',
      });
    read();
    window.addEventListener('online', read);
    window.addEventListener('offline', read);
    return () => {
      window.removeEventListener('online', read);
      window.removeEventListener('offline', read);
    };
  }, []);

  if (place?.issueId) return <OfflineReader issueId={place.issueId} />;
  const lost = place !== null && (!place.online || !place.here);
  return (
    <Main>
      <Head>
        <title>{lost ? 'You are offline | Library Reader' : 'Offline issues | Library Reader'}</title>
      </Head>
      <h1>{lost ? 'You are offline' : 'Offline issues'}</h1>
      {lost ? (
        <>
          <p>This page needs a connection. The issues you downloaded can still be read below.</p>
          <Button type="button" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </>
      ) : (
        <p>Issues you download from their page are kept in this browser and can be read here with no connection.</p>
      )}
      {place ? <OfflineDownloads /> : null}
      <p>
        {/* A full load: with no connection the service worker answers it with this screen again. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/">Home</a>
      </p>
    </Main>
  );
}

const Main = styled.main`
  max-width: 48rem;
  margin: 0 auto;
  padding: ${theme.spacing.xxl} ${theme.spacing.lg};
  font-family: ${theme.fonts.body};

  h1 {
    margin-top: 0;
  }

  a {
    color: ${theme.colors.brand};
  }
`;
