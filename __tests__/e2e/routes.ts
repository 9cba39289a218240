/**
 * Every route of SPEC §2, with an example address from the demo library and what it answers to a visitor (no
 * session) and to a signed-in guest of Riverside Public Library (1001). routes.spec.ts walks this one table, so no
 * route can be forgotten.
 */

export type Answer =
  /** A page at the same address (status 200 unless said) with this h1, and this text when given. */
  | { page: true; heading: string | RegExp; text?: string; status?: number }
  /** Sent elsewhere (by the server or, once the page has loaded, by the page): the path and query the browser ends on. */
  | { redirect: string }
  /** JSON with exactly this content type, containing these fields. */
  | { json: Record<string, unknown> | unknown[]; status?: number }
  /** The site's 404 screen. */
  | { notFound: true };

export interface RouteRow {
  /** As SPEC §2 writes it. */
  route: string;
  /** A real address of that shape in the demo library. */
  example: string;
  visitor: Answer;
  guest: Answer;
  /**
   * Whose reader code stands for READER_CODE in the example: the walk asks genCode for one (for ISSUE) first, as the
   * signed-in guest or as the demo member of Temple Street Reading Room (2083), since a code is bound to one member.
   */
  readerCode?: 'guest' | 'temple';
}

const page = (heading: string | RegExp, more: { text?: string; status?: number } = {}): Answer => ({ page: true, heading, ...more });
const toLogin: Answer = { redirect: '/login' };

// Demo library ids (server/seed, deterministic): a popular English title in category 9, its latest issue, a story.
export const MAGAZINE = 1061;
export const ISSUE = 100280;
const CATEGORY = 9;
const STORY_PATH = 'business-finance/vyapar-jagat/100058/what-we-can-learn-from-venture-debt';
const STORY_SLUG = 'what-we-can-learn-from-venture-debt';
const STORY_TITLE = 'What we can learn from venture debt';
const ISSUE_HEADING = /^The Weekend Edit\s*November 2026$/;
const READER_HEADING = 'The Weekend Edit · November 2026';
export const READER_CODE = '{code}';

/** A member-only route: a visitor goes to /login, the guest sees the page. */
const memberOnly = (route: string, example: string, heading: string | RegExp): RouteRow => ({ route, example, visitor: toLogin, guest: page(heading) });

/** An open route: anyone sees the page. */
const open = (route: string, example: string, heading: string | RegExp, text?: string): RouteRow => ({
  route,
  example,
  visitor: page(heading, { text }),
  guest: page(heading, { text }),
});

const NO_PARTNER_CODE = 'The link is missing its sign-in code. Please open it again from where you found it.';

