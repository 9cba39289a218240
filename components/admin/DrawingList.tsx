import { useState } from 'react';
import styled from 'styled-components';
import { useDrawing } from '@/hooks/useAdmin';
import { issuePath } from '@/lib/catalogue-paths';
import type { DrawingView } from '@/lib/wire';
import { retryDrawing } from '@/services/admin';
import { errorText, ListState, Pager, SmallButton, Status, Table, TableWrap } from './parts';

const Progress = styled.progress`
  width: 100%;
  max-width: 240px;
  height: 12px;
`;

const STATE_TEXT: Record<string, string> = {
  drawing: 'Drawing',
  waiting: 'Waiting to be drawn',
  failed: 'Failed',
  unqueued: 'Not queued yet',
};

/**
 * The list of "Pages being drawn" (DrawingPanel): imported issues, listed and searchable already, whose pages are still
 * being drawn in the background, with the drawing's progress, its tries and the reason of a failed try, and a button
 * to try a failed drawing again.
 */
export function DrawingList() {
  const [page, setPage] = useState(0);
  const drawing = useDrawing(page);
  return (
    <ListState loading={drawing.isLoading && !drawing.data} error={drawing.error} empty={drawing.data?.issues.length === 0} emptyText="Every imported issue’s pages are drawn.">
      {drawing.data ? (
        <>
          <TableWrap>
            <Table>
              <caption className="visually-hidden">Imported issues whose pages are still being drawn, failed ones first</caption>
              <thead>
                <tr>
                  <th scope="col">Issue</th>
                  <th scope="col">Pages drawn</th>
                  <th scope="col">Status</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {drawing.data.issues.map((issue) => (
                  <DrawingRow key={issue.issueId} issue={issue} onChange={() => void drawing.mutate()} />
                ))}
              </tbody>
            </Table>
          </TableWrap>
          <Pager page={page} pageSize={drawing.data.pageSize} total={drawing.data.total} onPage={setPage} label="Pages being drawn" />
        </>
      ) : null}
    </ListState>
  );
}

function DrawingRow({ issue, onChange }: { issue: DrawingView; onChange(): void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `${issue.titleName}, ${issue.issueName}`;
  return (
    <tr>
      <td>
        <a href={issuePath('', issue.magazineId, issue.issueId)}>{name}</a>
      </td>
      <td>
        <Progress max={issue.pageCount} value={issue.pagesDrawn} aria-label={`${name}: ${issue.pagesDrawn} of ${issue.pageCount} pages drawn`} /> {issue.pagesDrawn} of {issue.pageCount}
      </td>
      <td>
        <span role={issue.state === 'drawing' ? 'status' : undefined}>{STATE_TEXT[issue.state] ?? issue.state}</span>
        {issue.tries && issue.maxTries ? (
          <>
            <br />
            <span>
              {issue.state === 'failed' ? `Tried ${issue.tries} of ${issue.maxTries} times` : `Try ${issue.tries} of ${issue.maxTries}`}
              {issue.nextTryAt ? `, next at ${new Date(issue.nextTryAt).toLocaleTimeString()}` : ''}
            </span>
          </>
        ) : null}
      </td>
      <td>
        {issue.error ? (
          <Status $error>
            {issue.state === 'failed' ? '' : 'Last try: '}
            {issue.error}
          </Status>
        ) : null}
        {issue.state === 'failed' || issue.state === 'unqueued' ? (
          <SmallButton
            type="button"
            disabled={busy}
            onClick={() => {
              setError(null);
              setBusy(true);
              retryDrawing(issue.issueId)
                .then(onChange, (failure: unknown) => setError(errorText(failure)))
                .finally(() => setBusy(false));
            }}
          >
            {issue.state === 'failed' ? 'Try again' : 'Queue'}
            <span className="visually-hidden"> {name}</span>
          </SmallButton>
        ) : null}
        {error ? (
          <Status role="alert" $error>
            {error}
          </Status>
        ) : null}
      </td>
    </tr>
  );
}
