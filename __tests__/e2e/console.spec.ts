import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { operatorLink, signInAs, signInWithLink } from './console-people';
import { withDatabase } from './database';

const RIVERSIDE = 1001;

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('an operator signs in with the printed link, adds a member, imports two from CSV (after a preview), and withdraws an issue', async ({ page, baseURL }) => {
  // The e2e database outlives a run: this run's people are its own.
  const run = Date.now().toString(36);
  await signInWithLink(page, operatorLink('console.operator@riverside.test', baseURL!));
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Members of Riverside Public Library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members of Riverside Public Library' })).toBeVisible();

  const add = page.getByRole('region', { name: 'Add a member' });
  await add.getByLabel('Email').fill(`new.reader.${run}@riverside.test`);
  await add.getByLabel('First name').fill(`Nadia ${run}`);
  await add.getByLabel('Last name').fill('Reader');
  await add.getByLabel('Membership ends').fill('2030-06-30');
  await add.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('status').filter({ hasText: `new.reader.${run}@riverside.test was added.` })).toBeVisible();

  const find = page.getByRole('search');
  await find.getByLabel('Name, email, mobile or card number').fill(`nadia ${run}`);
  await find.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Members found' }).getByRole('cell', { name: `Nadia ${run} Reader`, exact: true })).toBeVisible();

  const csv = `email,name,end_date\ncsv.one.${run}@riverside.test,Csv One,2030-01-31\ncsv.two.${run}@riverside.test,Csv Two,2030-02-28\nnot-an-email,Bad Row,2030-01-01\n`;
  const importer = page.getByRole('region', { name: 'Import members from a CSV file' });
  await importer.getByLabel('CSV file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importer.getByRole('button', { name: 'Preview' }).click();
  await expect(importer.getByText('members.csv: 2 to add, 0 to change, 0 unchanged, 1 refused.')).toBeVisible();
  await expect(importer.getByRole('cell', { name: 'the email is not a valid address' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await importer.getByRole('button', { name: 'Import' }).click();
  await expect(importer.getByText('Imported: 2 added, 0 changed, 1 refused.')).toBeVisible();
  await find.getByLabel('Name, email, mobile or card number').fill(`.${run}@`);
  await find.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('table', { name: 'Members found' });
  await expect(found.getByRole('cell', { name: `csv.one.${run}@riverside.test` })).toBeVisible();
  await expect(found.getByRole('cell', { name: `csv.two.${run}@riverside.test` })).toBeVisible();
  await expect(found.getByRole('cell', { name: 'not-an-email' })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
  const titles = page.getByRole('search');
  await titles.getByLabel('Title, publisher or ISSN').fill('Wanderlust');
  await titles.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: /^Show issues of / }).first().click();
  const issues = page.getByRole('region', { name: /^Issues of / });
  const withdraw = issues.getByRole('button', { name: /^Withdraw / }).first();
  await withdraw.click();
  await expect(issues.getByRole('status')).toContainText('is withdrawn: members no longer see it.');
  await expect(issues.getByRole('cell', { name: /^Withdrawn / })).toHaveCount(1);
  await issues.getByRole('button', { name: /^Restore / }).click();
  await expect(issues.getByRole('status')).toContainText('is back for members.');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('cell', { name: /member\.import library:1001/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /issue\.restore issue:/ }).first()).toBeVisible();
});

test('library staff cannot open another library’s pages, and a member cannot open the console', async ({ page, baseURL }) => {
  const staffId = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      "insert into users (email, first_name, last_name) values ('staff@riverside.test', 'Sam', 'Staff') on conflict (email) do update set first_name = excluded.first_name returning id",
    );
    await db.query('insert into library_staff (user_id, library_id) values ($1, $2) on conflict do nothing', [rows[0].id, RIVERSIDE]);
    return rows[0].id;
  });
  await signInAs(page, baseURL!, { uid: staffId, libid: 0, mexp: 0 });
  const own = await page.goto('/admin/libraries/1001/members');
  expect(own?.status()).toBe(200);
  const other = await page.goto('/admin/libraries/3001/members');
  expect(other?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Not for you' })).toBeVisible();

  await page.context().clearCookies();
  const signedOut = await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  expect(signedOut?.ok()).toBe(true);
});

test('library staff turn on PDF download for reading apps in the library’s settings, and it is saved', async ({ page, baseURL }) => {
  const staffId = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      "insert into users (email, first_name, last_name) values ('pdf.staff@riverside.test', 'Pat', 'Staff') on conflict (email) do update set first_name = excluded.first_name returning id",
    );
    await db.query('insert into library_staff (user_id, library_id) values ($1, $2) on conflict do nothing', [rows[0].id, RIVERSIDE]);
    await db.query('update libraries set pdf_download = false where id = $1', [RIVERSIDE]);
    return rows[0].id;
  });
  await signInAs(page, baseURL!, { uid: staffId, libid: 0, mexp: 0 });
  // The double-submit token a sign-in sets beside the session: the console's saves send it back.
  await page.context().addCookies([{ name: 'XSRF-TOKEN', value: `e2e-${staffId}-xsrf`, url: baseURL! }]);
  await page.goto(`/admin/libraries/${RIVERSIDE}`);
  const pdf = page.getByRole('checkbox', { name: /Members may download issues as PDF/ });
  await expect(pdf).not.toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await pdf.check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toContainText('Settings saved.');
  expect(await withDatabase(async (db) => (await db.query<{ on: boolean }>('select pdf_download as on from libraries where id = $1', [RIVERSIDE])).rows[0].on)).toBe(true);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Members may download issues as PDF/ })).toBeChecked();
  await withDatabase((db) => db.query('update libraries set pdf_download = false where id = $1', [RIVERSIDE]));
});
