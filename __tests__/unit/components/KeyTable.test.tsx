import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KeyTable, type KeyColumn, type KeyRow } from '@/components/admin/usage/KeyTable';
import { renderWithTheme } from './render';

interface Row extends KeyRow {
  hint: string;
}

const columns: KeyColumn<Row>[] = [
  { heading: 'For', cell: (key) => key.label },
  { heading: 'Key ends', cell: (key) => <code>{key.hint}</code> },
];

const keys: Row[] = [
  { id: 1, label: 'Koha', hint: '…abcd', lastUsedAt: null, revokedAt: null },
  { id: 2, label: 'Primo', hint: '…wxyz', lastUsedAt: '2026-11-01T10:00:00Z', revokedAt: '2026-11-02T09:30:00Z' },
];

describe('KeyTable', () => {
  it('is a table named by its caption, with the screen’s columns and a State column', () => {
    renderWithTheme(<KeyTable caption="Feed keys" columns={columns} keys={keys} onRevoke={() => undefined} revokeName={(key) => `Revoke ${key.label}`} revokedText={(key) => `Revoked ${key.revokedAt!.slice(0, 10)}`} />);
    const table = screen.getByRole('table', { name: 'Feed keys' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['For', 'Key ends', 'State']);
    const [, koha, primo] = within(table).getAllByRole('row');
    expect(within(koha).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Koha', '…abcd', 'Revoke Koha']);
    expect(within(primo).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Primo', '…wxyz', 'Revoked 2026-11-02']);
  });

  it('revokes the key whose button is pressed, by keyboard as by pointer; a revoked key has no button', async () => {
    const revoked: number[] = [];
    renderWithTheme(
      <KeyTable
        caption="COUNTER API keys"
        columns={columns}
        keys={keys}
        onRevoke={(key) => revoked.push(key.id)}
        revokeName={(key) => (
          <>
            Revoke<span className="visually-hidden"> the key “{key.label}”</span>
          </>
        )}
        revokedText={() => 'revoked'}
      />,
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
    const button = screen.getByRole('button', { name: 'Revoke the key “Koha”' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(revoked).toEqual([1]);
  });
});
