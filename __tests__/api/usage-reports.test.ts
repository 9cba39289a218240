// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { TEST_MEDIA_DIR, addPages } from './helpers/reader-factories';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { count, eq, sql } from 'drizzle-orm';
import { KBART_COLUMNS, type CounterReport } from '@/lib/counter-report';
import { issues, libraryStaff, usageEvents, usageSalts, usageSearches } from '@/server/db/schema';
import { recordUse, recordUses, utcDay } from '@/server/usage/counting';
import { addMembership, createCategory, createLibrary, createMagazine, createStory, createUser, inDays, tokenFor } from './helpers/factories';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, type ConsoleCast } from './helpers/console';

let app: TestApp;
let cast: ConsoleCast;
interface Reader {
  id: number;
  token: string;
  email: string;
  name: string;
}
const readers: Reader[] = [];
const titles = {
  journal: { id: 0, issue: 0, story: 0, storyUrl: '' },
  paper: { id: 0, issue: 0, story: 0, storyUrl: '' },
  travel: { id: 0, issue: 0, story: 0, storyUrl: '' },
  hidden: { id: 0 },
};

async function codeFor(who: Reader, issueId: number): Promise<string> {
  const res = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', {
    token: who.token,
    body: { user_id: who.id, issue: issueId, lib_id: cast.libraryA.id, ageRating: 5 },
  });
  expect(res.status).toBe(200);
  return res.body.code;
}

/** Opens an issue in the reader, as the reader screen does. */
async function openIssue(who: Reader, issueId: number, code?: string): Promise<string> {
  const readerCode = code ?? (await codeFor(who, issueId));
  const res = await call(app, `/api/reader/issue?code=${encodeURIComponent(readerCode)}&issue=${issueId}`, { token: who.token });
  expect(res.status).toBe(200);
  return readerCode;
}

async function readPage(who: Reader, code: string, issueId: number, page: number) {
  const res = await call(app, '/api/reader/progress', { method: 'PUT', token: who.token, body: { code, issue: issueId, page } });
  expect(res.status).toBe(200);
}

async function openStory(who: Reader, title: { id: number; issue: number; story: number }) {
  const res = await call(app, `/api/article/v1/article/${title.id}/${title.issue}/${title.story}`, { token: who.token });
  expect(res.status).toBe(200);
}

/** Counting does not hold up the reading call: wait until the counts it started have landed. */
async function countedRows(expected: number): Promise<number> {
  let rows = 0;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    [{ rows }] = await app.db.select({ rows: count() }).from(usageEvents);
    if (rows >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A moment longer, so a count that should not have happened has had its chance to.
  await new Promise((resolve) => setTimeout(resolve, 60));
  [{ rows }] = await app.db.select({ rows: count() }).from(usageEvents);
  return rows;
}

/** Counting does not hold up the search call either: wait until its counts have landed. */
async function countedSearches(expected: number): Promise<number> {
  let rows = 0;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    [{ rows }] = await app.db.select({ rows: count() }).from(usageSearches);
    if (rows >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 60));
  [{ rows }] = await app.db.select({ rows: count() }).from(usageSearches);
  return rows;
}

async function search(path: string, token?: string) {
  const res = await call(app, path, { token });
  expect(res.status).toBe(200);
}

/** Moves every stored click back, as if the next one came this many seconds later. */
async function later(seconds: number) {
  await app.db.update(usageEvents).set({ lastClickAt: sql`${usageEvents.lastClickAt} - make_interval(secs => ${seconds})` });
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

async function report(reportId: string, begin: string, end: string, token = cast.tokens.staffA, libraryId = cast.libraryA.id) {
  return call<{ status: string; report: CounterReport }>(app, `/api/admin/libraries/${libraryId}/reports/${reportId}?begin=${begin}&end=${end}`, { token });
}

async function tsv(path: string, token = cast.tokens.staffA) {
  const response = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  // Decoded by Buffer, not response.text(), which drops a byte-order mark.
  const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), text };
}

/**
 * The parts of a tabular report: a byte-order mark, 13 header rows and the blank row 14, each padded with tabs to the
 * body's width as the Code's samples are (the padding is checked here and left out of what is returned), then the body.
 */
function tsvParts(text: string) {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\n');
  expect(lines.pop()).toBe('');
  const width = lines[14].split('\t').length;
  for (const line of lines.slice(0, 14)) expect(line.split('\t')).toHaveLength(width);
  const unpadded = (line: string) => line.replace(/\t+$/, '');
  return { header: lines.slice(0, 13).map(unpadded), blank: unpadded(lines[13]), body: lines.slice(14) };
}

beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
  await createCategory(app.db, { id: 21, name: 'Travel' });
  await createCategory(app.db, { id: 52, name: 'Newspapers' });
  await createCategory(app.db, { id: 154, name: 'Journals' });
  // A title of the journals category is a Journal to COUNTER; every other magazine and newspaper a Newspaper_or_Newsletter.
  const journal = await createMagazine(app.db, { categoryId: 154, ageRating: 3, name: 'Harbour Monthly', publisher: 'Quay Press', issn: '1234-5679' });
  const paper = await createMagazine(app.db, { categoryId: 52, ageRating: 3, name: 'The Daily Lamp', publisher: 'Lamp News' });
  const hidden = await createMagazine(app.db, { categoryId: 21, ageRating: 8, name: 'Grown-up Weekly' });
  const journalStory = await createStory(app.db, { magazineId: journal.magazine.id, issueId: journal.issue.id, categoryId: 154, title: 'Lighthouses of the north' });
  const paperStory = await createStory(app.db, { magazineId: paper.magazine.id, issueId: paper.issue.id, categoryId: 52, title: 'Harbour wall repaired', isNews: true });
  titles.journal = { id: journal.magazine.id, issue: journal.issue.id, story: journalStory.id, storyUrl: journalStory.canonUrl };
  titles.paper = { id: paper.magazine.id, issue: paper.issue.id, story: paperStory.id, storyUrl: paperStory.canonUrl };
  titles.hidden = { id: hidden.magazine.id };
  const travel = await createMagazine(app.db, { categoryId: 21, ageRating: 3, name: 'Coast Walks', publisher: 'Quay Press' });
  const travelStory = await createStory(app.db, { magazineId: travel.magazine.id, issueId: travel.issue.id, categoryId: 21, title: 'Cliff paths' });
  titles.travel = { id: travel.magazine.id, issue: travel.issue.id, story: travelStory.id, storyUrl: travelStory.canonUrl };
  await addPages(app.db, journal.issue.id, 12);
  for (const name of ['Ada Reader', 'Ben Reader']) {
    const [firstName, lastName] = name.split(' ');
    const user = await createUser(app.db, { firstName, lastName, email: `${firstName.toLowerCase()}.reader@example.test` });
    await addMembership(app.db, user.id, cast.libraryA.id, inDays(30));
    readers.push({ id: user.id, token: await tokenFor(user, cast.libraryA.id, inDays(30)), email: user.email!, name });
  }
});
afterAll(async () => {
  await app.close();
  fs.rmSync(TEST_MEDIA_DIR, { recursive: true, force: true });
});

