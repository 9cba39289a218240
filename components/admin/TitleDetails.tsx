import { Fragment, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { useIssues } from '@/hooks/useAdmin';
import { correctIssue, correctTitle, issueOriginalUrl, redrawIssue, setIssueWithdrawn, type IssueRow, type TitleRow } from '@/services/admin';
import { errorText, Input, Label, ListState, Pager, Row, Section, SmallButton, Status, SubHeading, Table, TableWrap, Warning } from './parts';

/**
 * One title chosen on /admin/content: its metadata to correct, and its issues, each to correct, withdraw or restore,
 * draw again from its original PDF, or download that PDF. Loaded when a title is chosen (ContentScreen).
 */
export function TitleDetails({ title, onSaved }: { title: TitleRow; onSaved(saved: TitleRow): void }) {
  return (
    <>
      <TitleForm key={title.id} title={title} onSaved={onSaved} />
      <IssuesOf title={title} />
    </>
  );
}

function IssuesOf({ title }: { title: TitleRow }) {
  const [page, setPage] = useState(0);
  const issues = useIssues(title.id, page);
  const { mutate } = useSWRConfig();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  async function toggle(issueId: number, name: string, withdraw: boolean) {
    setNotice(null);
    try {
      await setIssueWithdrawn(issueId, withdraw);
      setNotice({ text: withdraw ? `${name} is withdrawn: members no longer see it.` : `${name} is back for members.`, error: false });
      await mutate((key) => typeof key === 'string' && key.startsWith(`/api/admin/titles/${title.id}/issues`));
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }
  async function redraw(issueId: number, name: string) {
    setNotice(null);
    try {
      await redrawIssue(issueId);
      setNotice({ text: `${name}: its pages are being drawn again from the original. Members keep reading it meanwhile.`, error: false });
      await mutate((key) => typeof key === 'string' && key.startsWith(`/api/admin/titles/${title.id}/issues`));
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }
  return (
    <Section aria-labelledby="title-issues">
      <SubHeading id="title-issues">Issues of {title.name}</SubHeading>
      {notice ? <Status role={notice.error ? 'alert' : 'status'} $error={notice.error}>{notice.text}</Status> : null}
      <ListState loading={issues.isLoading && !issues.data} error={issues.error} empty={issues.data?.issues.length === 0}>
        {issues.data ? (
          <>
            <TableWrap>
              <Table>
                <caption className="visually-hidden">Issues</caption>
                <thead>
                  <tr>
                    <th scope="col">Issue</th>
                    <th scope="col">Date</th>
                    <th scope="col">Shown</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {issues.data.issues.map((issue) => (
                    <Fragment key={issue.id}>
                      <tr>
                        <td>{issue.name}</td>
                        <td>
                          {issue.issueDate}
                          {issue.dateNote ? <Warning>{issue.dateNote}</Warning> : null}
                        </td>
                        <td>
                          {issue.withdrawnAt ? `Withdrawn ${issue.withdrawnAt.slice(0, 10)}` : 'Yes'}
                          {issue.pagesDrawn !== null ? <Warning>{`Still drawing: ${issue.pagesDrawn} of ${issue.pageCount} pages drawn (the rest are drawn when first read)`}</Warning> : null}
                        </td>
                        <td>
                          {issue.withdrawnAt ? (
                            <SmallButton type="button" onClick={() => void toggle(issue.id, issue.name, false)}>
                              Restore<span className="visually-hidden"> {issue.name}</span>
                            </SmallButton>
                          ) : (
                            <SmallButton type="button" $danger onClick={() => void toggle(issue.id, issue.name, true)}>
                              Withdraw<span className="visually-hidden"> {issue.name}</span>
                            </SmallButton>
                          )}{' '}
                          <SmallButton type="button" aria-expanded={editing === issue.id} onClick={() => setEditing(editing === issue.id ? null : issue.id)}>
                            Correct<span className="visually-hidden"> {issue.name}</span>
                          </SmallButton>
                          {issue.hasOriginal ? (
                            <>
                              {' '}
                              <SmallButton type="button" disabled={issue.pagesDrawn !== null} onClick={() => void redraw(issue.id, issue.name)}>
                                Redraw pages<span className="visually-hidden"> of {issue.name}</span>
                              </SmallButton>{' '}
                              <a href={issueOriginalUrl(issue.id)} download>
                                Original PDF<span className="visually-hidden"> of {issue.name}</span>
                              </a>
                            </>
                          ) : null}
                        </td>
                      </tr>
                      {editing === issue.id ? (
                        <tr>
                          <td colSpan={4}>
                            <IssueForm
                              issue={issue}
                              onDone={(text) => {
                                setEditing(null);
                                setNotice({ text, error: false });
                                void mutate((key) => typeof key === 'string' && key.startsWith(`/api/admin/titles/${title.id}/issues`));
                              }}
                            />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  ))}
                </tbody>
              </Table>
            </TableWrap>
            <Pager page={page} pageSize={issues.data.pageSize} total={issues.data.total} onPage={setPage} label="Issues" />
          </>
        ) : null}
      </ListState>
    </Section>
  );
}

/** The server's field-named refusal, shown beside the form. */
function useSaveState() {
  const [state, setState] = useState<{ text: string; error: boolean } | null>(null);
  return {
    state,
    saved: (text: string) => setState({ text, error: false }),
    failed: (failure: unknown) => setState({ text: errorText(failure), error: true }),
    clear: () => setState(null),
  };
}

function TitleForm({ title, onSaved }: { title: TitleRow; onSaved(saved: TitleRow): void }) {
  const [form, setForm] = useState({ name: title.name, publisher: title.publisher, issn: title.issn ?? '', onlineIssn: title.onlineIssn ?? '', ageRating: String(title.ageRating) });
  const save = useSaveState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    save.clear();
    try {
      const saved = await correctTitle(title.id, { name: form.name, publisher: form.publisher, issn: form.issn.trim() || null, onlineIssn: form.onlineIssn.trim() || null, ageRating: Number(form.ageRating) });
      save.saved(`${saved.name} is saved.`);
      onSaved(saved);
    } catch (failure) {
      save.failed(failure);
    }
  }
  return (
    <Section aria-labelledby="correct-title">
      <SubHeading id="correct-title">Correct {title.name}</SubHeading>
      <form onSubmit={(event) => void submit(event)}>
        <Row>
          <Label>
            Name
            <Input value={form.name} required maxLength={200} onChange={(event) => setForm({ ...form, name: event.target.value })} />
          </Label>
          <Label>
            Publisher
            <Input value={form.publisher} maxLength={200} onChange={(event) => setForm({ ...form, publisher: event.target.value })} />
          </Label>
          <Label>
            ISSN
            <Input value={form.issn} maxLength={9} size={10} onChange={(event) => setForm({ ...form, issn: event.target.value })} />
          </Label>
          <Label>
            Online ISSN
            <Input value={form.onlineIssn} maxLength={9} size={10} onChange={(event) => setForm({ ...form, onlineIssn: event.target.value })} />
          </Label>
          <Label>
            Age rating (1–9)
            <Input type="number" min={1} max={9} value={form.ageRating} onChange={(event) => setForm({ ...form, ageRating: event.target.value })} />
          </Label>
          <SmallButton type="submit">Save title</SmallButton>
        </Row>
        {save.state ? (
          <Status role={save.state.error ? 'alert' : 'status'} $error={save.state.error}>
            {save.state.text}
          </Status>
        ) : null}
      </form>
    </Section>
  );
}

function IssueForm({ issue, onDone }: { issue: IssueRow; onDone(text: string): void }) {
  const [form, setForm] = useState({ name: issue.name, issueDate: issue.issueDate, issueNumber: issue.issueNumber ?? '', isSpecial: issue.isSpecial });
  const save = useSaveState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    save.clear();
    try {
      const saved = await correctIssue(issue.id, { name: form.name, issueDate: form.issueDate, issueNumber: form.issueNumber.trim() || null, isSpecial: form.isSpecial });
      onDone(`${saved.name} is saved.`);
    } catch (failure) {
      save.failed(failure);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={`Correct ${issue.name}`}>
      <Row>
        <Label>
          Issue name
          <Input value={form.name} required maxLength={200} onChange={(event) => setForm({ ...form, name: event.target.value })} />
        </Label>
        <Label>
          Date
          <Input
            type="date"
            value={form.issueDate}
            required
            aria-describedby={issue.dateNote ? `issue-${issue.id}-date-check` : undefined}
            onChange={(event) => setForm({ ...form, issueDate: event.target.value })}
          />
          {issue.dateNote ? <Warning id={`issue-${issue.id}-date-check`}>{issue.dateNote}: saving the issue marks it checked</Warning> : null}
        </Label>
        <Label>
          Number
          <Input value={form.issueNumber} maxLength={40} size={8} onChange={(event) => setForm({ ...form, issueNumber: event.target.value })} />
        </Label>
        <label>
          <input type="checkbox" checked={form.isSpecial} onChange={(event) => setForm({ ...form, isSpecial: event.target.checked })} /> Special issue
        </label>
        <SmallButton type="submit">Save issue</SmallButton>
      </Row>
      {save.state ? (
        <Status role="alert" $error>
          {save.state.text}
        </Status>
      ) : null}
    </form>
  );
}
