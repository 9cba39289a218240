import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PEERS } from '../../playwright.config';
import { hashSecret } from '../../server/auth/secrets';
import { startOidcPeer, type OidcPeer } from '../peers/oidc';
import { startSip2Peer, type Sip2Peer } from '../peers/sip2';
import { startSmtpPeer, type SmtpPeer } from '../peers/smtp';
import { withDatabase } from './database';

/**
 * Every way in, in a real browser against the production build: an email code read from a real SMTP server,
 * a password, a library card (imported list and live SIP2), and SSO through a real OpenID Connect provider;
 * then favourites, logout, and the doors that must stay shut without a session.
 */

const SSO_LIBRARY = 5001;
const DEMO_PASSWORD = 'reading-room-2026';

let smtp: SmtpPeer;
let oidc: OidcPeer;
let sip2: Sip2Peer;

test.beforeAll(async ({ baseURL }) => {
  smtp = await startSmtpPeer(E2E_PEERS.smtpPort);
  sip2 = await startSip2Peer({ port: E2E_PEERS.sip2Port, patrons: { '29001000111': { pin: '4321', name: 'Okafor, Ngozi' } } });
  oidc = await startOidcPeer({
    port: E2E_PEERS.oidcPort,
    clients: [{ client_id: 'reading-site-e2e', client_secret: 'e2e-sso-secret', redirect_uris: [`${baseURL}/api/user/sso/callback`] }],
    accounts: { alice: { email: 'alice@lakeside.test', email_verified: true, given_name: 'Alice', family_name: 'Lakeside' } },
  });
  // A library that signs in through its own provider and checks cards live over SIP2, as its administrator would set it up.
  await withDatabase((db) =>
    db.query(
      `insert into libraries (id, name, card_mode, sip2_host, sip2_port, sip2_institution, oidc_issuer, oidc_client_id, oidc_client_secret)
       values ($1, 'Lakeside University Library', 'sip2', '127.0.0.1', $2, 'LAKE', $3, 'reading-site-e2e', 'e2e-sso-secret')
       on conflict (id) do update set sip2_port = excluded.sip2_port, oidc_issuer = excluded.oidc_issuer`,
      [SSO_LIBRARY, E2E_PEERS.sip2Port, oidc.issuer],
    ),
  );
});

test.afterAll(async () => {
  await oidc?.stop();
  await sip2?.close();
  await smtp?.close();
});

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