describe('counting reading (COUNTER 5.1)', () => {
  it('counts one member reading 10 pages of an issue as 1 Total and 1 Unique request, and the pages as investigations', async () => {
    const [ada] = readers;
    const code = await openIssue(ada, titles.journal.issue);
    for (let page = 1; page <= 10; page += 1) await readPage(ada, code, titles.journal.issue, page);
    expect(await countedRows(11)).toBe(11);
    const res = await report('TR_J1', thisMonth(), thisMonth());
    expect(res.status).toBe(200);
    expect(res.body.report.rows.map((row) => [row.metricType, row.total])).toEqual([
      ['Total_Item_Requests', 1],
      ['Unique_Item_Requests', 1],
    ]);
  });

  it('counts a repeat within 30 seconds once (double-click), and again after 30 seconds, with Unique still 1', async () => {
    const [ada] = readers;
    const code = await openIssue(ada, titles.journal.issue);
    await openIssue(ada, titles.journal.issue, code);
    await readPage(ada, code, titles.journal.issue, 3);
    expect(await countedRows(12)).toBe(11);
    const issueRows = () => app.db.select().from(usageEvents).where(eq(usageEvents.kind, 'issue'));
    expect(await issueRows()).toHaveLength(1);
    await later(31);
    await openIssue(ada, titles.journal.issue, code);
    expect(await countedRows(12)).toBe(12);
    expect(await issueRows()).toHaveLength(2);
    const rows = (await report('TR_J1', thisMonth(), thisMonth())).body.report.rows;
    expect(rows.map((row) => [row.metricType, row.total])).toEqual([
      ['Total_Item_Requests', 2],
      ['Unique_Item_Requests', 1],
    ]);
  });

  it('counts two members as Unique 2, and stories opened in full as requests of their title', async () => {
    const [ada, ben] = readers;
    await later(31);
    await openIssue(ben, titles.journal.issue);
    await openStory(ada, titles.journal);
    await openStory(ben, titles.paper);
    expect(await countedRows(15)).toBe(15);
    const rows = (await report('TR_J1', thisMonth(), thisMonth())).body.report.rows;
    // Issue: Ada twice, Ben once (Unique 2); the story: Ada once (Unique 1). Newspapers are not journals.
    expect(rows.map((row) => [row.item[0], row.metricType, row.total])).toEqual([
      ['Harbour Monthly', 'Total_Item_Requests', 4],
      ['Harbour Monthly', 'Unique_Item_Requests', 3],
    ]);
  });

  it('counts a member’s searches for a new set of results (Searches_Platform), not the next page, a browse or a visitor’s search', async () => {
    const [ada, ben] = readers;
    // A search: the magazines tab's first page, the stories tab's first page, the library catalogue with words.
    await search('/api/catalogue/magazine-search?q=harbour&p=0&isGold=1', ada.token);
    await search('/api/article/v1/article-search?query=harbour&page=0', ben.token);
    await search(`/api/catalogue/magazine-libaray?query=lamp&libID=${cast.libraryA.id}&page=0`, ada.token);
    expect(await countedSearches(3)).toBe(3);
    // Not a search: the next pages of the same results, the discover half of the magazines tab, the overlay's lists
    // without words, an empty query, and anything a visitor or a user without a library asks.
    await search('/api/catalogue/magazine-search?q=harbour&p=1&isGold=1', ada.token);
    await search('/api/article/v1/article-search?query=harbour&page=1', ben.token);
    await search('/api/catalogue/search_list?q=harbour&isGold=1', ada.token);
    await search(`/api/catalogue/magazine-libaray?query=&libID=${cast.libraryA.id}&page=0`, ada.token);
    await search('/api/catalogue/magazine-search?q=&p=0&isGold=1', ada.token);
    await search('/api/catalogue/magazine-search?q=harbour&p=0&isGold=1');
    await search('/api/article/v1/article-search?query=harbour&page=0');
    expect(await countedSearches(4)).toBe(3);
    const rows = await app.db.select().from(usageSearches);
    expect(rows.map((row) => row.libraryId)).toEqual([cast.libraryA.id, cast.libraryA.id, cast.libraryA.id]);
    // Ada's two searches share her session hash; Ben's is another.
    expect(new Set(rows.map((row) => row.sessionHash)).size).toBe(2);
  });

  it('counts Unique_Item_Requests once per member, item and hour: COUNTER’s session of a logged-in user is user + date + hour', async () => {
    const library = await createLibrary(app.db, { name: 'Hourly Library' });
    const use = { kind: 'issue' as const, libraryId: library.id, titleId: titles.journal.id, issueId: titles.journal.issue, reader: 'member:7' };
    // Today, whose salt is kept, so the same member has the same hash all day.
    const today = utcDay(new Date());
    const month = today.slice(0, 7);
    await recordUse(use, new Date(`${today}T09:10:00Z`));
    await recordUse(use, new Date(`${today}T09:50:00Z`));
    const sameHour = await report('TR_J1', month, month, cast.tokens.operator, library.id);
    expect(sameHour.body.report.rows.map((row) => [row.metricType, row.total])).toEqual([
      ['Total_Item_Requests', 2],
      ['Unique_Item_Requests', 1],
    ]);
    await recordUse(use, new Date(`${today}T14:05:00Z`));
    const laterHour = await report('TR_J1', month, month, cast.tokens.operator, library.id);
    expect(laterHour.body.report.rows.map((row) => [row.metricType, row.total])).toEqual([
      ['Total_Item_Requests', 3],
      ['Unique_Item_Requests', 2],
    ]);
  });

  it('writes uses waiting together as one at a time in order would: repeats merged by the double-click rule, a run 30 s on counted again', async () => {
    const today = utcDay(new Date());
    const at = (time: string) => new Date(`${today}T${time}Z`);
    // The same clicks, as [reader, item, time]: member 1 clicks story 1 four times (the last 31 s after the third)
    // and story 2 once, member 2 story 1 twice, 44 s apart; member 1's click on story 1 at 10:00:00 is already there.
    const clicks: Array<[string, number, string]> = [
      ['member:1', 1, '10:00:20'],
      ['member:2', 1, '10:00:21'],
      ['member:1', 1, '10:00:40'],
      ['member:1', 2, '10:00:41'],
      ['member:1', 1, '10:00:55'],
      ['member:2', 1, '10:01:05'],
      ['member:1', 1, '10:01:26'],
    ];
    const events = async (libraryId: number) =>
      (await app.db.select().from(usageEvents).where(eq(usageEvents.libraryId, libraryId)))
        .map((row) => `story ${row.storyId} ${row.lastClickAt?.toISOString().slice(11, 19)}`)
        .sort();
    const written: string[][] = [];
    for (const together of [false, true]) {
      const library = await createLibrary(app.db, { name: `Double-click Library ${together ? 'together' : 'one by one'}` });
      const use = (reader: string, storyId: number) => ({ kind: 'story' as const, libraryId: library.id, titleId: titles.journal.id, issueId: titles.journal.issue, storyId, reader });
      await recordUse(use('member:1', 1), at('10:00:00'));
      const uses = clicks.map(([reader, story, time]) => ({ use: use(reader, story), at: at(time) }));
      if (together) await recordUses(uses);
      else for (const { use: one, at: when } of uses) await recordUse(one, when);
      written.push(await events(library.id));
    }
    // Member 1's story 1: the click at 10:00:00 moved to 10:00:55, then a new count at 10:01:26; story 2 once;
    // member 2's story 1 twice.
    expect(written[0]).toEqual(['story 1 10:00:21', 'story 1 10:00:55', 'story 1 10:01:05', 'story 1 10:01:26', 'story 2 10:00:41']);
    expect(written[1]).toEqual(written[0]);
  });

  it('does not count a visitor’s preview, a refused code, or the reader when counting fails', async () => {
    const before = await countedRows(0);
    const preview = await call(app, `/api/article/v1/article/${titles.travel.id}/${titles.travel.issue}/${titles.travel.story}`);
    expect(preview.status).toBe(200);
    expect((await call(app, `/api/reader/issue?code=not-a-code&issue=${titles.journal.issue}`)).status).toBe(403);
    expect(await countedRows(before + 1)).toBe(before);
    // Counting broken (its table gone): reading answers as before, and the failure is logged once.
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await app.db.execute(sql`ALTER TABLE usage_events RENAME TO usage_events_away`);
    try {
      const code = await openIssue(readers[0], titles.journal.issue);
      await readPage(readers[0], code, titles.journal.issue, 5);
      await openStory(readers[1], titles.journal);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(errors.mock.calls.filter(([message]) => String(message).startsWith('Usage counting failed'))).toHaveLength(1);
    } finally {
      await app.db.execute(sql`ALTER TABLE usage_events_away RENAME TO usage_events`);
      errors.mockRestore();
    }
    expect(await countedRows(before)).toBe(before);
  });
});

