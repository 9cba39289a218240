import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Popup } from '@/components/ui/Popup';
import { renderWithTheme } from './render';

const title = 'Oops! Your subscription has expired';
const text =
  'Please contact your organization to indulge in unlimited reading of magazines, newspapers and journals again.';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Read
      </button>
      <Popup open={open} title={title} text={text} onClose={() => setOpen(false)} />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('Popup', () => {
  it('shows the title and text in a modal dialog named by the title, with focus on Ok', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Read' }));

    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(text);
    expect(screen.getByRole('button', { name: 'Ok' })).toHaveFocus();
  });

  it('closes on Ok and gives focus back', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Read' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read' })).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Read' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab on its only button', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Read' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Ok' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Ok' })).toHaveFocus();
  });
});
