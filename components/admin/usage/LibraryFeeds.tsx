import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { createFeedKey, feedUrls, listFeedKeys, revokeFeedKey, usageKeys } from '@/services/usage';
import type { FeedKeyView } from '@/lib/wire';
import { errorText, Input, Label, ListState, Row, Section, SmallButton, Status, SubHeading } from '../parts';
import { KeyTable, type KeyColumn } from './KeyTable';

/** The feed keys' columns: what the key is for, its last four characters, and when it was last used. */
const FEED_KEY_COLUMNS: KeyColumn<FeedKeyView>[] = [
  { heading: 'For', cell: (key) => key.label },
  { heading: 'Key ends', cell: (key) => <code>{key.hint}</code> },
  { heading: 'Last used', cell: (key) => (key.lastUsedAt ? key.lastUsedAt.slice(0, 10) : 'Never') },
];

/**
 * A library's records for its other systems: the MARC files (all titles, or the changes since a date) and the feed
 * keys its discovery service and catalogue fetch the KBART list and MARC records with.
 */
export function LibraryFeeds({ libraryId }: { libraryId: number }) {
  const [since, setSince] = useState('');
  const keys = useSWR(usageKeys.feedKeys(libraryId), () => listFeedKeys(libraryId));
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<{ key: string; label: string } | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    try {
      const answer = await createFeedKey(libraryId, label);
      setCreated({ key: answer.key, label: answer.feedKey.label });
      setLabel('');
      await keys.mutate();
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }

  async function onRevoke(keyId: number, keyLabel: string) {
    setNotice(null);
    try {
      await revokeFeedKey(libraryId, keyId);
      setNotice({ text: `The key “${keyLabel}” is revoked: fetches with it are refused now.`, error: false });
      await keys.mutate();
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }

  const urls = created ? feedUrls(origin, libraryId, created.key) : null;
  return (
    <>
      <Section aria-labelledby="marc-records">
        <SubHeading id="marc-records">MARC records</SubHeading>
        <p>One MARC 21 record per title, for the library catalogue.</p>
        <ul>
          <li>
            <a href={usageKeys.marc(libraryId, 'xml')} download>
              Download all titles (MARCXML)
            </a>
          </li>
          <li>
            <a href={usageKeys.marc(libraryId, 'mrc')} download>
              Download all titles (MARC, .mrc)
            </a>
          </li>
        </ul>
        <Row>
          <Label>
            Changes since (new, changed and withdrawn titles)
            <Input type="date" value={since} max={new Date().toISOString().slice(0, 10)} onChange={(event) => setSince(event.target.value)} />
          </Label>
        </Row>
        {since ? (
          <ul>
            <li>
              <a href={usageKeys.marc(libraryId, 'xml', since)} download>{`Download changes since ${since} (MARCXML)`}</a>
            </li>
            <li>
              <a href={usageKeys.marc(libraryId, 'mrc', since)} download>{`Download changes since ${since} (MARC, .mrc)`}</a>
            </li>
          </ul>
        ) : null}
      </Section>

      <Section aria-labelledby="feed-keys">
        <SubHeading id="feed-keys">Feed keys</SubHeading>
        <p>A discovery service or catalogue fetches the KBART title list and the MARC records with a key of its own. Revoke a key when a system no longer needs it.</p>
        <form onSubmit={(event) => void onCreate(event)}>
          <Row>
            <Label>
              Which system the key is for
              <Input value={label} onChange={(event) => setLabel(event.target.value)} maxLength={80} required />
            </Label>
            <SmallButton type="submit">Create key</SmallButton>
          </Row>
        </form>
        {created && urls ? (
          <div role="status">
            <p>{`The key for “${created.label}” is shown this once: copy the addresses now.`}</p>
            <dl>
              <dt>KBART title list</dt>
              <dd>
                <Address>{urls.kbart}</Address>
              </dd>
              <dt>MARC records (MARCXML; add &amp;since=yyyy-mm-dd for changes)</dt>
              <dd>
                <Address>{urls.marcXml}</Address>
              </dd>
              <dt>MARC records (.mrc)</dt>
              <dd>
                <Address>{urls.marc}</Address>
              </dd>
            </dl>
          </div>
        ) : null}
        {notice ? (
          <Status role={notice.error ? 'alert' : 'status'} $error={notice.error}>
            {notice.text}
          </Status>
        ) : null}
        <ListState loading={keys.isLoading && !keys.data} error={keys.error} empty={keys.data?.length === 0}>
          {keys.data ? (
            <KeyTable
              caption="Feed keys"
              columns={FEED_KEY_COLUMNS}
              keys={keys.data}
              onRevoke={(key) => void onRevoke(key.id, key.label)}
              revokeName={(key) => `Revoke ${key.label}`}
              revokedText={(key) => `Revoked ${key.revokedAt!.slice(0, 10)}`}
            />
          ) : null}
        </ListState>
      </Section>
    </>
  );
}

/** A long address breaks anywhere rather than widen the page on a phone. */
const Address = styled.code`
  overflow-wrap: anywhere;
`;
