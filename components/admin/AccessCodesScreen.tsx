import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { useAccessCodes, useAccessCodeUses } from '@/hooks/useAdmin';
import { createAccessCode, revokeAccessCode } from '@/services/admin';
import { errorText, Heading, Input, Label, ListState, Page, Pager, Row, Section, SmallButton, Status, SubHeading, Table, TableWrap } from './parts';

/** /admin/libraries/{id}/access-codes: create codes with an expiry and a use limit, see their uses, revoke. */
export function AccessCodesScreen({ libraryId, libraryName }: { libraryId: number; libraryName: string }) {
  const [page, setPage] = useState(0);
  const { data, error, isLoading } = useAccessCodes(libraryId, page);
  const { mutate } = useSWRConfig();
  const [shown, setShown] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [form, setForm] = useState({ code: '', days: '365', useLimit: '1', expiresOn: '' });
  const refresh = () => mutate((key) => typeof key === 'string' && key.startsWith(`/api/admin/libraries/${libraryId}/access-codes`));

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    try {
      const code = await createAccessCode(libraryId, { code: form.code || undefined, days: Number(form.days), useLimit: Number(form.useLimit), expiresOn: form.expiresOn || undefined });
      setNotice({ text: `Access code ${code.code} was created.`, error: false });
      await refresh();
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }

  async function onRevoke(codeId: number, code: string) {
    setNotice(null);
    try {
      await revokeAccessCode(libraryId, codeId);
      setNotice({ text: `${code} is revoked: no one can use it now.`, error: false });
      await refresh();
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }

  return (
    <Page>
      <Heading>Access codes of {libraryName}</Heading>
      <Section aria-labelledby="new-code">
        <SubHeading id="new-code">Create a code</SubHeading>
        <form onSubmit={(event) => void onCreate(event)}>
          <Row>
            <Label>
              Code (leave empty to make one up)
              <Input value={form.code} onChange={(event) => setForm({ ...form, code: event.target.value })} maxLength={40} />
            </Label>
            <Label>
              Days of membership it gives
              <Input type="number" min={1} max={3650} value={form.days} onChange={(event) => setForm({ ...form, days: event.target.value })} required />
            </Label>
            <Label>
              Uses allowed
              <Input type="number" min={1} value={form.useLimit} onChange={(event) => setForm({ ...form, useLimit: event.target.value })} required />
            </Label>
            <Label>
              Expires on (optional)
              <Input type="date" value={form.expiresOn} onChange={(event) => setForm({ ...form, expiresOn: event.target.value })} />
            </Label>
            <SmallButton type="submit">Create code</SmallButton>
          </Row>
        </form>
        {notice ? <Status role={notice.error ? 'alert' : 'status'} $error={notice.error}>{notice.text}</Status> : null}
      </Section>
      <Section aria-labelledby="codes">
        <SubHeading id="codes">Codes</SubHeading>
        <ListState loading={isLoading && !data} error={error} empty={data?.codes.length === 0}>
          {data ? (
            <>
              <TableWrap>
                <Table>
                  <caption className="visually-hidden">Access codes</caption>
                  <thead>
                    <tr>
                      <th scope="col">Code</th>
                      <th scope="col">Used</th>
                      <th scope="col">Expires</th>
                      <th scope="col">State</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.codes.map((code) => (
                      <tr key={code.id}>
                        <td>
                          <code>{code.code}</code>
                        </td>
                        <td>
                          {code.uses} of {code.useLimit ?? `${code.uses + code.usesLeft}`}
                        </td>
                        <td>{code.expiresAt ? code.expiresAt.slice(0, 10) : 'never'}</td>
                        <td>{code.revokedAt ? 'revoked' : code.usesLeft > 0 ? 'open' : 'used up'}</td>
                        <td>
                          <Row>
                            <SmallButton type="button" onClick={() => setShown(shown === code.id ? null : code.id)} aria-expanded={shown === code.id}>
                              Uses<span className="visually-hidden"> of {code.code}</span>
                            </SmallButton>
                            {code.revokedAt ? null : (
                              <SmallButton type="button" $danger onClick={() => void onRevoke(code.id, code.code)}>
                                Revoke<span className="visually-hidden"> {code.code}</span>
                              </SmallButton>
                            )}
                          </Row>
                          {shown === code.id ? <CodeUses libraryId={libraryId} codeId={code.id} /> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableWrap>
              <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Access codes" />
            </>
          ) : null}
        </ListState>
      </Section>
    </Page>
  );
}

function CodeUses({ libraryId, codeId }: { libraryId: number; codeId: number }) {
  const { data, error, isLoading } = useAccessCodeUses(libraryId, codeId);
  return (
    <ListState loading={isLoading} error={error} empty={data?.uses.length === 0}>
      <ul>
        {data?.uses.map((use, index) => (
          <li key={index}>
            {use.usedAt.slice(0, 16).replace('T', ' ')}: {use.email ?? (`${use.firstName ?? ''} ${use.lastName ?? ''}`.trim() || 'a deleted account')}
          </li>
        ))}
      </ul>
    </ListState>
  );
}
