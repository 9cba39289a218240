import type { ReactNode } from 'react';
import { SmallButton, Table, TableWrap } from '../parts';

/** What every key the console lists has: a label, when it was last used, and whether it is revoked. */
export interface KeyRow {
  id: number;
  label: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A column of the table: its heading and what each key shows in it. */
export interface KeyColumn<K extends KeyRow> {
  heading: string;
  cell(key: K): ReactNode;
}

/**
 * The table of a library's keys (COUNTER API keys, feed keys): a caption for screen readers, the screen's own
 * columns, then the key's state, a Revoke button (named after the key, so each button says which key it revokes)
 * until it is revoked. The key itself is never in it: it is shown once, when made.
 */
export function KeyTable<K extends KeyRow>({
  caption,
  columns,
  keys,
  onRevoke,
  revokeName,
  revokedText,
}: {
  caption: string;
  columns: KeyColumn<K>[];
  keys: K[];
  onRevoke(key: K): void;
  /** The Revoke button's content: its accessible name must say which key. */
  revokeName(key: K): ReactNode;
  /** The state cell of a revoked key. */
  revokedText(key: K): string;
}) {
  return (
    <TableWrap>
      <Table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.heading} scope="col">
                {column.heading}
              </th>
            ))}
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              {columns.map((column) => (
                <td key={column.heading}>{column.cell(key)}</td>
              ))}
              <td>
                {key.revokedAt ? (
                  revokedText(key)
                ) : (
                  <SmallButton type="button" $danger onClick={() => onRevoke(key)}>
                    {revokeName(key)}
                  </SmallButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
