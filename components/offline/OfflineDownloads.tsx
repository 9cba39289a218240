import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { useHydrated } from '@/hooks/useHydrated';
import { formatBytes, listDownloads, offlineReaderAddress, offlineSupported, removeDownload, storageRoom, type OfflineIssue, type StorageRoom } from '@/lib/offline';
import { theme } from '@/styles/theme';

/** The day and time a download stops opening, in the member's own clock. */
export function readableUntil(expiresAt: number): string {
  return new Date(expiresAt).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function roomSentence(room: StorageRoom | null): string {
  return room
    ? `This browser grants the site ${formatBytes(room.quota)} of storage; ${formatBytes(room.usage)} is in use.`
    : 'This browser does not say how much storage it grants the site.';
}

/**
 * The issues downloaded in this browser (issue 32), each with its size, until when it opens, Read offline and Remove;
 * and the storage the browser grants. Online, downloads a day old are renewed (the server checks the member's right to
 * read again; a refusal removes the download). On the dashboard and the offline screen.
 */
export function OfflineDownloads({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [downloads, setDownloads] = useState<OfflineIssue[] | null>(null);
  const [room, setRoom] = useState<StorageRoom | null>(null);
  const [said, setSaid] = useState('');
  const hydrated = useHydrated();
  const supported = !hydrated || offlineSupported();

  const refresh = useCallback(async () => {
    setDownloads(await listDownloads());
    setRoom(await storageRoom());
  }, []);

  useEffect(() => {
    if (!offlineSupported()) return;
    void (async () => {
      try {
        await refresh();
        if (!navigator.onLine) return;
        const { renewDue } = await import('@/services/offline');
        setDownloads(await renewDue());
      } catch {
        // No storage (a private window may refuse it) or no connection for renewal: the list stays as it was read.
        setDownloads((current) => current ?? []);
      }
    })();
  }, [refresh]);

  const remove = async (download: OfflineIssue) => {
    await removeDownload(download.issueId);
    setSaid(`Removed ${download.magName}, ${download.issueName}.`);
    await refresh();
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Section aria-labelledby="offline-issues-heading">
      <Heading id="offline-issues-heading">Offline issues</Heading>
      {!supported ? (
        <p>This browser cannot keep issues for offline reading.</p>
      ) : (
        <>
          <Muted>{roomSentence(room)}</Muted>
          {downloads === null ? <p>Reading what this browser keeps…</p> : null}
          {downloads?.length === 0 ? <p>No issues downloaded. Open an issue’s page and choose Download for offline reading.</p> : null}
          {downloads?.length ? (
            <List aria-label="Downloaded issues">
              {downloads.map((download) => (
                <li key={download.issueId}>
                  <div>
                    <strong>
                      {download.magName} · {download.issueName}
                    </strong>
                    <Muted>
                      {download.pageCount} pages · {formatBytes(download.bytes)} · readable offline until {readableUntil(download.expiresAt)}
                    </Muted>
                  </div>
                  <Actions>
                    {/* A full load, not a client route change: the offline screen is answered by the service worker. */}
                    <Button as="a" href={offlineReaderAddress(download.issueId)} aria-label={`Read ${download.magName}, ${download.issueName} offline`}>
                      Read offline
                    </Button>
                    <Button type="button" $variant="secondary" onClick={() => void remove(download)} aria-label={`Remove ${download.magName}, ${download.issueName}`}>
                      Remove
                    </Button>
                  </Actions>
                </li>
              ))}
            </List>
          ) : null}
        </>
      )}
      <Status role="status">{said}</Status>
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  margin: ${theme.spacing.xl} 0;
`;

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${theme.spacing.md};
    padding: ${theme.spacing.lg};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.lg};
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.sm};
`;

const Status = styled.p`
  margin: 0;
  &:empty {
    display: none;
  }
`;
