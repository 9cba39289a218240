import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { SiteShell } from '@/components/shell/SiteShell';
import { offersOf, primaryLinksFor, VISITOR_OFFERS, type Offers } from '@/lib/navigation';
import { renderWithTheme } from './render';

const events = { on: jest.fn(), off: jest.fn() };
jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/', pathname: '/', push: jest.fn(), replace: jest.fn(), events }) }));

function renderShell(offers: Offers, signedIn = true) {
  renderWithTheme(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SiteShell shell={{ signedIn, userName: signedIn ? 'Lee Chen' : '', library: null, hasPassword: true, offers }}>
        <p>Page</p>
      </SiteShell>
    </SWRConfig>,
  );
}

/** The links of the header's primary navigation and of the sidebar's, as label → address. */
async function linksShown(): Promise<Record<'header' | 'sidebar', Record<string, string | null>>> {
  const read = (nav: HTMLElement) =>
    Object.fromEntries(within(nav).getAllByRole('link', { hidden: true }).map((link) => [link.textContent?.trim() ?? '', link.getAttribute('href')]));
  // Shown from the md breakpoint up, which jsdom does not apply: found by its label attribute, as Header.test does.
  const header = read(document.querySelector<HTMLElement>('nav[aria-label="Primary"]')!);
  await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  const sidebar = read(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('navigation', { name: 'Sections' }));
  return { header, sidebar };
}

describe('the primary links follow isNewspaper and isJournal (SPEC §6)', () => {
  it('send Newspapers to category 52 and Journals to /journals when the library offers both', async () => {
    renderShell({ newspapers: true, journals: true });
    const { header, sidebar } = await linksShown();
    for (const links of [header, sidebar]) {
      expect(links).toMatchObject({ Newspapers: '/magazines/52/en', Journals: '/journals', Magazines: '/magazines/BS/en' });
    }
  });

  it('leave Newspapers and Journals out, in the header and the sidebar, for a library whose flags are 0', async () => {
    renderShell(offersOf({ isNewspaper: 0, isJournal: 0 }));
    const { header, sidebar } = await linksShown();
    for (const links of [header, sidebar]) {
      expect(Object.keys(links)).toEqual(expect.arrayContaining(['Home', 'Magazines', 'Stories']));
      expect(links).not.toHaveProperty('Newspapers');
      expect(links).not.toHaveProperty('Journals');
    }
  });

  it('follow each flag on its own', () => {
    expect(primaryLinksFor(offersOf({ isNewspaper: 1, isJournal: 0 })).map((link) => link.label)).toEqual(['Home', 'Magazines', 'Newspapers', 'Stories']);
    expect(primaryLinksFor(offersOf({ isNewspaper: '0', isJournal: '1' })).map((link) => link.label)).toEqual(['Home', 'Magazines', 'Journals', 'Stories']);
    // No library: neither (SPEC §3's answer gives 0 for both).
    expect(offersOf(null)).toEqual({ newspapers: false, journals: false });
  });

  it('show a visitor without a session every link: the gate sends them to /login', async () => {
    renderShell(VISITOR_OFFERS, false);
    const { header } = await linksShown();
    expect(header).toMatchObject({ Newspapers: '/magazines/52/en', Journals: '/journals' });
  });
});
