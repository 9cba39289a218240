import Head from 'next/head';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ReaderScreen } from '@/components/reader/ReaderScreen';
import { storedUser } from '@/lib/browser-storage';
import { getDownload, isDownloadExpired, offlinePageAddress, offlineTextAddress, removeDownload, type OfflineIssue } from '@/lib/offline';
import type { ReaderIssue } from '@/lib/wire';
import { theme } from '@/styles/theme';

/** A download as the reader takes an issue: its pictures at their stored addresses (one scale, the screen's). */
function readerIssueOf(download: OfflineIssue): ReaderIssue {
  return {
    issueId: download.issueId,
    mid: download.mid,
    magName: download.magName,
    issueName: download.issueName,
    issueDate: download.issueDate,
    lang: download.lang,
    pageCount: download.pageCount,
    pages: download.pages.map((page) => {
      const address = offlinePageAddress(download.issueId, page.pageNo);
      return { ...page, src: [address, address, address] };
    }),
    lastPage: null,
    expiresAt: Math.floor(download.expiresAt / 1000),
  };
}

type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'expired' } | { kind: 'ready'; issue: ReaderIssue; offline: { textAddress(pageNo: number): string } };

/**
 * The reader over a download kept in this browser (issue 32), with no connection needed. An expired download (7 days
 * without renewal, or past the membership's end) is refused and removed; the service worker refuses its files too.
 */
export function OfflineReader({ issueId }: { issueId: number }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    void (async () => {
      const download = await getDownload(issueId).catch(() => null);
      const member = storedUser()?.uid ?? 0;
      let next: State;
      if (!download || (member && download.userId !== member)) next = { kind: 'missing' };
      else if (isDownloadExpired(download, Date.now())) {
        await removeDownload(issueId).catch(() => undefined);
        next = { kind: 'expired' };
      } else next = { kind: 'ready', issue: readerIssueOf(download), offline: { textAddress: (pageNo) => offlineTextAddress(issueId, pageNo) } };
      if (live) setState(next);
    })();
    return () => {
      live = false;
    };
  }, [issueId]);

  if (state.kind === 'ready') return <ReaderScreen code="" issue={state.issue} offline={state.offline} />;
  return (
    <Refused>
      <Head>
        <title>Offline reading | Library Reader</title>
      </Head>
      {state.kind === 'loading' ? (
        <p role="status">Opening the downloaded issue…</p>
      ) : (
        <>
          <h1>{state.kind === 'expired' ? 'This download has expired' : 'This issue is not downloaded'}</h1>
          <p>
            {state.kind === 'expired'
              ? 'Downloads open for 7 days unless renewed online, and not after your membership ends. Connect to the internet and download the issue again from its page.'
              : 'Issues you download from their page can be read here with no connection.'}
          </p>
          <p>
            {/* A full load: the service worker answers it with no connection, where a client route change would fail. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/offline">Your offline issues</a>
          </p>
        </>
      )}
    </Refused>
  );
}

const Refused = styled.main`
  max-width: 40rem;
  margin: 0 auto;
  padding: ${theme.spacing.xxl} ${theme.spacing.lg};

  a {
    color: ${theme.colors.brand};
  }
`;
