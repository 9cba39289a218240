import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useIssues, useTitles } from '@/hooks/useAdmin';
import { setIssueWithdrawn, type TitleRow } from '@/services/admin';
import { errorText, Heading, Input, Label, ListState, Page, Pager, Row, Section, SmallButton, Status, SubHeading, Table, TableWrap } from './parts';

/** /admin/content: find a title, see its issues, withdraw or restore one (hidden at once everywhere). */
export function ContentScreen() {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [title, setTitle] = useState<TitleRow | null>(null);
  const titles = useTitles(search, page);
  return (
    <Page>
      <Heading>Content</Heading>
      <Section aria-labelledby="find-titles">
        <SubHeading id="find-titles">Titles</SubHeading>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(0);
            setSearch(query.trim());
          }}
        >
          <Row>
            <Label>
              Title, publisher or ISSN
              <Input type="search" value={query} onChange={(event) => setQuery(event.target.value)} maxLength={200} />
            </Label>
            <SmallButton type="submit">Search</SmallButton>
          </Row>
        </form>
        <ListState loading={titles.isLoading && !titles.data} error={titles.error} empty={titles.data?.titles.length === 0}>
          {titles.data ? (
            <>
              <TableWrap>
                <Table>
                  <caption className="visually-hidden">Titles found</caption>
                  <thead>
                    <tr>
                      <th scope="col">Title</th>
                      <th scope="col">Category</th>
                      <th scope="col">Issues</th>
                    </tr>
                  </thead>
                  <tbody>
                    {titles.data.titles.map((row) => (
                      <tr key={row.id}>
                        <td>{row.name}</td>
                        <td>{row.categoryName}</td>
                        <td>
                          <SmallButton type="button" onClick={() => setTitle(row)} aria-pressed={title?.id === row.id}>
                            Show issues<span className="visually-hidden"> of {row.name}</span>
                          </SmallButton>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableWrap>
              <Pager page={page} pageSize={titles.data.pageSize} total={titles.data.total} onPage={setPage} label="Titles" />
            </>
          ) : null}
        </ListState>
      </Section>
      {title ? <IssuesOf title={title} /> : null}
    </Page>
  );
}

function IssuesOf({ title }: { title: TitleRow }) {
  const [page, setPage] = useState(0);
  const issues = useIssues(title.id, page);
  const { mutate } = useSWRConfig();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
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
                    <tr key={issue.id}>
                      <td>{issue.name}</td>
                      <td>{issue.issueDate}</td>
                      <td>{issue.withdrawnAt ? `Withdrawn ${issue.withdrawnAt.slice(0, 10)}` : 'Yes'}</td>
                      <td>
                        {issue.withdrawnAt ? (
                          <SmallButton type="button" onClick={() => void toggle(issue.id, issue.name, false)}>
                            Restore<span className="visually-hidden"> {issue.name}</span>
                          </SmallButton>
                        ) : (
                          <SmallButton type="button" $danger onClick={() => void toggle(issue.id, issue.name, true)}>
                            Withdraw<span className="visually-hidden"> {issue.name}</span>
                          </SmallButton>
                        )}
                      </td>
                    </tr>
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
