import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { COOKIE, SESSION_COOKIE, STORAGE, XSRF_HEADER } from '../../lib/cookies';
import { ACCOUNT_MENU, PRIMARY_LINKS } from '../../lib/navigation';
import { OPEN_ROUTE_PATTERNS } from '../../lib/gate';
import { signSessionToken } from '../../lib/session-token';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { axeViolations } from './axe';
import { ISSUE, NOT_A_ROUTE, READER_CODE, ROUTES, type Answer, type RouteRow } from './routes';

type Audience = 'visitor' | 'guest';

/** The demo member of Temple Street Reading Room (server/seed: fifth account, member until 2027-12-31). */
const TEMPLE_MEMBER = { uid: 5, libid: 2083, ends: '2027-12-31T23:59:59Z' } as const;

let guestState: string;
const readerCodes: Record<NonNullable<RouteRow['readerCode']>, string> = { guest: '', temple: '' };

/** A reader code for ISSUE, asked for in this context's session as the page does (POST genCode, SPEC §7). */
async function askReaderCode(context: BrowserContext, userId: number, libraryId: number): Promise<string> {
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === COOKIE.xsrf)?.value ?? '';
  const response = await context.request.post('/api/user/genCode?isLib=1', {
    data: { user_id: userId, issue: ISSUE, lib_id: libraryId },
    headers: { [XSRF_HEADER]: xsrf },
  });
  expect(response.status()).toBe(200);
  const { code } = (await response.json()) as { code: string };
  expect(code).toMatch(/^[A-Za-z0-9._-]+$/);
  return code;
}

/**
 * Signs in once as a guest of the default library, the way a person does, and keeps the browser's state; then asks
 * for the reader codes the reader rows open: the guest's own, and one of the Temple Street member's.
 */
test.beforeAll(async ({ browser, baseURL }, testInfo) => {
  guestState = testInfo.outputPath('guest-state.json');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The first page after sign-in runs the daily access check, which renews the session and its anti-forgery cookie;
  // a call made while it is in flight would carry the old token's partner and be refused (403). Wait for it to end.
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), STORAGE.accessCheck)).not.toBeNull();
  await context.storageState({ path: guestState });
  const guest = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? '{}') as { uid?: number; libid?: number | string }, STORAGE.userDetails);
  readerCodes.guest = await askReaderCode(context, Number(guest.uid), Number(guest.libid));
  await context.close();

  const temple = await browser.newContext({ baseURL });
  const { token } = await signSessionToken(
    { uid: TEMPLE_MEMBER.uid, libid: TEMPLE_MEMBER.libid, mexp: Math.floor(Date.parse(TEMPLE_MEMBER.ends) / 1000), guest: false },
    E2E_JWT_SECRET,
    3600,
  );
  await temple.addCookies([
    { name: SESSION_COOKIE, value: token, url: baseURL!, httpOnly: true },
    { name: COOKIE.xsrf, value: 'e2e-routes-temple-xsrf', url: baseURL! },
  ]);
  readerCodes.temple = await askReaderCode(temple, TEMPLE_MEMBER.uid, TEMPLE_MEMBER.libid);
  await temple.close();
});

async function open(browser: Browser, baseURL: string, who: Audience): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...(who === 'guest' ? { storageState: guestState } : {}) });
  return context.newPage();
}

function describeAnswer(answer: Answer): string {
  if ('redirect' in answer) return `goes to ${answer.redirect}`;
  if ('json' in answer) return 'answers JSON';
  if ('notFound' in answer) return 'shows the 404 screen';
  return `shows “${String(answer.heading)}”${answer.status ? ` (${answer.status})` : ''}`;
}

/** The row's address, with a fresh reader code in it where it has one. */
function addressOf(row: RouteRow): string {
  return row.readerCode ? row.example.replace(READER_CODE, encodeURIComponent(readerCodes[row.readerCode])) : row.example;
}

async function expectAnswer(page: Page, row: RouteRow, answer: Answer) {
  const address = addressOf(row);
  if ('json' in answer) {
    const response = await page.request.get(address, { maxRedirects: 0 });
    expect(response.status()).toBe(answer.status ?? 200);
    expect(response.headers()['content-type']).toMatch(/^application\/json\b/);
    const body = (await response.json()) as unknown;
    if (Array.isArray(answer.json)) expect(body).toEqual(answer.json);
    else expect(body).toMatchObject(answer.json);
    // A machine address: no callback cookie remembers it.
    expect(response.headers()['set-cookie'] ?? '').not.toMatch(/callbackUrl|cb=/);
    return;
  }
  const response = await page.goto(address);
  const where = () => {
    const landed = new URL(page.url());
    return `${landed.pathname}${landed.search}`;
  };
  if ('redirect' in answer) {
    // A server redirect has landed already; a page that sends the person on does it once it has loaded.
    await expect.poll(where).toBe(answer.redirect);
    return;
  }
  if ('notFound' in answer) {
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can’t find that page');
    await expect(page.getByRole('navigation', { name: 'Ways on' }).getByRole('link', { name: 'Home' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    return;
  }
  expect(response?.status()).toBe(answer.status ?? 200);
  expect(where()).toBe(address);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByText(/^Error \d{3}$/)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(answer.heading);
  if (answer.text) await expect(page.getByText(answer.text, { exact: true })).toBeVisible();
  // WCAG 2.0, 2.1 and 2.2 A and AA, as far as axe-core can tell.
  expect(await axeViolations(page)).toEqual([]);
}

for (const row of [...ROUTES, NOT_A_ROUTE]) {
  for (const who of ['visitor', 'guest'] as const) {
    const answer = row[who];
    test(`${row.route}: a ${who === 'guest' ? 'signed-in guest' : 'visitor'} ${describeAnswer(answer)}`, async ({ browser, baseURL }) => {
      const page = await open(browser, baseURL!, who);
      try {
        await expectAnswer(page, row, answer);
      } finally {
        await page.context().close();
      }
    });
  }
}

test('the table lists every route of SPEC §2 once: the open routes, the primary links and the account menu', () => {
  const routes = ROUTES.map((row) => row.route);
  expect(new Set(routes).size).toBe(routes.length);
  const examples = ROUTES.map((row) => row.example.split('?')[0]);
  for (const pattern of OPEN_ROUTE_PATTERNS) {
    const re = new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    expect({ pattern, listed: examples.some((example) => re.test(example)) }).toEqual({ pattern, listed: true });
  }
  for (const link of [...PRIMARY_LINKS, ...ACCOUNT_MENU]) expect(examples).toContain(link.href);
});

test('/favicon.ico is the site mark (browsers ask for it on every first visit; it answered 404)', async ({ request }) => {
  const answer = await request.get('/favicon.ico');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await answer.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});
