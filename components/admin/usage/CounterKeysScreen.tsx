import Head from 'next/head';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { counterKeysUrl, createCounterKey, listCounterKeys, revokeCounterKey, type CounterKeyRow } from '@/services/usage';
import { errorText, Heading, Input, Label, ListState, Page, Row, Section, SmallButton, Status, SubHeading } from '../parts';
import { KeyTable, type KeyColumn } from './KeyTable';

/** What a new key's form is left showing: the credentials a harvester needs, the API key this once. */
interface Made {
  label: string;
  customerId: string;
  requestorId: string;
  apiKey: string;
}

function when(at: string | null): string {
  return at ? at.slice(0, 16).replace('T', ' ') : 'never';
}

/** The COUNTER API keys' columns: the harvester, its requestor ID, when the key was made and last used. */
const COUNTER_KEY_COLUMNS: KeyColumn<CounterKeyRow>[] = [
  { heading: 'Harvester', cell: (key) => key.label },
  { heading: 'Requestor ID', cell: (key) => <code>{key.requestorId}</code> },
  { heading: 'Made', cell: (key) => when(key.createdAt) },
  { heading: 'Last used', cell: (key) => when(key.lastUsedAt) },
];

/**
 * /admin/libraries/{id}/counter-keys: the library's credentials for the COUNTER API (/r51), one per harvester. A new
 * key is shown once; the list has requestor ids, never keys; a revoked key stops working at once.
 */
export function CounterKeysScreen({ libraryId, libraryName, origin }: { libraryId: number; libraryName: string; origin: string }) {
  const { data, error, isLoading, mutate } = useSWR(counterKeysUrl(libraryId), () => listCounterKeys(libraryId));
  const [form, setForm] = useState({ label: '' });
  const [made, setMade] = useState<Made | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setMade(null);
    try {
      const answer = await createCounterKey(libraryId, { label: form.label });
      setMade({ label: answer.key.label, customerId: answer.customerId, requestorId: answer.key.requestorId, apiKey: answer.apiKey });
      setForm({ label: '' });
      await mutate();
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }

  async function onRevoke(keyId: number, label: string) {
    setNotice(null);
    try {
      await revokeCounterKey(libraryId, keyId);
      setNotice({ text: `The key “${label}” is revoked: its harvester is refused from now on.`, error: false });
      await mutate();
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }

  return (
    <Page>
      <Head>
        <title>{`COUNTER API keys · ${libraryName} · Library Reader`}</title>
      </Head>
      <Heading>COUNTER API keys of {libraryName}</Heading>
      <p>
        A harvester (an ERM system, Celus, the COUNTER tools) collects this library’s usage reports from the COUNTER API at <code>{`${origin}/r51`}</code> with
        the customer ID <code>{data?.customerId ?? String(libraryId)}</code>, a requestor ID and an API key. Make one key per harvester.
      </p>
      <Section aria-labelledby="new-key">
        <SubHeading id="new-key">Make a key</SubHeading>
        <form onSubmit={(event) => void onCreate(event)}>
          <Row>
            <Label>
              Harvester’s name
              <Input value={form.label} onChange={(event) => setForm({ ...form, label: event.target.value })} maxLength={80} required />
            </Label>
            <SmallButton type="submit">Make key</SmallButton>
          </Row>
        </form>
        {made ? (
          <Status role="status">
            The key “{made.label}” is made. Give the harvester these now: the API key is not shown again.
            <br />
            Customer ID: <code>{made.customerId}</code>
            <br />
            Requestor ID: <code>{made.requestorId}</code>
            <br />
            API key: <code>{made.apiKey}</code>
          </Status>
        ) : null}
        {notice ? (
          <Status role={notice.error ? 'alert' : 'status'} $error={notice.error}>
            {notice.text}
          </Status>
        ) : null}
      </Section>
      <Section aria-labelledby="keys">
        <SubHeading id="keys">Keys</SubHeading>
        <ListState loading={isLoading && !data} error={error} empty={data?.keys.length === 0}>
          {data ? (
            <KeyTable
              caption="COUNTER API keys"
              columns={COUNTER_KEY_COLUMNS}
              keys={data.keys}
              onRevoke={(key) => void onRevoke(key.id, key.label)}
              revokeName={(key) => (
                <>
                  Revoke<span className="visually-hidden"> the key “{key.label}”</span>
                </>
              )}
              revokedText={(key) => `revoked ${when(key.revokedAt)}`}
            />
          ) : null}
        </ListState>
      </Section>
    </Page>
  );
}
