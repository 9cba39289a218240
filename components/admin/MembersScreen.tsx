import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { useMembers } from '@/hooks/useAdmin';
import { addMember, commitMemberImport, deleteMember, endMembership, previewMemberImport, setMemberEndDate, type ImportReport } from '@/services/admin';
import type { MemberRow } from '@/lib/wire';
import { errorText, Heading, Input, Label, ListState, Page, Pager, Row, SearchForm, Section, SmallButton, Status, SubHeading, Table, TableWrap } from './parts';

const date = (iso: string) => iso.slice(0, 10);

/** /admin/libraries/{id}/members: find, add, change end dates, end, delete; import from CSV with a preview. */
export function MembersScreen({ libraryId, libraryName }: { libraryId: number; libraryName: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const { data, error, isLoading } = useMembers(libraryId, search, page);
  const { mutate } = useSWRConfig();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const refresh = () => mutate((key) => typeof key === 'string' && key.startsWith(`/api/admin/libraries/${libraryId}/members`));

  async function act(run: () => Promise<unknown>, done: string) {
    setNotice(null);
    try {
      await run();
      setNotice({ text: done, error: false });
      await refresh();
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }

  return (
    <Page>
      <Heading>Members of {libraryName}</Heading>
      <Section aria-labelledby="find-members">
        <SubHeading id="find-members">Find members</SubHeading>
        <SearchForm
          label="Name, email, mobile or card number"
          onSearch={(text) => {
            setPage(0);
            setSearch(text);
          }}
        />
        {notice ? <Status role={notice.error ? 'alert' : 'status'} $error={notice.error}>{notice.text}</Status> : null}
        <ListState loading={isLoading && !data} error={error} empty={data?.members.length === 0}>
          {data ? (
            <>
              <TableWrap>
                <Table>
                  <caption className="visually-hidden">Members found</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Email or mobile</th>
                      <th scope="col">Membership ends</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.members.map((member) => (
                      <MemberLine key={member.userId} member={member} libraryId={libraryId} act={act} />
                    ))}
                  </tbody>
                </Table>
              </TableWrap>
              <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Members" />
            </>
          ) : null}
        </ListState>
      </Section>
      <AddMember libraryId={libraryId} act={act} />
      <ImportMembers libraryId={libraryId} onDone={refresh} />
    </Page>
  );
}

function MemberLine({ member, libraryId, act }: { member: MemberRow; libraryId: number; act: (run: () => Promise<unknown>, done: string) => Promise<void> }) {
  const [endDate, setEndDate] = useState(date(member.expiresAt));
  const name = `${member.firstName} ${member.lastName}`.trim() || '(no name)';
  return (
    <tr>
      <td>{name}</td>
      <td>{member.email ?? member.mobile ?? '(library card)'}</td>
      <td>
        {date(member.expiresAt)} {member.active ? '' : '(ended)'}
      </td>
      <td>
        <Row>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void act(() => setMemberEndDate(libraryId, member.userId, endDate), `${name}'s membership now ends on ${endDate}.`);
            }}
          >
            <Row>
              <Label>
                New end date<span className="visually-hidden"> for {name}</span>
                <Input type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} required />
              </Label>
              <SmallButton type="submit">Change</SmallButton>
            </Row>
          </form>
          <SmallButton type="button" onClick={() => void act(() => endMembership(libraryId, member.userId), `${name}'s membership has ended.`)} disabled={!member.active}>
            End membership<span className="visually-hidden"> of {name}</span>
          </SmallButton>
          <SmallButton
            type="button"
            $danger
            onClick={() => {
              if (window.confirm(`Delete ${name}'s account and everything tied to it? This cannot be undone.`)) {
                void act(() => deleteMember(libraryId, member.userId), `${name}'s account was deleted.`);
              }
            }}
          >
            Delete<span className="visually-hidden"> {name}</span>
          </SmallButton>
        </Row>
      </td>
    </tr>
  );
}

