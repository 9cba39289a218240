import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNT_MENU, OPEN_ROUTE_PATTERNS, PRIMARY_LINKS } from '../../lib/routes';
import { NOT_A_ROUTE, ROUTES, type Answer, type RouteRow } from './routes';

type Audience = 'visitor' | 'guest';

let guestState: string;

/** Signs in once as a guest of the default library, the way a person does, and keeps the browser's state. */
test.beforeAll(async ({ browser, baseURL }, testInfo) => {
  guestState = testInfo.outputPath('guest-state.json');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  await context.storageState({ path: guestState });
  await context.close();
});

async function open(browser: Browser, baseURL: string, who: Audience): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...(who === 'guest' ? { storageState: guestState } : {}) });
  return context.newPage();
}

function describeAnswer(answer: Answer): string {
  if ('redirect' in answer) return `goes to ${answer.redirect}`;
  if ('json' in answer) return 'answers JSON';
  if ('notFound' in answer) return 'shows the 404 screen';
  return answer.heading ? `shows “${String(answer.heading)}”` : 'shows its page';
}

async function expectAnswer(page: Page, row: RouteRow, answer: Answer) {
  if ('json' in answer) {
    const response = await page.request.get(row.example, { maxRedirects: 0 });
    expect(response.status()).toBe(answer.status ?? 200);
    expect(response.headers()['content-type']).toMatch(/^application\/json\b/);
    const body = (await response.json()) as unknown;
    if (Array.isArray(answer.json)) expect(body).toEqual(answer.json);
    else expect(body).toMatchObject(answer.json);
    // A machine address: no callback cookie remembers it.
    expect(response.headers()['set-cookie'] ?? '').not.toMatch(/callbackUrl|cb=/);
    return;
  }
  const response = await page.goto(row.example);
  const landed = new URL(page.url());
  const where = `${landed.pathname}${landed.search}`;
  if ('redirect' in answer) {
    expect(where).toBe(answer.redirect);
    return;
  }
  if ('notFound' in answer) {
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can’t find that page');
    await expect(page.getByRole('navigation', { name: 'Ways on' }).getByRole('link', { name: 'Home' })).toBeVisible();
    return;
  }
  expect(response?.status()).toBe(answer.status ?? 200);
  expect(where).toBe(row.example);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByText(/^Error \d{3}$/)).toHaveCount(0);
  if (answer.heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(answer.heading);
}

for (const row of [...ROUTES, NOT_A_ROUTE]) {
  for (const who of ['visitor', 'guest'] as const) {
    const answer = row[who];
    const pending = row.pending ? ` (pending: ${row.pending.owner})` : '';
    test(`${row.route}: a ${who === 'guest' ? 'signed-in guest' : 'visitor'} ${describeAnswer(answer)}${pending}`, async ({ browser, baseURL }) => {
      test.skip(Boolean(row.pending), `pending: ${row.route} belongs to the ${row.pending?.owner}, not built yet`);
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
