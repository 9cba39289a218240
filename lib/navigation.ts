/**
 * The site's navigation (SPEC §2, §6): the primary links a person is offered, the account menu, and where a library's
 * catalogue sits. Apart from gate.ts (the gate's rules), so the header every page carries loads only this.
 */
import type { CatalogueBase } from './catalogue-paths';

/**
 * SPEC §2's primary navigation. Newspapers goes to category 52, which SPEC §5 and §9 make newspapers (the table's
 * 154 is journals, listed at /journals and /magazines/154); `offer` names the flag of SPEC §6 a link needs.
 */
export const PRIMARY_LINKS = [
  { label: 'Home', href: '/' },
  { label: 'Magazines', href: '/magazines/BS/en' },
  { label: 'Journals', href: '/journals', offer: 'journals' },
  { label: 'Newspapers', href: '/magazines/52/en', offer: 'newspapers' },
  { label: 'Stories', href: '/stories/category/Cover-Stories/sec_60' },
] as const;

/** Whether the site offers this person newspapers and journals (SPEC §6 isNewspaper, isJournal). */
export interface Offers {
  newspapers: boolean;
  journals: boolean;
}

/** A visitor is offered everything: the gate sends them to /login, and their library decides after. */
export const VISITOR_OFFERS: Offers = { newspapers: true, journals: true };

/** What a library's flags offer; a user with no library (null) is offered neither. */
export function offersOf(flags: { isNewspaper: number | string; isJournal: number | string } | null): Offers {
  return { newspapers: Boolean(flags && Number(flags.isNewspaper)), journals: Boolean(flags && Number(flags.isJournal)) };
}

/** The primary links this person is offered: none leads to a category their library hides (a 404). */
export function primaryLinksFor(offers: Offers): Array<{ label: string; href: string }> {
  return PRIMARY_LINKS.filter((link) => !('offer' in link) || offers[link.offer]).map(({ label, href }) => ({ label, href }));
}

export const ACCOUNT_MENU = [
  { label: 'My Account', href: '/dashboard/myAccount' },
  { label: 'My Favorites', href: '/dashboard/myFavorites' },
  { label: 'My Bookmarks', href: '/dashboard/myBookmarks' },
  { label: 'My Clippings', href: '/dashboard/myClippings' },
  { label: 'Manage Password', href: '/dashboard/manage-password' },
  { label: 'FAQ', href: '/faq' },
  { label: 'Help & Support', href: '/helpsupport' },
  { label: 'Contact Us', href: '/contact-us' },
] as const;

/** The shorter menu, for members who sign in without a password. */
export const SHORT_ACCOUNT_MENU = ACCOUNT_MENU.filter((item) => item.href !== '/dashboard/manage-password');

/**
 * Where a library's members read the catalogue: under /q/temp when the library uses the alternate routes (SPEC §6;
 * a setting of the library, the demo's 2083), else at the site's root. The server reads the setting from the row.
 */
export function catalogueBase(tempRoutes: boolean | null | undefined): CatalogueBase {
  return tempRoutes ? '/q/temp' : '';
}
