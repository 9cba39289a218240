/**
 * Every route of SPEC §2, with an example address from the demo library and what it answers to a visitor (no
 * session) and to a signed-in guest of Riverside Public Library (1001). routes.spec.ts walks this one table, so no
 * route can be forgotten. A route another issue has not built yet carries `pending` with its owner: the walk reports
 * it as skipped, by name, until the lead removes the flag when that issue lands.
 */

export type Answer =
  /** A page at the same address (status 200 unless said), with this h1 when given. */
  | { page: true; heading?: string | RegExp; status?: number }
  /** Sent elsewhere: the path and query the browser ends on. */
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
  pending?: { owner: 'catalogue issue' | 'stories issue' | 'accounts issue' | 'search issue' | 'reader issue' };
}

const page = (heading?: string | RegExp): Answer => ({ page: true, ...(heading ? { heading } : {}) });
const toLogin: Answer = { redirect: '/login' };

// Demo library ids (server/seed, deterministic): a popular English title in category 9, its latest issue, a story.
const MAGAZINE = 1061;
const ISSUE = 100280;
const CATEGORY = 9;
const STORY_PATH = 'business-finance/vyapar-jagat/100058/what-we-can-learn-from-venture-debt';
const STORY_SLUG = 'what-we-can-learn-from-venture-debt';

const catalogue = { owner: 'catalogue issue' } as const;
const stories = { owner: 'stories issue' } as const;
const accounts = { owner: 'accounts issue' } as const;

/** A member-only route: a visitor goes to /login, the guest sees the page. */
const memberOnly = (route: string, example: string, pending?: RouteRow['pending'], heading?: string | RegExp): RouteRow => ({
  route,
  example,
  visitor: toLogin,
  guest: page(heading),
  ...(pending ? { pending } : {}),
});

/** An open route: anyone sees the page. */
const open = (route: string, example: string, pending?: RouteRow['pending'], heading?: string | RegExp): RouteRow => ({
  route,
  example,
  visitor: page(heading),
  guest: page(heading),
  ...(pending ? { pending } : {}),
});

export const ROUTES: RouteRow[] = [
  // Primary navigation
  memberOnly('/', '/', undefined, 'Welcome to Riverside Public Library'),
  memberOnly('/magazines/BS/en', '/magazines/BS/en', catalogue),
  memberOnly('/journals', '/journals', catalogue),
  memberOnly('/magazines/154/en', '/magazines/154/en', catalogue),
  memberOnly('/stories/category/Cover-Stories/sec_60', '/stories/category/Cover-Stories/sec_60', stories),

  // Other routes
  memberOnly('/magazines/{catId}', `/magazines/${CATEGORY}`, catalogue),
  memberOnly('/magazines/{catId}/{magLang}', `/magazines/${CATEGORY}/en`, catalogue),
  memberOnly('/magazine/{mid}', `/magazine/${MAGAZINE}`, catalogue),
  memberOnly('/magazine/{mid}/{issueId}', `/magazine/${MAGAZINE}/${ISSUE}`, catalogue),
  memberOnly('/stories/{canonical path}', `/stories/${STORY_PATH}`, stories),
  memberOnly('/stories/category/{slug}/{categoryId}', '/stories/category/Latest-Stories/RC', stories),
  memberOnly('/stories/{slug}?lang={code}', `/stories/${STORY_SLUG}?lang=en`, stories),
  memberOnly(
    '/stories/details',
    `/stories/details?category=Business&magazineName=Vyapar+Jagat&articleName=${STORY_SLUG}&articleUrl=${encodeURIComponent(STORY_PATH)}`,
    stories,
  ),
  memberOnly('/search', '/search', { owner: 'search issue' }),
  memberOnly('/dashboard', '/dashboard', accounts),
  memberOnly('/dashboard/myAccount', '/dashboard/myAccount', accounts),
  memberOnly('/dashboard/myFavorites', '/dashboard/myFavorites', accounts),
  memberOnly('/dashboard/manage-password', '/dashboard/manage-password', accounts),
  memberOnly('/login/thankyou', '/login/thankyou', undefined, 'Thank you, you’re in'),
  open('/validate-user?type=1', '/validate-user?type=1', undefined, 'Your account is not linked to a library'),
  open('/validate-user?type=2', '/validate-user?type=2', undefined, 'Your library membership has expired'),
  memberOnly('/reader/{code}/{issue}?isLib=1', `/reader/0/${ISSUE}?isLib=1`, { owner: 'reader issue' }),

  // Routes open to anyone
  open('/login', '/login', undefined, 'Sign in'),
  open('/login/email', '/login/email', accounts),
  open('/login/linkmobile', '/login/linkmobile', accounts),
  open('/login/verify/emailotp', '/login/verify/emailotp', accounts),
  open('/login/verify/mobileotp', '/login/verify/mobileotp', accounts),
  open('/login/verify/password', '/login/verify/password', accounts),
  open('/login/newpassword', '/login/newpassword', accounts),
  open('/login/thirdparty/{param}', '/login/thirdparty/partner-token', accounts),
  open('/login/sso', '/login/sso', accounts),
  open('/login/sso/success', '/login/sso/success', accounts),
  open('/login/sso/failure', '/login/sso/failure', accounts),
  open('/login/librarycard', '/login/librarycard', accounts),
  open('/login/librarycard/selector', '/login/librarycard/selector', accounts),
  open('/login/partner', '/login/partner', accounts),
  open('/third-party-login', '/third-party-login', accounts),
  open('/infosys/{mid}', `/infosys/${MAGAZINE}`, accounts),
  open('/ec-council', '/ec-council', accounts),
  open('/paymentsuccess', '/paymentsuccess', undefined, 'We couldn’t find this payment'),
  open('/paymentfailed', '/paymentfailed', undefined, 'Your payment did not go through'),
  open('/accesscode', '/accesscode', accounts),
  open('/update/fullName', '/update/fullName', accounts),
  open('/validate-user', '/validate-user', undefined, 'Your account is not linked to a library'),
  open('/terms-and-conditions', '/terms-and-conditions', undefined, 'Terms and conditions'),
  open('/privacy-policy', '/privacy-policy', undefined, 'Privacy policy'),
  open('/helpsupport', '/helpsupport', undefined, 'Help & support'),
  open('/faq', '/faq', undefined, 'Frequently asked questions'),
  open('/contact-us', '/contact-us', undefined, 'Contact us'),
  open('/uploadId/thankyou', '/uploadId/thankyou', undefined, 'Thank you, we have your ID'),
  open('/guestlva', '/guestlva', accounts),
  { route: '/healthcheck', example: '/healthcheck', visitor: { json: { status: 'ok' } }, guest: { json: { status: 'ok' } } },
  open('/q/temp/magazine/{mid}/{issueId}', `/q/temp/magazine/${MAGAZINE}/${ISSUE}`, catalogue),
  open('/q/temp/magazine/{mid}', `/q/temp/magazine/${MAGAZINE}`, catalogue),
  open('/q/temp/magazines/{catId}', '/q/temp/magazines/21', catalogue),
  open('/q/temp/magazines/{catId}/{magLang}', '/q/temp/magazines/21/en', catalogue),
  open('/q/temp/magazines/language/{langCode}', '/q/temp/magazines/language/en', catalogue),
  open('/q/temp/all-issues/{mid}', `/q/temp/all-issues/${MAGAZINE}`, catalogue),
  open('/q/temp/tpreader', '/q/temp/tpreader', { owner: 'reader issue' }),
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