describe('COUNTER 5.1 reports over HTTP', () => {
  const month = thisMonth();
  const [year, m] = month.split('-').map(Number);
  const monthName = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]}-${year}`;
  const endDate = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
  // The console may show the month in progress: its usage is still being counted (Exception 3031).
  const header = (name: string, id: string, metrics: string, filters: string, attributes: string) => [
    `Report_Name\t${name}`,
    `Report_ID\t${id}`,
    'Release\t5.1',
    `Institution_Name\tLibrary A`,
    `Institution_ID\tlibraryreader:${cast.libraryA.id}`,
    `Metric_Types\t${metrics}`,
    `Report_Filters${filters ? `\t${filters}` : ''}`,
    `Report_Attributes${attributes ? `\t${attributes}` : ''}`,
    `Exceptions\t3031: Usage Not Ready for Requested Dates (usage for ${month} is still being counted)`,
    `Reporting_Period\tBegin_Date=${month}-01; End_Date=${endDate}`,
    expect.stringMatching(/^Created\t\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    'Created_By\tLibrary Reading Site',
    'Registry_Record',
  ];

  it('PR_P1: the 13 header rows, blank row 14, then Platform, Data_Type and the metrics by month, searches as Data_Type Platform', async () => {
    const res = await tsv(`/api/admin/libraries/${cast.libraryA.id}/reports/PR_P1?begin=${month}&end=${month}&format=tsv`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/tab-separated-values; charset=utf-8');
    expect(res.disposition).toBe(`attachment; filename="PR_P1_${cast.libraryA.id}_${month}_${month}.tsv"`);
    const parts = tsvParts(res.text);
    expect(parts.header).toEqual(header('Platform Usage', 'PR_P1', 'Searches_Platform; Total_Item_Requests; Unique_Item_Requests; Unique_Title_Requests', 'Access_Method=Regular', ''));
    expect(parts.blank).toBe('');
    expect(parts.body).toEqual([
      `Platform\tData_Type\tMetric_Type\tReporting_Period_Total\t${monthName}`,
      'Library Reading Site\tJournal\tTotal_Item_Requests\t4\t4',
      'Library Reading Site\tJournal\tUnique_Item_Requests\t3\t3',
      'Library Reading Site\tNewspaper_or_Newsletter\tTotal_Item_Requests\t1\t1',
      'Library Reading Site\tNewspaper_or_Newsletter\tUnique_Item_Requests\t1\t1',
      'Library Reading Site\tPlatform\tSearches_Platform\t3\t3',
    ]);
  });

  it('TR_J1: one row per journal title and metric, with its identifiers', async () => {
    const res = await tsv(`/api/admin/libraries/${cast.libraryA.id}/reports/TR_J1?begin=${month}&end=${month}&format=tsv`);
    const parts = tsvParts(res.text);
    expect(parts.header).toEqual(
      header('Journal Requests (Controlled)', 'TR_J1', 'Total_Item_Requests; Unique_Item_Requests', 'Data_Type=Journal; Access_Type=Controlled; Access_Method=Regular', ''),
    );
    const title = `Harbour Monthly\tQuay Press\t\tLibrary Reading Site\t\tlibraryreader:T${titles.journal.id}\t1234-5679\t\t${app.baseUrl}/magazine/${titles.journal.id}`;
    expect(parts.body).toEqual([
      `Title\tPublisher\tPublisher_ID\tPlatform\tDOI\tProprietary_ID\tPrint_ISSN\tOnline_ISSN\tURI\tMetric_Type\tReporting_Period_Total\t${monthName}`,
      `${title}\tTotal_Item_Requests\t4\t4`,
      `${title}\tUnique_Item_Requests\t3\t3`,
    ]);
  });

  it('IR: stories as items with their parent title, a newspaper’s story as a News_Item', async () => {
    const res = await tsv(`/api/admin/libraries/${cast.libraryA.id}/reports/IR?begin=${month}&end=${month}&format=tsv`);
    const parts = tsvParts(res.text);
    expect(parts.header).toEqual(
      header(
        'Item Report',
        'IR',
        'Total_Item_Investigations; Total_Item_Requests; Unique_Item_Investigations; Unique_Item_Requests',
        '',
        'Attributes_To_Show=Access_Type; Include_Parent_Details=True',
      ),
    );
    expect(parts.body[0].split('\t')).toEqual([
      'Item', 'Publisher', 'Publisher_ID', 'Platform', 'DOI', 'Proprietary_ID', 'ISBN', 'Print_ISSN', 'Online_ISSN', 'URI',
      'Parent_Title', 'Parent_Authors', 'Parent_Publication_Date', 'Parent_Article_Version', 'Parent_Data_Type', 'Parent_DOI',
      'Parent_Proprietary_ID', 'Parent_ISBN', 'Parent_Print_ISSN', 'Parent_Online_ISSN', 'Parent_URI', 'Data_Type', 'Access_Type',
      'Metric_Type', 'Reporting_Period_Total', monthName,
    ]);
    const item = (story: string, publisher: string, title: typeof titles.journal, parent: string, parentType: string, issn: string, type: string) =>
      [
        story, publisher, '', 'Library Reading Site', '', `libraryreader:S${title.story}`, '', '', '', `${app.baseUrl}/stories/${title.storyUrl}`,
        parent, '', '', '', parentType, '', `libraryreader:T${title.id}`, '', issn, '', `${app.baseUrl}/magazine/${title.id}`, type, 'Controlled',
      ].join('\t');
    const metrics = ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'];
    expect(parts.body.slice(1)).toEqual([
      ...metrics.map((metric) => `${item('Harbour wall repaired', 'Lamp News', titles.paper, 'The Daily Lamp', 'Newspaper_or_Newsletter', '', 'News_Item')}\t${metric}\t1\t1`),
      ...metrics.map((metric) => `${item('Lighthouses of the north', 'Quay Press', titles.journal, 'Harbour Monthly', 'Journal', '1234-5679', 'Article')}\t${metric}\t1\t1`),
    ]);
  });

  it('answers JSON for the console with the same header fields and rows', async () => {
    const res = await report('PR_P1', month, month);
    expect(res.body.report).toMatchObject({
      reportId: 'PR_P1',
      release: '5.1',
      institutionName: 'Library A',
      beginDate: `${month}-01`,
      endDate,
      months: [month],
      itemColumns: ['Platform', 'Data_Type'],
    });
    expect(res.body.report.rows[0]).toEqual({ item: ['Library Reading Site', 'Journal'], metricType: 'Total_Item_Requests', total: 4, months: [4] });
    expect(res.body.report.rows.at(-1)).toEqual({ item: ['Library Reading Site', 'Platform'], metricType: 'Searches_Platform', total: 3, months: [3] });
  });

  it('reports a month range month by month, leaving out usage outside it', async () => {
    const library = await createLibrary(app.db, { name: 'Range Library' });
    const use = { kind: 'issue' as const, libraryId: library.id, titleId: titles.journal.id, issueId: titles.journal.issue };
    await recordUse({ ...use, reader: 'member:1' }, new Date('2026-01-15T10:00:00Z'));
    await recordUse({ ...use, reader: 'member:1' }, new Date('2026-02-03T10:00:00Z'));
    await recordUse({ ...use, reader: 'member:2' }, new Date('2026-02-03T11:00:00Z'));
    await recordUse({ ...use, reader: 'member:1' }, new Date('2026-03-31T23:59:00Z'));
    await recordUse({ ...use, reader: 'member:1' }, new Date('2025-12-31T23:59:00Z'));
    const range = await report('TR_J1', '2026-01', '2026-02', cast.tokens.operator, library.id);
    expect(range.status).toBe(200);
    expect(range.body.report).toMatchObject({ beginDate: '2026-01-01', endDate: '2026-02-28', months: ['2026-01', '2026-02'] });
    expect(range.body.report.rows.map((row) => [row.metricType, row.total, row.months])).toEqual([
      ['Total_Item_Requests', 3, [1, 2]],
      ['Unique_Item_Requests', 3, [1, 2]],
    ]);
    const body = tsvParts((await tsv(`/api/admin/libraries/${library.id}/reports/TR_J1?begin=2026-01&end=2026-03&format=tsv`, cast.tokens.operator)).text).body;
    expect(body[0].endsWith('Metric_Type\tReporting_Period_Total\tJan-2026\tFeb-2026\tMar-2026')).toBe(true);
    expect(body[1].endsWith('Total_Item_Requests\t4\t1\t2\t1')).toBe(true);
    const empty = await report('TR_J1', '2024-01', '2024-12', cast.tokens.operator, library.id);
    expect(empty.body.report.rows).toEqual([]);
  });

  it('names the bad field with a 400', async () => {
    expect((await report('TR_J1', '2026-13', '2026-12')).body).toMatchObject({ status: 400, field: 'begin' });
    expect((await report('TR_J1', '2026-05', '2026-04')).body).toMatchObject({ status: 400, field: 'end' });
    expect((await report('TR_J1', '2010-01', '2026-04')).body).toMatchObject({ status: 400, field: 'end' });
    expect((await report('JR1', '2026-01', '2026-04')).body).toMatchObject({ status: 400, field: 'reportId' });
    expect((await call(app, `/api/admin/libraries/x/kbart`, { token: cast.tokens.operator })).body).toMatchObject({ status: 400, field: 'libraryId' });
    expect((await call(app, `/api/admin/libraries/999999/kbart`, { token: cast.tokens.operator })).status).toBe(404);
  });
});

describe('who may see a library’s usage', () => {
  const paths = () => [`/api/admin/libraries/${cast.libraryA.id}/reports/PR_P1?begin=2026-01&end=2026-01`, `/api/admin/libraries/${cast.libraryA.id}/kbart`];

  it('answers 401 signed out, 403 to a member and to staff of another library, 200 to its staff and operators', async () => {
    const staffB = await createUser(app.db, { firstName: 'Bo', lastName: 'Staff' });
    await app.db.insert(libraryStaff).values({ userId: staffB.id, libraryId: cast.libraryB.id });
    const staffBToken = await tokenFor(staffB, 0, null);
    for (const path of paths()) {
      expect((await call(app, path)).status).toBe(401);
      expect((await call(app, path, { token: readers[0].token })).status).toBe(403);
      expect((await call(app, path, { token: cast.tokens.member })).status).toBe(403);
      expect(await call(app, path, { token: staffBToken })).toMatchObject({ status: 403, body: { message: 'You are not staff of this library.' } });
      expect((await tsv(path, cast.tokens.staffA)).status).toBe(200);
      expect((await tsv(path, cast.tokens.operator)).status).toBe(200);
    }
  });
});

describe('KBART title list', () => {
  it('lists the collection with the KBART Phase II columns in order', async () => {
    const res = await tsv(`/api/admin/libraries/${cast.libraryA.id}/kbart`);
    expect(res.status).toBe(200);
    expect(res.disposition).toMatch(/^attachment; filename="LibraryReader_LibraryA_AllTitles_\d{4}-\d\d-\d\d\.txt"$/);
    const [heading, ...rows] = res.text.trimEnd().split('\n');
    expect(heading.split('\t')).toEqual([...KBART_COLUMNS]);
    expect(heading.split('\t')).toHaveLength(25);
    expect(heading.split('\t').slice(0, 3)).toEqual(['publication_title', 'print_identifier', 'online_identifier']);
    const byTitle = Object.fromEntries(rows.map((row) => [row.split('\t')[0], Object.fromEntries(row.split('\t').map((value, i) => [KBART_COLUMNS[i], value]))]));
    expect(Object.keys(byTitle).sort()).toEqual(['Coast Walks', 'Grown-up Weekly', 'Harbour Monthly', 'The Daily Lamp']);
    expect(byTitle['Harbour Monthly']).toMatchObject({
      print_identifier: '1234-5679',
      date_first_issue_online: '2026-11-01',
      // One issue this year: still published, so its coverage is left open.
      date_last_issue_online: '',
      title_url: `${app.baseUrl}/magazine/${titles.journal.id}`,
      title_id: String(titles.journal.id),
      coverage_depth: 'fulltext',
      publisher_name: 'Quay Press',
      publication_type: 'serial',
      access_type: 'P',
    });
    // A library's own limits shape its collection: no newspapers, nothing above age 5.
    const school = await createLibrary(app.db, { name: 'School', isNewspaper: 0, ageRate: 5 });
    const list = await tsv(`/api/admin/libraries/${school.id}/kbart`, cast.tokens.operator);
    expect(list.text.trimEnd().split('\n').slice(1).map((row) => row.split('\t')[0])).toEqual(['Coast Walks', 'Harbour Monthly']);
    // A library that licenses chosen titles lists only those; a withdrawn issue is no longer part of the coverage.
    const chosen = await call(app, `/api/admin/libraries/${cast.libraryB.id}/collection`, { method: 'PUT', token: cast.tokens.operator, body: { mode: 'chosen', titleIds: [titles.journal.id] } });
    expect(chosen.status).toBe(200);
    const older = await app.db.insert(issues).values({ id: 7_000_001, magazineId: titles.journal.id, name: 'May 2026', issueDate: '2026-05-01', pageCount: 1, coverPath: 'c', coverWidth: 1, coverHeight: 1 }).returning();
    const listB = async () => (await tsv(`/api/admin/libraries/${cast.libraryB.id}/kbart`, cast.tokens.operator)).text.trimEnd().split('\n').slice(1).map((row) => row.split('\t'));
    expect((await listB()).map((row) => [row[0], row[3]])).toEqual([['Harbour Monthly', '2026-05-01']]);
    await app.db.update(issues).set({ withdrawnAt: new Date() }).where(eq(issues.id, older[0].id));
    expect((await listB()).map((row) => [row[0], row[3]])).toEqual([['Harbour Monthly', '2026-11-01']]);
  });
});

describe('privacy: counting without keeping who read', () => {
  it('stores no member identifier in the usage rows, and no report or export names a member', async () => {
    const columns = await app.db.execute<{ column_name: string }>(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'usage_events' ORDER BY column_name`);
    expect(columns.rows.map((row) => row.column_name)).toEqual(['day', 'hour', 'id', 'issue_id', 'kind', 'last_click_at', 'library_id', 'page_no', 'session_hash', 'story_id', 'title_id']);
    const searchColumns = await app.db.execute<{ column_name: string }>(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'usage_searches' ORDER BY column_name`);
    expect(searchColumns.rows.map((row) => row.column_name)).toEqual(['day', 'hour', 'id', 'library_id', 'session_hash']);
    const rows = [...(await app.db.select().from(usageEvents)), ...(await app.db.select().from(usageSearches))];
    const salts = await app.db.select().from(usageSalts);
    for (const reader of readers) {
      const unsalted = createHash('sha256').update(`member:${reader.id}`).digest('base64url');
      for (const row of rows) {
        expect(row.sessionHash).not.toBe(unsalted);
        expect(JSON.stringify(row)).not.toContain(reader.email);
      }
    }
    // Salts are kept only for today: yesterday's can no longer tie a hash back to a member.
    expect(salts.map((salt) => salt.day)).toEqual([utcDay(new Date())]);
    const month = thisMonth();
    const exports = [
      ...(await Promise.all(['PR_P1', 'TR_J1', 'IR'].map((id) => tsv(`/api/admin/libraries/${cast.libraryA.id}/reports/${id}?begin=${month}&end=${month}&format=tsv`)))).map((r) => r.text),
      ...(await Promise.all(['PR_P1', 'TR_J1', 'IR'].map(async (id) => JSON.stringify((await report(id, month, month)).body)))),
      (await tsv(`/api/admin/libraries/${cast.libraryA.id}/kbart`)).text,
    ];
    for (const text of exports) {
      for (const reader of readers) {
        for (const identity of [reader.email, reader.name, ...reader.name.split(' '), `member:${reader.id}`]) {
          expect(text).not.toContain(identity);
        }
        expect(text).not.toMatch(new RegExp(`(^|\\D)user[ _:]?${reader.id}(\\D|$)`));
      }
    }
  });

  it('forgets the day’s salt and the exact click times when a new day begins', async () => {
    await app.db.delete(usageSalts);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const use = { kind: 'story' as const, libraryId: cast.libraryB.id, titleId: titles.journal.id, issueId: titles.journal.issue, storyId: titles.journal.story, reader: `member:${readers[0].id}` };
    await recordUse(use, yesterday);
    await recordUse(use, new Date());
    const rows = await app.db.select().from(usageEvents).where(eq(usageEvents.libraryId, cast.libraryB.id));
    expect(rows).toHaveLength(2);
    const [old, today] = rows.sort((a, b) => a.day.localeCompare(b.day));
    // Same member, another day: the hashes cannot be joined.
    expect(old.sessionHash).not.toBe(today.sessionHash);
    expect(old.lastClickAt).toBeNull();
    expect(today.lastClickAt).not.toBeNull();
    expect((await app.db.select().from(usageSalts)).map((salt) => salt.day)).toEqual([utcDay(new Date())]);
  });
});

describe('absolute addresses in reports (SITE_URL, never the request’s Host)', () => {
  /** A GET with the Host and X-Forwarded-Host an attacker would send (fetch will not set Host). */
  function getAs(host: string, path: string, token = cast.tokens.staffA): Promise<string> {
    const url = new URL(path, app.baseUrl);
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { host, 'x-forwarded-host': host, 'x-forwarded-proto': 'https', authorization: `Bearer ${token}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(`${res.statusCode}\n${JSON.stringify(res.headers)}\n${body}`));
      });
      req.on('error', reject);
    });
  }

  const month = () => new Date().toISOString().slice(0, 7);
  const exportPaths = () => [
    ...['PR_P1', 'TR_J1', 'IR'].flatMap((id) => [
      `/api/admin/libraries/${cast.libraryA.id}/reports/${id}?begin=${month()}&end=${month()}`,
      `/api/admin/libraries/${cast.libraryA.id}/reports/${id}?begin=${month()}&end=${month()}&format=tsv`,
    ]),
    `/api/admin/libraries/${cast.libraryA.id}/kbart`,
  ];

  afterEach(() => {
    delete process.env.SITE_URL;
  });

  it('never puts Host: evil.example in a COUNTER report or the KBART list; without SITE_URL they name the address the site listens on', async () => {
    const answers = await Promise.all(exportPaths().map((path) => getAs('evil.example', path)));
    for (const answer of answers) {
      expect(answer.startsWith('200\n')).toBe(true);
      expect(answer).not.toContain('evil.example');
    }
    // The KBART title_url and the reports' URI column are there, and point at the address the site listens on.
    expect(answers.at(-1)).toContain(`\t${app.baseUrl}/magazine/`);
    expect(answers.slice(0, -1).join('\n')).toContain(`\t${app.baseUrl}/magazine/`);
  });

  it('names SITE_URL when it is set, whatever the Host', async () => {
    process.env.SITE_URL = 'https://reading.example.org/';
    const kbart = await getAs('evil.example', `/api/admin/libraries/${cast.libraryA.id}/kbart`);
    expect(kbart).toMatch(/\thttps:\/\/reading\.example\.org\/magazine\/\d+/);
    expect(kbart).not.toContain('evil.example');
  });
});