export const ROUTES: RouteRow[] = [
  // Primary navigation
  memberOnly('/', '/', 'Welcome to Riverside Public Library'),
  memberOnly('/magazines/BS/en', '/magazines/BS/en', 'Most Popular'),
  memberOnly('/journals', '/journals', 'Journals'),
  // SPEC §2's table sends Newspapers to 154, but §5 and §9 make 52 newspapers and 154 journals: the link goes to 52
  // (docs/decisions.md), and /magazines/154/... stays the journals listing with its All Languages entry.
  memberOnly('/magazines/52/en', '/magazines/52/en', 'Newspapers'),
  memberOnly('/magazines/154/en', '/magazines/154/en', 'Journals'),
  memberOnly('/stories/category/Cover-Stories/sec_60', '/stories/category/Cover-Stories/sec_60', 'Cover Stories'),

  // Other routes
  memberOnly('/magazines/{catId}', `/magazines/${CATEGORY}`, 'Lifestyle'),
  memberOnly('/magazines/{catId}/{magLang}', `/magazines/${CATEGORY}/en`, 'Lifestyle'),
  memberOnly('/magazine/{mid}', `/magazine/${MAGAZINE}`, 'The Weekend Edit'),
  memberOnly('/magazine/{mid}/{issueId}', `/magazine/${MAGAZINE}/${ISSUE}`, ISSUE_HEADING),
  // Story pages are not among SPEC §2's open routes: a visitor signs in first (the cb cookie brings them back).
  memberOnly('/stories/{canonical path}', `/stories/${STORY_PATH}`, STORY_TITLE),
  memberOnly('/stories/category/{slug}/{categoryId}', '/stories/category/Latest-Stories/RC', 'Latest Stories'),
  memberOnly('/stories/{slug}?lang={code}', `/stories/${STORY_SLUG}?lang=en`, STORY_TITLE),
  memberOnly(
    '/stories/details',
    `/stories/details?category=Business&magazineName=Vyapar+Jagat&articleName=${STORY_SLUG}&articleUrl=${encodeURIComponent(STORY_PATH)}`,
    STORY_TITLE,
  ),
  memberOnly('/search', '/search', 'Search'),
  memberOnly('/dashboard', '/dashboard', 'Hello, Guest'),
  memberOnly('/dashboard/myAccount', '/dashboard/myAccount', 'My Account'),
  memberOnly('/dashboard/myFavorites', '/dashboard/myFavorites', 'My Favorites'),
  memberOnly('/dashboard/manage-password', '/dashboard/manage-password', 'Manage Password'),
  // Issue 31: the member's bookmarks and clippings (in the account menu), and a shared clipping's link, which a
  // token nobody shared does not open.
  memberOnly('/dashboard/myBookmarks', '/dashboard/myBookmarks', 'My Bookmarks'),
  memberOnly('/dashboard/myClippings', '/dashboard/myClippings', 'My Clippings'),
  { route: '/clipping/{token}', example: '/clipping/AAAAAAAAAAAAAAAAAAAAAA', visitor: toLogin, guest: page('This clipping is not available to you', { status: 404 }) },
  memberOnly('/login/thankyou', '/login/thankyou', 'Thank you, you’re in'),
  open('/validate-user?type=1', '/validate-user?type=1', 'Your account is not linked to a library'),
  open('/validate-user?type=2', '/validate-user?type=2', 'Your library membership has expired'),
  // The guest's own code for the issue opens the reader (its h1 names the issue); a visitor is asked to sign in.
  { ...memberOnly('/reader/{code}/{issue}?isLib=1', `/reader/${READER_CODE}/${ISSUE}?isLib=1`, READER_HEADING), readerCode: 'guest' },

  // Routes open to anyone
  open('/login', '/login', 'Sign in'),
  open('/login/email', '/login/email', 'Continue with email'),
  open('/login/linkmobile', '/login/linkmobile', 'Continue with mobile number'),
  // The code steps opened without the address the code went to: back to the start.
  open('/login/verify/emailotp', '/login/verify/emailotp', 'Let’s start again', 'This page needs the address the code was sent to.'),
  open('/login/verify/mobileotp', '/login/verify/mobileotp', 'Let’s start again', 'This page needs the address the code was sent to.'),
  open('/login/verify/password', '/login/verify/password', 'Let’s start again', 'This page needs your email address.'),
  open('/login/newpassword', '/login/newpassword', 'Set a new password'),
  // A token of the right shape that no partner issued: the page asks validateToken, which refuses it.
  open(
    '/login/thirdparty/{param}',
    '/login/thirdparty/not-a-partner-token-0123456789',
    'This link did not sign you in',
    'This sign-in link has expired or was already used. Please open it again from where you found it.',
  ),
  open('/login/sso', '/login/sso', 'Sign in with your library account'),
  {
    // Where the provider sends a person back signed in: the page finishes with the session it finds. A visitor has
    // none; the guest's own session takes them on home.
    route: '/login/sso/success',
    example: '/login/sso/success',
    visitor: page('Something went wrong', { text: 'We could not finish signing you in. Please try again.' }),
    guest: { redirect: '/' },
  },
  open('/login/sso/failure', '/login/sso/failure', 'You are not signed in'),
  open('/login/librarycard', '/login/librarycard', 'Sign in with your library card'),
  // Without the choice a card sign-in stores in this tab: start again.
  open('/login/librarycard/selector', '/login/librarycard/selector', 'Choose your library', 'This choice has expired. Please enter your card again.'),
  // Partner landing pages opened without their link's sign-in code.
  open('/login/partner', '/login/partner', 'This link did not sign you in', NO_PARTNER_CODE),
  open('/third-party-login', '/third-party-login', 'This link did not sign you in', NO_PARTNER_CODE),
  open('/infosys/{mid}', `/infosys/${MAGAZINE}`, 'This link did not sign you in', NO_PARTNER_CODE),
  open('/ec-council', '/ec-council', 'This link did not sign you in', NO_PARTNER_CODE),
  open('/paymentsuccess', '/paymentsuccess', 'We couldn’t find this payment'),
  open('/paymentfailed', '/paymentfailed', 'Your payment did not go through'),
  {
    // A code joins the person's own account to a library: a visitor is asked to sign in first.
    route: '/accesscode',
    example: '/accesscode',
    visitor: page('Enter an access code', { text: 'Sign in first, so the code joins your own account to the library.' }),
    guest: page('Enter an access code', { text: 'Your library or organisation may give you a code that lets you read through it.' }),
  },
  {
    route: '/update/fullName',
    example: '/update/fullName',
    visitor: page('What should we call you?', { text: 'Sign in first, so your name is saved to your own account.' }),
    guest: page('What should we call you?', { text: 'Your name appears in the menu and on your account page.' }),
  },
  open('/validate-user', '/validate-user', 'Your account is not linked to a library'),
  open('/terms-and-conditions', '/terms-and-conditions', 'Terms and conditions'),
  open('/privacy-policy', '/privacy-policy', 'Privacy policy'),
  // Issue 31: the accessibility statement, linked from the footer, open to anyone.
  open('/accessibility', '/accessibility', 'Accessibility statement'),
  // Issue 32: the offline screen (not in SPEC §2), the same for everyone; online it lists this browser's downloads.
  open('/offline', '/offline', 'Offline issues'),
  open('/helpsupport', '/helpsupport', 'Help & support'),
  open('/faq', '/faq', 'Frequently asked questions'),
  open('/contact-us', '/contact-us', 'Contact us'),
  open('/uploadId/thankyou', '/uploadId/thankyou', 'Thank you, we have your ID'),
  open('/guestlva', '/guestlva', 'Read Riverside Public Library as a guest'),
  { route: '/healthcheck', example: '/healthcheck', visitor: { json: { status: 'ok' } }, guest: { json: { status: 'ok' } } },
  // Library 2083's catalogue: anyone sees it, under that library's rules.
  open('/q/temp/magazine/{mid}/{issueId}', `/q/temp/magazine/${MAGAZINE}/${ISSUE}`, ISSUE_HEADING),
  open('/q/temp/magazine/{mid}', `/q/temp/magazine/${MAGAZINE}`, 'The Weekend Edit'),
  open('/q/temp/magazines/{catId}', '/q/temp/magazines/21', 'Teens'),
  open('/q/temp/magazines/{catId}/{magLang}', '/q/temp/magazines/21/en', 'Teens'),
  open('/q/temp/magazines/language/{langCode}', '/q/temp/magazines/language/en', 'Magazines in English'),
  open('/q/temp/all-issues/{mid}', `/q/temp/all-issues/${MAGAZINE}`, 'All issues of The Weekend Edit'),
  {
    // Library 2083's reader, opened by a code of that library: a code opens nothing without the session of the member
    // it was made for (a visitor signs in first); a signed-in person who is not the code's member is refused (403).
    route: '/q/temp/tpreader',
    example: `/q/temp/tpreader?code=${READER_CODE}&issue=${ISSUE}`,
    readerCode: 'temple',
    visitor: toLogin,
    guest: page('We can’t open this issue', { status: 403, text: 'This reading link belongs to another reader or another issue.' }),
  },
  {
    route: '/apple-app-site-association',
    example: '/apple-app-site-association',
    visitor: { json: { applinks: { apps: [], details: [] } } },
    guest: { json: { applinks: { apps: [], details: [] } } },
  },
  { route: '/.well-known/assetlinks.json', example: '/.well-known/assetlinks.json', visitor: { json: [] }, guest: { json: [] } },
  { route: '/_error', example: '/_error', visitor: { notFound: true }, guest: { notFound: true } },
];

/** Addresses that are no route: a signed-in person sees the 404 screen; a visitor is asked to sign in first (SPEC §4 rule 1). */
export const NOT_A_ROUTE: RouteRow = { route: '(no such route)', example: '/no/such/page', visitor: toLogin, guest: { notFound: true } };