async function signInWithPassword(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in with my password' }).click();
  await expect(page).toHaveURL(/\/login\/verify\/password\?e=/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a new reader signs in with a code from their email, gives a name, and joins a library with an access code', async ({ page }) => {
  const email = `new.reader.${Date.now()}@example.org`;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  const code = await smtp.codeFor(email);
  await page.getByLabel('Sign-in code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/update\/fullName$/);
  await page.getByLabel('First name', { exact: true }).fill('Nadia');
  await page.getByLabel('Last name (optional)', { exact: true }).fill('Reader');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Signed in, but no library yet.
  await expect(page).toHaveURL(/\/validate-user\?type=1$/);
  await page.getByRole('link', { name: 'enter an access code' }).click();
  await expect(page).toHaveURL(/\/accesscode$/);
  await page.getByRole('textbox', { name: 'Access code' }).fill('riverside2026');
  await page.getByRole('button', { name: 'Join the library' }).click();
  await expect(page).toHaveURL(/\/login\/thankyou$/);
  await expect(page.getByText('Riverside Public Library')).toBeVisible();
  await page.getByRole('link', { name: 'Start reading' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Nadia Reader' })).toBeVisible();
});

test('a member signs in with their password and comes back to the page they were sent away from', async ({ page }) => {
  await page.goto('/dashboard/myFavorites');
  await expect(page).toHaveURL(/\/login$/);
  await signInWithPassword(page, 'reader@riverside.test');
  await expect(page).toHaveURL(/\/dashboard\/myFavorites$/);
  await page.getByRole('link', { name: 'My Account' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/myAccount$/);
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details).toContainText('Asha Verma');
  await expect(details).toContainText('reader@riverside.test');
  await expect(details).toContainText('Riverside Public Library');
  await expect(details).toContainText('31 December 2027');
  // A member with a password gets the full account menu, with the library's help address.
  await page.getByRole('button', { name: 'Account menu for Asha Verma' }).click();
  const menu = page.getByTestId('profile-dropdown');
  await expect(menu.getByRole('link', { name: 'Manage Password' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Help', exact: true })).toHaveAttribute('href', 'mailto:help@riverside.test');
});

test('a member makes an app password for a reading app in My Account, sees it once, and revokes it', async ({ page, request }) => {
  await signInWithPassword(page, 'reader@riverside.test');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/myAccount');
  // The panel loads after the page (its code is not in the route's first load).
  const panel = page.getByRole('region', { name: 'Reading apps' });
  await expect(panel.getByText('reader@riverside.test', { exact: true })).toBeVisible();
  await expect(panel.getByText(/\/api\/opds\/\d+\/catalog$/).first()).toBeVisible();
  await panel.getByLabel('Name of the app').fill('KOReader on my Kobo');
  await panel.getByRole('button', { name: 'Make an app password' }).click();
  const made = panel.getByRole('status').filter({ hasText: /The app password for “KOReader on my Kobo” is/ });
  await expect(made).toBeVisible();
  const password = (await made.locator('code').textContent()) ?? '';
  expect(password.length).toBeGreaterThanOrEqual(16);
  const catalogue = (await panel.getByText(/\/api\/opds\/\d+\/catalog$/).first().textContent()) ?? '';
  const basic = { authorization: `Basic ${Buffer.from(`reader@riverside.test:${password}`).toString('base64')}` };
  expect((await request.get(new URL(catalogue).pathname, { headers: basic })).status()).toBe(200);
  const listed = panel.getByRole('list', { name: 'Your app passwords' }).getByRole('listitem').filter({ hasText: 'KOReader on my Kobo' });
  await expect(listed).toContainText(`ends in ${password.slice(-4)}`);
  // Shown once: not on the page when it is opened again.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Reading apps' }).getByRole('list', { name: 'Your app passwords' })).toContainText('KOReader on my Kobo');
  await expect(page.getByText(password)).toHaveCount(0);
  await page.getByRole('button', { name: 'Revoke KOReader on my Kobo' }).first().click();
  await expect(page.getByRole('button', { name: 'Revoke KOReader on my Kobo' })).toHaveCount(0);
  expect((await request.get(new URL(catalogue).pathname, { headers: basic })).status()).toBe(401);
});

test('a wrong password and an unknown address get the same answer', async ({ page }) => {
  // Next's route announcer is an alert too; the form's own message is in the page's main region.
  const alert = page.getByRole('main').getByRole('alert');
  await signInWithPassword(page, 'reader@riverside.test', 'not-the-password');
  await expect(alert).toHaveText('The email address or password is not right.');
  await signInWithPassword(page, 'nobody.here@example.org', 'not-the-password');
  await expect(alert).toHaveText('The email address or password is not right.');
  await expect(page).toHaveURL(/\/login\/verify\/password/);
});

test('a student signs in with a library card from the imported list', async ({ page }) => {
  // A card first used in this run: a demo card's holder keeps the name given in an earlier run against the same
  // .data/e2e (and its sign-in attempts count towards the per-card limit), so it would skip the name page.
  const cardNumber = `4001${Date.now()}`;
  await withDatabase((db) =>
    db.query('insert into library_cards (library_id, card_hash, pin_hash) values (4001, $1, $2)', [hashSecret(cardNumber), hashSecret('1357')]),
  );
  await page.goto('/login?lib=4001');
  await page.getByRole('link', { name: 'Sign in with your library card' }).click();
  await expect(page).toHaveURL(/\/login\/librarycard\?lib=4001$/);
  await page.getByLabel('Library card number', { exact: true }).fill(cardNumber);
  await page.getByLabel('PIN', { exact: true }).fill('0000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The library card number or PIN is not right.');
  await page.getByLabel('PIN', { exact: true }).fill('1357');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/update\/fullName$/);
  await page.getByLabel('First name', { exact: true }).fill('Card');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/myAccount');
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('Eastgate College Library');
  // No password, so the shorter menu: no Manage Password.
  await page.getByRole('button', { name: 'Account menu for Card' }).click();
  const menu = page.getByTestId('profile-dropdown');
  await expect(menu.getByRole('link', { name: 'My Favorites' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Manage Password' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Help', exact: true })).toHaveAttribute('href', 'mailto:it-help@eastgate.test');
});

test('a patron signs in with a card their library checks live over SIP2', async ({ page }) => {
  await page.goto(`/login/librarycard?lib=${SSO_LIBRARY}`);
  await page.getByLabel('Library card number', { exact: true }).fill('29001000111');
  await page.getByLabel('PIN', { exact: true }).fill('4321');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The library system gave the patron's name, so no name page.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Ngozi Okafor' })).toBeVisible();
});

test('a member signs in through their library’s OpenID Connect provider', async ({ page }) => {
  await page.goto(`/login?lib=${SSO_LIBRARY}`);
  await page.getByRole('link', { name: 'Sign in with your Lakeside University Library account' }).click();
  await expect(page).toHaveURL(new RegExp(`/login/sso\\?lib=${SSO_LIBRARY}$`));
  await page.getByRole('link', { name: 'Continue' }).click();
  // The provider's own sign-in page.
  await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/`));
  await page.getByPlaceholder('Enter any login').fill('alice');
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Alice Lakeside' })).toBeVisible();
  await page.goto('/dashboard/myAccount');
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('alice@lakeside.test');
});

test('a member adds a favourite, sees it on My Favorites, and removes it', async ({ page }) => {
  await signInWithPassword(page, 'reader@riverside.test');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/myFavorites');
  const favourites = page.getByRole('list', { name: 'Your favourite magazines' });
  const more = page.getByRole('list', { name: 'More magazines to follow' });
  const firstSuggestion = more.getByRole('button', { name: /^Favourite / }).first();
  const label = (await firstSuggestion.getAttribute('aria-label'))!;
  const name = label.replace(/^Favourite /, '');
  await expect(firstSuggestion).toHaveAttribute('aria-pressed', 'false');
  await firstSuggestion.click();
  await expect(favourites.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(favourites).toContainText(name);
  await expect(favourites.getByText(/^Latest: /).first()).toBeVisible();
  await favourites.getByRole('button', { name: label }).click();
  await expect(more.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(favourites).not.toContainText(name);
});

test('a member favourites a magazine from its card in a listing, finds it on My Favorites, and removes it (320px wide, keyboard)', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const titles = page.getByRole('list', { name: 'Most Popular' }).getByRole('listitem');
  await signInWithPassword(page, 'reader@riverside.test');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/magazines/BS/en');
  const first = titles.getByRole('button', { name: /^Favourite /, pressed: false }).first();
  await expect(first).toBeEnabled();
  const label = (await first.getAttribute('aria-label'))!;
  const name = label.replace(/^Favourite /, '');
  const toggle = page.getByRole('button', { name: label, exact: true });
  const card = titles.filter({ has: toggle });
  await expect(titles.locator('a button')).toHaveCount(0);
  // The toggle sits at the cover's foot, which may be below the fold: whole once scrolled to, never cut at the side.
  await toggle.scrollIntoViewIfNeeded();
  await expect(toggle).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // From the keyboard: Tab leads from the card's link to its toggle.
  await card.getByRole('link').focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/dashboard/myFavorites');
  const favourites = page.getByRole('list', { name: 'Your favourite magazines' });
  await expect(favourites).toContainText(name);
  await favourites.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('list', { name: 'More magazines to follow' }).getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(favourites).not.toContainText(name);

  await page.goto('/magazines/BS/en');
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

test('changing the password ends the member’s other sessions; this one carries on', async ({ page, browser, baseURL }) => {
  // A member of Riverside with the demo password, made for this test so the demo accounts keep theirs.
  const email = `changer.${Date.now()}@riverside.test`;
  await withDatabase(async (db) => {
    const { rows } = await db.query(
      `insert into users (first_name, email, password_hash) select 'Pat', $1, password_hash from users where email = 'reader@riverside.test' returning id`,
      [email],
    );
    await db.query(`insert into memberships (user_id, library_id, expires_at) values ($1, 1001, now() + interval '90 days')`, [rows[0].id]);
  });

  const laptop = await browser.newContext({ baseURL });
  const other = await laptop.newPage();
  try {
    await signInWithPassword(other, email);
    await expect(other).toHaveURL(/\/$/);
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/dashboard/manage-password');
    await page.getByLabel('Current password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('a longer reading-room password');
    await page.getByLabel('Type the new password again', { exact: true }).fill('a longer reading-room password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    // This browser is still signed in; the other one is sent to sign in again.
    await page.goto('/dashboard/myAccount');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');
    await other.goto('/dashboard/myAccount');
    await expect(other).toHaveURL(/\/login$/);
    // With the new password, back to the page it was sent away from.
    await signInWithPassword(other, email, 'a longer reading-room password');
    await expect(other).toHaveURL(/\/dashboard\/myAccount$/);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('My Account');
  } finally {
    await laptop.close();
  }
});

test('logging out revokes the token: the old one is refused afterwards', async ({ page, request }) => {
  await signInWithPassword(page, 'school@northfield.test');
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => window.localStorage.getItem('userToken'));
  expect(token).toBeTruthy();
  const before = await request.post('/api/user/validateuser', { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(before.status()).toBe(200);
  await page.goto('/dashboard/myAccount');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('userToken'))).toBeNull();
  const after = await request.post('/api/user/validateuser', { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(after.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the sign-in and account pages fit a 320px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const fits = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(320);
  };
  for (const path of ['/login?lib=4001', '/login/email', '/login/linkmobile', '/login/librarycard?lib=4001', `/login/sso?lib=${SSO_LIBRARY}`, '/accesscode', '/guestlva']) await fits(path);
  await signInWithPassword(page, 'reader@riverside.test');
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/dashboard', '/dashboard/myAccount', '/dashboard/myFavorites', '/dashboard/manage-password', '/login/thankyou']) await fits(path);
});

test.describe('doors that stay shut without a session', () => {
  const buildId = fs.readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim();

  for (const pathname of ['/dashboard', '/dashboard/myAccount', '/dashboard/myFavorites', '/dashboard/manage-password', '/login/thankyou']) {
    test(`${pathname}: the x-middleware-subrequest header does not skip the gate`, async ({ request }) => {
      for (const header of ['middleware', 'middleware:middleware:middleware:middleware:middleware', 'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware', 'pages/_middleware']) {
        const res = await request.get(pathname, { headers: { 'x-middleware-subrequest': header }, maxRedirects: 0 });
        expect(res.status(), header).toBeGreaterThanOrEqual(300);
        expect(res.status(), header).toBeLessThan(400);
        expect(res.headers().location).toMatch(/\/login$/);
        expect(await res.text()).not.toContain('Membership ends');
      }
    });

    test(`${pathname}: its /_next/data request gives no member data`, async ({ request }) => {
      for (const headers of <Array<Record<string, string>>>[{}, { 'x-nextjs-data': '1' }, { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware', 'x-nextjs-data': '1' }]) {
        const res = await request.get(`/_next/data/${buildId}${pathname}.json`, { headers, maxRedirects: 0 });
        const body = await res.text();
        expect(body).not.toMatch(/"account"|"favourites"|"membershipEnds"|"email"/);
        const redirect = res.headers()['x-nextjs-redirect'] ?? res.headers().location;
        if (redirect) expect(redirect).toMatch(/\/login$/);
        else expect(JSON.parse(body)).toMatchObject({ pageProps: { __N_REDIRECT: '/login' } });
      }
    });
  }

  test('/dev/outbox does not exist in production', async ({ request, page }) => {
    expect((await request.get('/dev/outbox')).status()).toBe(404);
    await signInWithPassword(page, 'reader@riverside.test');
    await expect(page).toHaveURL(/\/$/);
    const signedIn = await page.goto('/dev/outbox');
    expect(signedIn?.status()).toBe(404);
  });
});
