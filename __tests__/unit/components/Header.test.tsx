import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header, type HeaderProps } from '@/components/layout/Header';
import { renderWithTheme } from './render';

const links = [
  { label: 'Home', href: '/' },
  { label: 'Magazines', href: '/magazines/BS/en' },
  { label: 'Journals', href: '/journals' },
  { label: 'Newspapers', href: '/magazines/52/en' },
  { label: 'Stories', href: '/stories/category/Cover-Stories/sec_60' },
];

const menuItems = [
  { label: 'My Account', href: '/dashboard/myAccount' },
  { label: 'My Favorites', href: '/dashboard/myFavorites' },
  { label: 'FAQ', href: '/faq' },
];

function renderHeader(props: Partial<HeaderProps> = {}) {
  const handlers = { onMenuOpen: jest.fn(), onSearchOpen: jest.fn(), onLogout: jest.fn() };
  renderWithTheme(
    <>
      <p>Page content</p>
      <Header
        links={links}
        logo={{ src: '/logo.png', alt: 'City Library', href: '/' }}
        activePath="/journals"
        isSignedIn
        menuItems={menuItems}
        helpEmail="help@example.org"
        userName="Asha"
        {...handlers}
        {...props}
      />
    </>,
  );
  return handlers;
}

/** The style rules inside `@media <condition>` that select `element`. */
function rulesFor(element: Element, condition: string): CSSStyleRule[] {
  const found: CSSStyleRule[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSMediaRule) || !rule.media.mediaText.includes(condition)) continue;
      for (const inner of Array.from(rule.cssRules)) {
        if (inner instanceof CSSStyleRule && element.matches(inner.selectorText)) found.push(inner);
      }
    }
  }
  return found;
}

// Hidden elements have no accessible name in jsdom's narrow layout, so find the landmark by its label attribute.
function primaryNav(): HTMLElement {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Primary"]');
  if (!nav) throw new Error('no Primary navigation');
  return nav;
}

const profileButton = () => screen.getByRole('button', { name: /account menu/i });
const dropdown = () => screen.getByTestId('profile-dropdown');

describe('Header', () => {
  it('renders the logo link, the primary links and marks the current one', () => {
    renderHeader({ logo: { src: '/logo.png', alt: 'City Library', href: '/q/temp/magazines/21' } });
    expect(screen.getByRole('link', { name: 'City Library' })).toHaveAttribute('href', '/q/temp/magazines/21');
    // jsdom ignores media queries, so it shows the narrow layout, where the primary links are hidden.
    const nav = primaryNav();
    const navLinks = within(nav).getAllByRole('link', { hidden: true });
    expect(navLinks.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(links.map((l) => [l.label, l.href]));
    expect(within(nav).getByText('Journals')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('Home')).not.toHaveAttribute('aria-current');
  });

  it('hides the primary links below 768px and shows them from 768px up, keeping logo, menu, search and profile', () => {
    renderHeader();
    const nav = primaryNav();
    expect(getComputedStyle(nav).display).toBe('none');
    const wide = rulesFor(nav, '(min-width: 768px)');
    expect(wide.some((rule) => rule.style.display === 'flex')).toBe(true);
    for (const control of [
      screen.getByRole('button', { name: 'Open menu' }),
      screen.getByRole('link', { name: 'City Library' }),
      screen.getByRole('button', { name: 'Search' }),
      profileButton(),
    ]) {
      expect(control).toBeVisible();
    }
  });

  it('calls onMenuOpen from the hamburger and onSearchOpen from the search button', async () => {
    const user = userEvent.setup();
    const { onMenuOpen, onSearchOpen } = renderHeader();
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    expect(hamburger).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(hamburger);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onMenuOpen).toHaveBeenCalledTimes(1);
    expect(onSearchOpen).toHaveBeenCalledTimes(1);
  });

  it('opens the profile dropdown from the profile button with the account entries, Help and Logout', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(dropdown()).not.toBeVisible();
    expect(profileButton()).toHaveAttribute('aria-expanded', 'false');
    expect(profileButton()).toHaveAttribute('aria-controls', dropdown().id);

    await user.click(profileButton());

    expect(profileButton()).toHaveAttribute('aria-expanded', 'true');
    expect(dropdown()).toBeVisible();
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/dashboard/myAccount');
    expect(screen.getByRole('link', { name: 'My Favorites' })).toHaveAttribute('href', '/dashboard/myFavorites');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', 'mailto:help@example.org');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('leaves out the Help item when no help email is given', async () => {
    const user = userEvent.setup();
    renderHeader({ helpEmail: undefined });
    await user.click(profileButton());
    expect(screen.queryByRole('link', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('makes the profile dropdown 170px wide', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(profileButton());
    expect(getComputedStyle(dropdown()).width).toBe('170px');
  });

  it('closes the profile dropdown on an outside click', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(profileButton());
    expect(dropdown()).toBeVisible();

    await user.click(screen.getByText('Page content'));

    expect(dropdown()).not.toBeVisible();
    expect(profileButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the profile dropdown open on a click inside it', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(profileButton());
    await user.click(screen.getByText('Asha'));
    expect(dropdown()).toBeVisible();
  });

  it('closes the profile dropdown on Escape and returns focus to the profile button', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(profileButton());
    await user.tab();
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(dropdown()).not.toBeVisible();
    expect(profileButton()).toHaveFocus();
  });

  it('closes the profile dropdown and logs out when Logout is chosen', async () => {
    const user = userEvent.setup();
    const { onLogout } = renderHeader();
    await user.click(profileButton());
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(dropdown()).not.toBeVisible();
  });

  it('toggles the profile dropdown closed from the profile button', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(profileButton());
    await user.click(profileButton());
    expect(dropdown()).not.toBeVisible();
  });

  it('makes the profile control a link to /login when not signed in', () => {
    renderHeader({ isSignedIn: false });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
  });

  it('hides the profile control in hide-profile mode', () => {
    renderHeader({ hideProfile: true });
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('hides the profile control in hide-profile mode even when signed out', () => {
    renderHeader({ hideProfile: true, isSignedIn: false });
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
