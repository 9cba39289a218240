import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { useHydrated } from '@/hooks/useHydrated';
import { formatBytes, getDownload, offlineReaderAddress, offlineSupported, removeDownload, storageRoom, type OfflineIssue, type StorageRoom } from '@/lib/offline';
import { theme } from '@/styles/theme';
import { readableUntil, roomSentence } from './OfflineDownloads';

type Phase = { kind: 'idle' } | { kind: 'downloading'; done: number; total: number; bytes: number } | { kind: 'failed'; message: string };

/**
 * Download for offline reading, on an issue's page (issue 32): the storage the browser grants, progress while the
 * pages and texts are stored, a clear error when it fails (nothing is kept), then the download's size and end with
 * Read offline and Remove. Shown to a member whose browser can keep issues.
 */
export function DownloadIssue({ issueId, canRead }: { issueId: number; canRead: boolean }) {
  const hydrated = useHydrated();
  const [storageRefused, setStorageRefused] = useState(false);
  const supported = hydrated && canRead && !storageRefused && offlineSupported();
  const [download, setDownload] = useState<OfflineIssue | null>(null);
  const [room, setRoom] = useState<StorageRoom | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [said, setSaid] = useState('');
  const stop = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!canRead || !offlineSupported()) return undefined;
    void (async () => {
      try {
        setDownload(await getDownload(issueId));
        setRoom(await storageRoom());
      } catch {
        // A browser that refuses its storage (some private windows) cannot keep issues.
        setStorageRefused(true);
      }
    })();
    return () => stop.current?.abort();
  }, [canRead, issueId]);

  if (!supported) return null;

  const start = async () => {
    setSaid('');
    setPhase({ kind: 'downloading', done: 0, total: 0, bytes: 0 });
    stop.current = new AbortController();
    try {
      const { downloadIssue } = await import('@/services/offline');
      const kept = await downloadIssue(issueId, (progress) => setPhase({ kind: 'downloading', ...progress }), stop.current.signal);
      setDownload(kept);
      setPhase({ kind: 'idle' });
      setSaid(`Downloaded: ${kept.pageCount} pages, ${formatBytes(kept.bytes)}. You can read this issue with no connection.`);
    } catch (error) {
      setPhase({ kind: 'failed', message: error instanceof Error && error.name === 'OfflineError' ? error.message : 'The download failed; nothing was kept. Try again.' });
    } finally {
      setRoom(await storageRoom().catch(() => null));
    }
  };

  const remove = async () => {
    await removeDownload(issueId);
    setDownload(null);
    setSaid('The download was removed.');
    setRoom(await storageRoom().catch(() => null));
  };

  return (
    <Box aria-labelledby={`offline-${issueId}`}>
      <h2 id={`offline-${issueId}`}>Offline reading</h2>
      {download ? (
        <>
          <p>
            Downloaded: {formatBytes(download.bytes)}, readable offline until {readableUntil(download.expiresAt)}.
          </p>
          <Row>
            <Button as="a" href={offlineReaderAddress(issueId)}>
              Read offline
            </Button>
            <Button type="button" $variant="secondary" onClick={() => void remove()}>
              Remove download
            </Button>
          </Row>
        </>
      ) : (
        <>
          <Row>
            <Button type="button" $variant="secondary" onClick={() => void start()} disabled={phase.kind === 'downloading'}>
              {phase.kind === 'downloading' ? 'Downloading…' : 'Download for offline reading'}
            </Button>
          </Row>
          {phase.kind === 'downloading' && phase.total > 0 ? (
            <Progress>
              <progress id={`offline-progress-${issueId}`} max={phase.total} value={phase.done} aria-label="Download progress" />
              <span>
                {phase.done} of {phase.total} pages stored ({formatBytes(phase.bytes)})
              </span>
            </Progress>
          ) : null}
          {phase.kind === 'failed' ? <ErrorText role="alert">{phase.message}</ErrorText> : null}
        </>
      )}
      <Muted>{roomSentence(room)} Downloads end after 7 days unless renewed online, and when you log out.</Muted>
      <Status role="status">{said}</Status>
    </Box>
  );
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  margin-top: ${theme.spacing.lg};

  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }

  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.sm};
`;

const Progress = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing.sm};

  progress {
    width: min(240px, 100%);
    accent-color: ${theme.colors.brand};
  }
`;

const Muted = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;

const ErrorText = styled.p`
  color: ${theme.colors.danger};
`;

const Status = styled.p`
  &:empty {
    display: none;
  }
`;
