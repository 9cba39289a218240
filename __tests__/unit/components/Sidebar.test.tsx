import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { Sidebar, type SidebarProps } from '@/components/layout/Sidebar';
import { renderWithTheme } from './render';

const links = [
  { label: 'Home', href: '/' },
  { label: 'Magazines', href: '/magazines/BS/en' },
  { label: 'Journals', href: '/journals' },
  { label: 'Newspapers', href: '/magazines/52/en' },
  { label: 'Stories', href: '/stories/category/Cover-Stories/sec_60' },
];

function renderSidebar(props: Partial<SidebarProps> = {}) {
  const handlers = { onClose: jest.fn(), onLogout: jest.fn() };
  // Focusable page controls on both sides, so Tab would leave the dialog if it were not trapped.
  const page = (sidebar: ReactNode) => (
    <>
      <button type="button">Before</button>
      {sidebar}
      <button type="button">After</button>
    </>
  );
  const view = renderWithTheme(page(<Sidebar open links={links} isSignedIn {...handlers} {...props} />));
  const rerender = (sidebar: ReactNode) => view.rerender(page(sidebar));
  return { ...handlers, ...view, rerender };
}

/** A page with the hamburger that opens the sidebar, as the layout wires it. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Sidebar open={open} onClose={() => setOpen(false)} links={links} isSignedIn onLogout={() => undefined} />
    </>
  );
}

describe('Sidebar', () => {
  afterEach(() => {
    document.body.style.overflow = '';
  });

  it('is a modal dialog named Menu with the five links', () => {
    renderSidebar();
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    for (const link of links) {
      expect(screen.getByRole('link', { name: link.label })).toHaveAttribute('href', link.href);
    }
  });

  it('renders nothing while closed', () => {
    renderSidebar({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'User' when there is no user name", () => {
    renderSidebar({ userName: undefined });
    expect(screen.getByText('User')).toBeInTheDocument();
  });

  it("shows 'User' when the user name is empty", () => {
    renderSidebar({ userName: '' });
    expect(screen.getByText('User')).toBeInTheDocument();
  });

  it("shows the member's name when given", () => {
    renderSidebar({ userName: 'Asha Rao' });
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.queryByText('User')).not.toBeInTheDocument();
  });

  it('offers LOGOUT to a signed-in member and calls onLogout', async () => {
    const user = userEvent.setup();
    const { onLogout } = renderSidebar();
    await user.click(screen.getByRole('button', { name: 'LOGOUT' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('has no LOGOUT when signed out', () => {
    renderSidebar({ isSignedIn: false });
    expect(screen.queryByRole('button', { name: 'LOGOUT' })).not.toBeInTheDocument();
  });

  it('calls onClose on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = renderSidebar();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('calls onClose on a backdrop click', async () => {
    const user = userEvent.setup();
    const { onClose } = renderSidebar();
    await user.click(screen.getByTestId('sidebar-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close on a click inside the panel', async () => {
    const user = userEvent.setup();
    const { onClose } = renderSidebar({ userName: 'Asha' });
    await user.click(screen.getByText('Asha'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('wraps Tab from the last focusable element to the first', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const first = screen.getByRole('button', { name: 'Close menu' });
    const last = screen.getByRole('link', { name: 'Stories' });
    last.focus();
    await user.tab();
    expect(first).toHaveFocus();
  });

  it('wraps Shift+Tab from the first focusable element to the last', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const first = screen.getByRole('button', { name: 'Close menu' });
    const last = screen.getByRole('link', { name: 'Stories' });
    first.focus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it('moves Tab forward normally between the ends', async () => {
    const user = userEvent.setup();
    renderSidebar();
    screen.getByRole('button', { name: 'Close menu' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'LOGOUT' })).toHaveFocus();
  });

  it('moves focus into the dialog on open and back to the opener on close', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('locks page scroll while open and restores the previous overflow on close', () => {
    document.body.style.overflow = 'scroll';
    const { rerender, onClose, onLogout } = renderSidebar();
    expect(document.body.style.overflow).toBe('hidden');

    rerender(<Sidebar open={false} links={links} isSignedIn onClose={onClose} onLogout={onLogout} />);

    expect(document.body.style.overflow).toBe('scroll');
  });

  it('restores the previous overflow when unmounted while open', () => {
    document.body.style.overflow = 'auto';
    const { unmount } = renderSidebar();
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('auto');
  });
});
