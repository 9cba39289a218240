import Head from 'next/head';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { counterKeysUrl, createCounterKey, listCounterKeys, revokeCounterKey } from '@/services/usage';
import { errorText, Heading, Hint, Input, Label, ListState, Page, Row, Section, SmallButton, Status, SubHeading, Table, TableWrap } from '../parts';

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

/**
 * /admin/libraries/{id}/counter-keys: the library's credentials for the COUNTER API (/r51), one per harvester. A new
 * key is shown once; the list has requestor ids, never keys; a revoked key stops working at once.
 */
export function CounterKeysScreen({ libraryId, libraryName, origin }: { libraryId: number; libraryName: string; origin: string }) {
  const { data, error, isLoading, mutate } = useSWR(counterKeysUrl(libraryId), () => listCounterKeys(libraryId));
  const [form, setForm] = useState({ label: '', ipAllowList: '' });
  const [made, setMade] = useState<Made | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setMade(null);
    try {
      const ipAllowList = form.ipAllowList
        .split(/[\s,]+/)
        .map((entry) => entry.trim())
        .filter(Boolean);
      const answer = await createCounterKey(libraryId, { label: form.label, ipAllowList });
      setMade({ label: answer.key.label, customerId: answer.customerId, requestorId: answer.key.requestorId, apiKey: answer.apiKey });
      setForm({ label: '', ipAllowList: '' });
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
            <Label>
              Addresses it may call from (optional)
              <Input value={form.ipAllowList} onChange={(event) => setForm({ ...form, ipAllowList: event.target.value })} aria-describedby="allow-list-hint" />
            </Label>
            <SmallButton type="submit">Make key</SmallButton>
          </Row>
          <Hint id="allow-list-hint">IP addresses or ranges such as 192.0.2.10 or 192.0.2.0/24, separated by spaces or commas. Empty: any address.</Hint>
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
            <TableWrap>
              <Table>
                <caption className="visually-hidden">COUNTER API keys</caption>
                <thead>
                  <tr>
                    <th scope="col">Harvester</th>
                    <th scope="col">Requestor ID</th>
                    <th scope="col">Addresses</th>
                    <th scope="col">Made</th>
                    <th scope="col">Last used</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {data.keys.map((key) => (
                    <tr key={key.id}>
                      <td>{key.label}</td>
                      <td>
                        <code>{key.requestorId}</code>
                      </td>
                      <td>{key.ipAllowList.length > 0 ? key.ipAllowList.join(', ') : 'any'}</td>
                      <td>{when(key.createdAt)}</td>
                      <td>{when(key.lastUsedAt)}</td>
                      <td>
                        {key.revokedAt ? (
                          `revoked ${when(key.revokedAt)}`
                        ) : (
                          <SmallButton type="button" $danger onClick={() => void onRevoke(key.id, key.label)}>
                            Revoke<span className="visually-hidden"> the key “{key.label}”</span>
                          </SmallButton>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableWrap>
          ) : null}
        </ListState>
      </Section>
    </Page>
  );
}
