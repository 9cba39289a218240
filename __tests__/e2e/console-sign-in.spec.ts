import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { operatorLink, signInWithLink } from './console-people';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Nothing wider than a 320px phone: the screen reflows instead of scrolling sideways. */
async function fitsAt320(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an operator offers email codes only and a chosen collection, and /login for that library then offers only email', async ({ page, baseURL }) => {
  // The e2e database outlives a run: this run's library is its own, so the seeded ones keep their settings.
  const name = `Harbourside Branch ${Date.now().toString(36)}`;
  await signInWithLink(page, operatorLink('signin.operator@riverside.test', baseURL!));
  const create = page.getByRole('region', { name: 'Add a library' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Add library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}: settings` })).toBeVisible();
  const libraryId = Number(/\/admin\/libraries\/(\d+)$/.exec(page.url())?.[1]);
  expect(libraryId).toBeGreaterThan(0);
  expect(await axeViolations(page)).toEqual([]);
  await fitsAt320(page);

  const ways = page.getByRole('group', { name: 'Sign-in ways offered' });
  await expect(ways.getByRole('checkbox')).toHaveCount(3);
  await ways.getByRole('checkbox', { name: 'Password' }).uncheck();
  // By keyboard, as a person without a mouse would.
  await ways.getByRole('checkbox', { name: 'Mobile code' }).focus();
  await page.keyboard.press('Space');
  await expect(ways.getByRole('checkbox', { name: 'Mobile code' })).not.toBeChecked();
  await expect(ways.getByRole('checkbox', { name: 'Email code' })).toBeChecked();

  // A SIP2 card mode without its server: the server's message next to the field, and the field focused.
  const cards = page.getByRole('group', { name: 'Library cards' });
  await cards.getByLabel('How cards are checked').selectOption('sip2');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Not saved: please correct the field marked below.');
  const host = cards.getByLabel('SIP2 host');
  await expect(host).toBeFocused();
  await expect(host).toHaveAttribute('aria-invalid', 'true');
  await expect(host).toHaveAccessibleDescription('sip2Host: is required when cards are checked by SIP2');
  expect(await axeViolations(page)).toEqual([]);
  await cards.getByLabel('How cards are checked').selectOption('none');
  await expect(cards.getByLabel('SIP2 host')).toHaveCount(0);

  const sso = page.getByRole('group', { name: 'Single sign-on (OpenID Connect)' });
  await expect(sso.getByText('No secret is set.')).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Sign-in ways offered' }).getByRole('checkbox', { name: 'Password' })).not.toBeChecked();

  await page.getByRole('link', { name: `Choose the titles ${name} offers (its collection)` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}: collection` })).toBeVisible();
  await expect(page.getByText('Members see every title.')).toBeVisible();
  await page.getByRole('radio', { name: 'Only the titles and categories chosen' }).check();
  const find = page.getByRole('search', { name: 'Titles' });
  await find.getByLabel('Title, publisher or ISSN').fill('Wanderlust');
  await find.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('table', { name: 'Titles found' });
  // The first page of every title stays until the search answers: wait for the titles it finds.
  const add = found.getByRole('row').filter({ hasText: 'Wanderlust' }).first().getByRole('button', { name: /^Add / });
  await expect(add).toBeVisible();
  const title = ((await add.textContent()) ?? '').replace(/^Add\s*/, '').trim();
  expect(title).toContain('Wanderlust');
  await add.click();
  await expect(page.getByRole('table', { name: 'Chosen titles' }).getByRole('cell', { name: title, exact: true })).toBeVisible();
  await expect(found.getByRole('button', { name: `Remove ${title}` })).toBeVisible();
  await expect(page.getByText('Chosen: 1 title and 0 categories. Not saved yet.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await fitsAt320(page);
  await page.getByRole('button', { name: 'Save collection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Collection saved: 1 title and 0 categories chosen.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Chosen titles' }).getByRole('cell', { name: title, exact: true })).toBeVisible();

  // A visitor asked to sign in to this library is offered the email code, and nothing else.
  await page.context().clearCookies();
  await page.goto(`/login?lib=${libraryId}`);
  await expect(page.getByText(`Read ${name}’s magazines, newspapers and stories.`)).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Continue with email' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Continue with mobile number' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: /library card|library account/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Continue as guest' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await main.getByRole('link', { name: 'Continue with email' }).click();
  await expect(page).toHaveURL(new RegExp(`/login/email\\?lib=${libraryId}$`));
  await expect(page.getByRole('button', { name: 'Email me a code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with my password' })).toHaveCount(0);

  // A library that never changed its settings still offers the password beside the code.
  await page.goto('/login/email?lib=1001');
  await expect(page.getByRole('button', { name: 'Email me a code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with my password' })).toBeVisible();
});
