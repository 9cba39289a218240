import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signSessionToken } from '../../lib/session-token';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { axeViolations } from './axe';
import { toolbarWorks } from './reader-ready';
import { withDatabase } from './database';
import { openLatestIssuePage } from './guest';

const DEMO_PASSWORD = 'reading-room-2026';
const RIVERSIDE = 1001;

/** A library of this run's own, so its reports hold exactly what this spec reads (the e2e database outlives a run). */
interface Cast {
  libraryId: number;
  libraryName: string;
  member: { name: string; email: string };
  staffId: number;
  otherStaffId: number;
}

async function castForRun(run: string): Promise<Cast> {
  return withDatabase(async (db) => {
    const libraryName = `Usage Check ${run}`;
    const { rows: library } = await db.query<{ id: number }>(
      "insert into libraries (id, name) select coalesce(max(id), 0) + 1, $1 from libraries where id < 1000000 returning id",
      [libraryName],
    );
    const libraryId = library[0].id;
    const member = { name: `Ines Quill${run}`, email: `ines.${run}@usage.test` };
    // The demo accounts' password, so the member signs in as a person does.
    const { rows: user } = await db.query<{ id: number }>(
      "insert into users (email, first_name, last_name, password_hash) select $1, 'Ines', $2, password_hash from users where email = 'reader@riverside.test' returning id",
      [member.email, `Quill${run}`],
    );
    await db.query("insert into memberships (user_id, library_id, expires_at) values ($1, $2, now() + interval '30 days')", [user[0].id, libraryId]);
    const staff = async (email: string, library: number) => {
      const { rows } = await db.query<{ id: number }>("insert into users (email, first_name, last_name) values ($1, 'Sol', 'Staff') returning id", [email]);
      await db.query('insert into library_staff (user_id, library_id) values ($1, $2)', [rows[0].id, library]);
      return rows[0].id;
    };
    return {
      libraryId,
      libraryName,
      member,
      staffId: await staff(`usage.staff.${run}@usage.test`, libraryId),
      otherStaffId: await staff(`riverside.staff.${run}@usage.test`, RIVERSIDE),
    };
  });
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in with my password' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A browser of the staff member's own (nothing of the member's session in it), signed in by the session cookie. */
async function staffPage(browser: Browser, staffId: number, baseURL: string): Promise<Page> {
  const context = await browser.newContext();
  const { token } = await signSessionToken({ uid: staffId, libid: 0, mexp: 0, guest: false }, E2E_JWT_SECRET, 3600);
  await context.addCookies([{ name: 'session', value: token, url: baseURL, httpOnly: true }]);
  return context.newPage();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The reader on an issue page: opened, page one drawn, then `turns` pages on, each saved. */
async function readIssue(page: Page, turns: number) {
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read', exact: true }).click()]);
  // One page a view, so each arrow shows the next page.
  await reader.setViewportSize({ width: 800, height: 900 });
  await expect(reader.getByRole('status')).toHaveText(/^Page 1 of \d+$/);
  await expect.poll(() => reader.locator('img[data-page="1"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await toolbarWorks(reader);
  for (let pageNo = 2; pageNo <= turns + 1; pageNo += 1) {
    const saved = reader.waitForResponse((response) => response.url().endsWith('/api/reader/progress'), { timeout: 30_000 });
    await reader.getByRole('button', { name: 'Next page' }).click();
    await expect(reader.getByRole('status')).toHaveText(new RegExp(`^Page ${pageNo} of \\d+$`));
    expect((await saved).status()).toBe(200);
  }
  await reader.close();
}

test('a member reads a journal and a magazine, opens a story and searches; the library’s staff see it counted (the journal in TR_J1, the magazine in TR), download TR_J1, and no member is named', async ({ page, browser, baseURL }) => {
  test.setTimeout(420_000);
  const run = Date.now().toString(36);
  const cast = await castForRun(run);
  const month = new Date().toISOString().slice(0, 7);

  // A journal of the demo (the journals category, 154: Data_Type Journal) with a story, rated for the reader's default
  // age (5), and the member reads it: its latest issue in the reader, three pages on, then the story.
  const title = await withDatabase(async (db) => {
    const { rows } = await db.query<{ mid: number; name: string; canon_url: string; story: string }>(
      `select m.id as mid, m.name, s.canon_url, s.title as story
       from magazines m join stories s on s.magazine_id = m.id
       where m.category_id = 154 and m.age_rating <= 5 order by m.id, s.id limit 1`,
    );
    return rows[0];
  });
  expect(title, 'the demo has a journal with a story').toBeDefined();
  await signInWithPassword(page, cast.member.email);
  await page.goto(`/magazine/${title.mid}`);
  await page.getByRole('link', { name: 'Open latest issue' }).click();
  await expect(page).toHaveURL(new RegExp(`/magazine/${title.mid}/\\d+$`));
  await readIssue(page, 3);
  await page.goto(`/stories/${title.canon_url}`);
  await expect(page.getByRole('heading', { name: title.story })).toBeVisible();

  // A magazine (Data_Type Newspaper_or_Newsletter: not a Journal), read in the reader too.
  await openLatestIssuePage(page);
  const magazine = await withDatabase(async (db) => {
    const { rows } = await db.query<{ name: string; category_id: number }>('select m.name, m.category_id from issues i join magazines m on m.id = i.magazine_id where i.id = $1', [
      Number(page.url().split('/').pop()),
    ]);
    return rows[0];
  });
  expect(magazine.category_id, 'a magazine, not a journal nor a newspaper').not.toBe(154);
  expect(magazine.category_id).not.toBe(52);
  await readIssue(page, 1);
  const searched = await page.goto('/search?q=harbour');
  expect(searched?.status()).toBe(200);

  // The library's staff open the reports screen.
  page = await staffPage(browser, cast.staffId, baseURL!);
  const screen = await page.goto(`/admin/libraries/${cast.libraryId}/reports`);
  expect(screen?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage reports' })).toBeVisible();
  const monthHeading = `${MONTHS[Number(month.slice(5)) - 1]}-${month.slice(0, 4)}`;
  const table = (id: string) => page.getByRole('region', { name: `${id} table` });
  const row = (id: string, ...cells: string[]) => table(id).getByRole('row').filter({ hasText: new RegExp(cells.map(escape).join('.*')) });
  const show = async (reportId: string) => {
    await page.getByLabel('Report', { exact: true }).selectOption(reportId);
    await page.getByLabel('From month').fill(month);
    await page.getByLabel('To month').fill(month);
    await page.getByRole('button', { name: 'Show report' }).click();
  };
  // PR_P1 for this month (the screen opens on the last complete month). The journal's issue and story: 2 requests
  // of a Journal, 2 unique items; the magazine's issue: 1 request of a Newspaper_or_Newsletter; one search. Cells:
  // Data_Type, Metric_Type, Reporting_Period_Total, then the month.
  await show('PR_P1');
  const total = (metric: string, dataType: string) => row('PR_P1', dataType, metric).getByRole('cell').nth(2);
  await expect(total('Total_Item_Requests', 'Journal')).toHaveText('2');
  await expect(total('Unique_Item_Requests', 'Journal')).toHaveText('2');
  await expect(total('Total_Item_Requests', 'Newspaper_or_Newsletter')).toHaveText('1');
  await expect(total('Unique_Item_Requests', 'Newspaper_or_Newsletter')).toHaveText('1');
  await expect(total('Searches_Platform', 'Platform')).toHaveText('1');
  expect(await axeViolations(page)).toEqual([]);

  // TR for this month: the magazine and the journal, each as the title it is.
  await show('TR');
  await expect(page.getByRole('heading', { level: 2, name: `Title Report, ${monthHeading} to ${monthHeading}` })).toBeVisible();
  await expect(row('TR', magazine.name, 'Total_Item_Requests').getByRole('cell').first()).toHaveText(magazine.name);
  await expect(row('TR', magazine.name, 'Total_Item_Requests').getByRole('cell').last()).toHaveText('1');
  await expect(row('TR', title.name, 'Total_Item_Requests').getByRole('cell').last()).toHaveText('2');

  // TR_J1 for this month: the journal's rows only (a magazine is not a Journal).
  await show('TR_J1');
  await expect(page.getByRole('heading', { level: 2, name: `Journal Requests (Controlled), ${monthHeading} to ${monthHeading}` })).toBeVisible();
  const cells = (metric: string) => row('TR_J1', title.name, metric).getByRole('cell');
  await expect(cells('Total_Item_Requests')).toHaveText([title.name, /.*/, 'Total_Item_Requests', '2', '2']);
  await expect(cells('Unique_Item_Requests')).toHaveText([title.name, /.*/, 'Unique_Item_Requests', '2', '2']);
  await expect(table('TR_J1').getByRole('row')).toHaveCount(3);
  await expect(table('TR_J1')).not.toContainText(magazine.name);
  expect(await axeViolations(page)).toEqual([]);

  // The download: 13 header rows, row 14 blank, the headings, then the title's two rows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download TR_J1 (COUNTER 5.1 TSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(`TR_J1_${cast.libraryId}_${month}_${month}.tsv`);
  const downloaded = fs.readFileSync((await download.path())!, 'utf8');
  // UTF-8 with a byte-order mark, and the header rows padded with tabs to the body's width, as the Code's samples.
  expect(downloaded.startsWith('\uFEFF')).toBe(true);
  const tsv = downloaded.slice(1);
  const lines = tsv.split('\n').map((line, index) => (index < 14 ? line.replace(/\t+$/, '') : line));
  expect(lines.slice(0, 13).map((line) => line.split('\t')[0])).toEqual([
    'Report_Name', 'Report_ID', 'Release', 'Institution_Name', 'Institution_ID', 'Metric_Types', 'Report_Filters', 'Report_Attributes',
    'Exceptions', 'Reporting_Period', 'Created', 'Created_By', 'Registry_Record',
  ]);
  expect(lines.slice(0, 7)).toEqual([
    'Report_Name\tJournal Requests (Controlled)',
    'Report_ID\tTR_J1',
    'Release\t5.1',
    `Institution_Name\t${cast.libraryName}`,
    `Institution_ID\tlibraryreader:${cast.libraryId}`,
    'Metric_Types\tTotal_Item_Requests; Unique_Item_Requests',
    'Report_Filters\tData_Type=Journal; Access_Type=Controlled; Access_Method=Regular',
  ]);
  expect(lines[13]).toBe('');
  expect(lines[14]).toBe(`Title\tPublisher\tPublisher_ID\tPlatform\tDOI\tProprietary_ID\tPrint_ISSN\tOnline_ISSN\tURI\tMetric_Type\tReporting_Period_Total\t${monthHeading}`);
  const body = lines.slice(15).filter(Boolean);
  expect(body).toHaveLength(2);
  expect(body.map((line) => { const cols = line.split('\t'); return [cols[0], ...cols.slice(-3)]; })).toEqual([
    [title.name, 'Total_Item_Requests', '2', '2'],
    [title.name, 'Unique_Item_Requests', '2', '2'],
  ]);

  // Nothing names the member: not the screen, not the file.
  const shown = await page.locator('body').innerText();
  for (const identity of [cast.member.email, cast.member.name, `Quill${run}`]) {
    expect(shown).not.toContain(identity);
    expect(tsv).not.toContain(identity);
  }

  // Staff of another library are refused the screen and the file.
  await page.context().close();
  page = await staffPage(browser, cast.otherStaffId, baseURL!);
  const refused = await page.goto(`/admin/libraries/${cast.libraryId}/reports`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Not for you' })).toBeVisible();
  const file = await page.request.get(`/api/admin/libraries/${cast.libraryId}/reports/TR_J1?begin=${month}&end=${month}&format=tsv`);
  expect(file.status()).toBe(403);
  await page.context().close();
});