function AddMember({ libraryId, act }: { libraryId: number; act: (run: () => Promise<unknown>, done: string) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [endDate, setEndDate] = useState('');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await act(
      () => addMember(libraryId, { email: email || undefined, cardNumber: cardNumber || undefined, firstName, lastName, endDate }),
      `${email || cardNumber} was added.`,
    );
  }
  return (
    <Section aria-labelledby="add-member">
      <SubHeading id="add-member">Add a member</SubHeading>
      <form onSubmit={(event) => void onSubmit(event)}>
        <Row>
          <Label>
            Email
            <Input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
          </Label>
          <Label>
            or card number
            <Input value={cardNumber} onChange={(event) => setCardNumber(event.target.value)} autoComplete="off" />
          </Label>
          <Label>
            First name
            <Input value={firstName} onChange={(event) => setFirstName(event.target.value)} />
          </Label>
          <Label>
            Last name
            <Input value={lastName} onChange={(event) => setLastName(event.target.value)} />
          </Label>
          <Label>
            Membership ends
            <Input type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} required />
          </Label>
          <SmallButton type="submit">Add member</SmallButton>
        </Row>
      </form>
    </Section>
  );
}

function ImportMembers({ libraryId, onDone }: { libraryId: number; onDone: () => Promise<unknown> }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [state, setState] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(step: () => Promise<void>) {
    setBusy(true);
    setState(null);
    try {
      await step();
    } catch (failure) {
      setState({ text: errorText(failure), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section aria-labelledby="import-members">
      <SubHeading id="import-members">Import members from a CSV file</SubHeading>
      <p>Columns: email or card number, name, end_date (YYYY-MM-DD). You see what will happen to each row before anything is saved.</p>
      <Row>
        <Label>
          CSV file
          <Input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const file = event.target.files?.[0];
              setReport(null);
              setState(null);
              if (!file) return;
              setFileName(file.name);
              void file.text().then(setCsv);
            }}
          />
        </Label>
        <SmallButton type="button" disabled={!csv || busy} onClick={() => void run(async () => setReport(await previewMemberImport(libraryId, csv!)))}>
          Preview
        </SmallButton>
      </Row>
      {busy ? <Status role="status">Working…</Status> : null}
      {state ? <Status role={state.error ? 'alert' : 'status'} $error={state.error}>{state.text}</Status> : null}
      {report ? (
        <div>
          <Status role="status">
            {fileName}: {report.summary.add} to add, {report.summary.change} to change, {report.summary.unchanged} unchanged, {report.summary.refuse} refused.
          </Status>
          <TableWrap>
            <Table>
              <caption className="visually-hidden">What the import will do, row by row</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Member</th>
                  <th scope="col">End date</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.slice(0, 500).map((row) => (
                  <tr key={row.line}>
                    <td>{row.line}</td>
                    <td>{row.identifier || '—'}</td>
                    <td>{row.endDate}</td>
                    <td>{row.outcome}</td>
                    <td>{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
          {report.rows.length > 500 ? <Status>The first 500 of {report.rows.length} rows are shown.</Status> : null}
          <Row>
            <SmallButton
              type="button"
              disabled={busy || report.summary.add + report.summary.change === 0}
              onClick={() =>
                void run(async () => {
                  const done = await commitMemberImport(libraryId, csv!);
                  setReport(null);
                  setCsv(null);
                  setState({ text: `Imported: ${done.summary.add} added, ${done.summary.change} changed, ${done.summary.refuse} refused.`, error: false });
                  await onDone();
                })
              }
            >
              Import
            </SmallButton>
            <SmallButton
              type="button"
              onClick={() => {
                setReport(null);
                setState({ text: 'Import cancelled: nothing was saved.', error: false });
              }}
            >
              Cancel
            </SmallButton>
          </Row>
        </div>
      ) : null}
    </Section>
  );
}
