import { useState } from 'react';
import { useAudit } from '@/hooks/useAdmin';
import { Heading, ListState, Page, Pager, Table, TableWrap } from './parts';

const summary = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** /admin/audit: every change made in the console, newest first (staff see their libraries' rows). */
export function AuditScreen() {
  const [page, setPage] = useState(0);
  const { data, error, isLoading } = useAudit(page);
  return (
    <Page>
        <Heading>Audit log</Heading>
        <ListState loading={isLoading && !data} error={error} empty={data?.entries.length === 0}>
          {data ? (
            <>
              <TableWrap>
                <Table>
                  <caption className="visually-hidden">Console changes, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">What</th>
                      <th scope="col">Library</th>
                      <th scope="col">Before</th>
                      <th scope="col">After</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.entries.map((entry) => (
                      <tr key={entry.id}>
                        <td>{new Date(entry.at).toISOString().replace('T', ' ').slice(0, 19)}</td>
                        <td>{entry.actorLabel}</td>
                        <td>
                          {entry.action} {entry.target}
                        </td>
                        <td>{entry.libraryId ?? 'site'}</td>
                        <td>
                          <code>{summary(entry.before).slice(0, 300)}</code>
                        </td>
                        <td>
                          <code>{summary(entry.after).slice(0, 300)}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableWrap>
              <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Audit log" />
            </>
          ) : null}
        </ListState>
    </Page>
  );
}
