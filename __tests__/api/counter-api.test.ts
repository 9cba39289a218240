// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { TEST_MEDIA_DIR, addPages } from './helpers/reader-factories';
import fs from 'node:fs';
import { count, sql } from 'drizzle-orm';
import type { CounterReport } from '@/lib/counter-report';
import { counterApiKeys, usageEvents, usageSearches } from '@/server/db/schema';
import { LIMITS } from '@/server/auth/limits';
import { recordUse } from '@/server/usage/counting';
import { addMembership, createCategory, createMagazine, createStory, createUser, inDays, tokenFor } from './helpers/factories';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, lastAudit, type ConsoleCast } from './helpers/console';
import { schemaErrors, type CounterSchemaName } from './helpers/counter-schema';

let app: TestApp;
let cast: ConsoleCast;
const titles = { journal: { id: 0, issue: 0, story: 0 }, paper: { id: 0, issue: 0, story: 0 } };
const keys = { a: { requestorId: '', apiKey: '' }, b: { requestorId: '', apiKey: '' } };

/** The month before this one: the last complete month, which the reading below is moved into. */
function monthOf(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}
const lastMonth = monthOf(-1);

type Json = Record<string, unknown>;

/** A COUNTER API call over HTTP at its public path; every 200 answer is checked against the schema of what was asked. */
async function counter(path: string, params: Record<string, string>, schema?: CounterSchemaName) {
  const res = await fetch(`${app.baseUrl}/r51/${path}?${new URLSearchParams(params).toString()}`);
  const body = (await res.json()) as unknown;
  if (schema) expect(schemaErrors(res.status === 200 ? schema : 'exception', body)).toEqual([]);
  return { status: res.status, body: body as Json & Json[] };
}

function credentials(key = keys.a, customerId = String(cast.libraryA.id)) {
  return { customer_id: customerId, requestor_id: key.requestorId, api_key: key.apiKey };
}

async function harvest(reportId: string, params: Record<string, string>, key = keys.a) {
  return counter(`reports/${reportId.toLowerCase()}`, { ...credentials(key), ...params }, reportId as CounterSchemaName);
}

function exceptionsOf(body: Json): { Code: number; Message: string; Data?: string }[] {
  return ((body.Report_Header as Json).Exceptions as { Code: number; Message: string; Data?: string }[] | undefined) ?? [];
}

interface Line {
  name: string;
  attributes: Json;
  metric: string;
  total: number;
}

/** A COUNTER JSON report flattened to one line per item, attribute values and metric, with the period's total. */
function linesOf(body: Json): Line[] {
  const lines: Line[] = [];
  const visit = (name: string, performances: Json[]) => {
    for (const { Performance, ...attributes } of performances) {
      for (const [metric, counts] of Object.entries(Performance as Record<string, Record<string, number>>)) {
        lines.push({ name, attributes, metric, total: Object.values(counts).reduce((sum, value) => sum + value, 0) });
      }
    }
  };
  for (const item of body.Report_Items as Json[]) {
    if (item.Items) for (const child of item.Items as Json[]) visit(String(child.Item), child.Attribute_Performance as Json[]);
    else visit(String(item.Title ?? item.Platform), item.Attribute_Performance as Json[]);
  }
  return lines;
}

async function consoleReport(reportId: string, begin: string, end: string, extra = '') {
  const res = await call<{ status: string; report: CounterReport }>(app, `/api/admin/libraries/${cast.libraryA.id}/reports/${reportId}?begin=${begin}&end=${end}${extra}`, { token: cast.tokens.staffA });
  expect(res.status).toBe(200);
  return res.body.report;
}

/** Reading through the site, as members do: the reader opens an issue and turns pages, a story opens in full. */
async function readAsMember(token: string, userId: number, issueId: number, pages: number) {
  const gen = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', { token, body: { user_id: userId, issue: issueId, lib_id: cast.libraryA.id, ageRating: 5 } });
  expect(gen.status).toBe(200);
  expect((await call(app, `/api/reader/issue?code=${encodeURIComponent(gen.body.code)}&issue=${issueId}`, { token })).status).toBe(200);
  for (let page = 1; page <= pages; page += 1) {
    expect((await call(app, '/api/reader/progress', { method: 'PUT', token, body: { code: gen.body.code, issue: issueId, page } })).status).toBe(200);
  }
}

/** Counting does not hold up the reading calls: waits until the counts they started have landed. */
async function countsLanded(expected: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const [{ rows }] = await app.db.select({ rows: count() }).from(usageEvents);
    if (rows >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${expected} counts did not land`);
}

async function makeKey(libraryId: number, token: string, body: Json) {
  return call<{ status: string; customerId: string; apiKey: string; key: { id: number; requestorId: string } }>(app, `/api/admin/libraries/${libraryId}/counter-keys`, { method: 'POST', token, body });
}

beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
  await createCategory(app.db, { id: 52, name: 'Newspapers' });
  await createCategory(app.db, { id: 154, name: 'Journals' });
  const journal = await createMagazine(app.db, { categoryId: 154, ageRating: 3, name: 'Harbour Science', publisher: 'Quay Press', issn: '1234-5679' });
  const paper = await createMagazine(app.db, { categoryId: 52, ageRating: 3, name: 'The Daily Lamp', publisher: 'Lamp News' });
  const journalStory = await createStory(app.db, { magazineId: journal.magazine.id, issueId: journal.issue.id, categoryId: 154, title: 'Tides measured' });
  const paperStory = await createStory(app.db, { magazineId: paper.magazine.id, issueId: paper.issue.id, categoryId: 52, title: 'Harbour wall repaired', isNews: true });
  titles.journal = { id: journal.magazine.id, issue: journal.issue.id, story: journalStory.id };
  titles.paper = { id: paper.magazine.id, issue: paper.issue.id, story: paperStory.id };
  await addPages(app.db, journal.issue.id, 6);
  const readers = [];
  for (const firstName of ['Ada', 'Ben']) {
    const user = await createUser(app.db, { firstName, lastName: 'Reader', email: `${firstName.toLowerCase()}.harvest@example.test` });
    await addMembership(app.db, user.id, cast.libraryA.id, inDays(30));
    readers.push({ id: user.id, token: await tokenFor(user, cast.libraryA.id, inDays(30)) });
  }
  const [ada, ben] = readers;
  await readAsMember(ada.token, ada.id, titles.journal.issue, 3);
  await readAsMember(ben.token, ben.id, titles.journal.issue, 0);
  for (const [who, title] of [[ada, titles.journal], [ada, titles.paper], [ben, titles.paper]] as const) {
    expect((await call(app, `/api/article/v1/article/${title.id}/${title.issue}/${title.story}`, { token: who.token })).status).toBe(200);
  }
  await countsLanded(8);
  // As if it had all been read last month: the API reports complete months only.
  await app.db.update(usageEvents).set({ day: sql`${usageEvents.day} - interval '1 month'`, hour: sql`${usageEvents.hour} - interval '1 month'` });
  await app.db.update(usageSearches).set({ day: sql`${usageSearches.day} - interval '1 month'`, hour: sql`${usageSearches.hour} - interval '1 month'` });
  // Library B's own reading, which no key of library A may see.
  await recordUse({ kind: 'issue', libraryId: cast.libraryB.id, titleId: titles.journal.id, issueId: titles.journal.issue, reader: 'member:999' }, new Date(`${lastMonth}-10T10:00:00Z`));

  const a = await makeKey(cast.libraryA.id, cast.tokens.staffA, { label: 'Our harvester' });
  expect(a.status).toBe(200);
  keys.a = { requestorId: a.body.key.requestorId, apiKey: a.body.apiKey };
  const b = await makeKey(cast.libraryB.id, cast.tokens.operator, { label: 'B harvester' });
  keys.b = { requestorId: b.body.key.requestorId, apiKey: b.body.apiKey };
});
afterAll(async () => {
  await app.close();
  fs.rmSync(TEST_MEDIA_DIR, { recursive: true, force: true });
});

describe('COUNTER API keys in the console', () => {
  it('shows a new key once, lists keys without it, keeps only its hash, and audits', async () => {
    const made = await makeKey(cast.libraryA.id, cast.tokens.staffA, { label: 'ERM' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ customerId: String(cast.libraryA.id), key: { requestorId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    expect(made.body.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const list = await call<{ keys: Json[] }>(app, `/api/admin/libraries/${cast.libraryA.id}/counter-keys`, { token: cast.tokens.staffA });
    expect(list.status).toBe(200);
    expect(list.body.keys.map((key) => key.label)).toEqual(expect.arrayContaining(['ERM', 'Our harvester']));
    expect(JSON.stringify(list.body)).not.toContain(made.body.apiKey);
    const [stored] = await app.db.select().from(counterApiKeys).where(sql`${counterApiKeys.id} = ${made.body.key.id}`);
    expect(stored.keyHash).not.toContain(made.body.apiKey);
    expect(stored.keyHash).toMatch(/^[0-9a-f]{64}$/);
    const audited = await lastAudit(app.db, 'counter-key.create', made.body.key.requestorId);
    expect(JSON.stringify(audited)).not.toContain(made.body.apiKey);
  });

  it('refuses another library’s staff and members, and names a bad field', async () => {
    expect((await makeKey(cast.libraryB.id, cast.tokens.staffA, { label: 'Not mine' })).status).toBe(403);
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}/counter-keys`, { token: cast.tokens.member })).status).toBe(403);
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}/counter-keys`)).status).toBe(401);
    expect((await makeKey(cast.libraryA.id, cast.tokens.staffA, { label: '' })).body).toMatchObject({ status: 400, field: 'label' });
  });

  it('revokes a key: the harvester gets Exception 2000 from then on', async () => {
    const made = await makeKey(cast.libraryA.id, cast.tokens.staffA, { label: 'Short-lived' });
    const key = { requestorId: made.body.key.requestorId, apiKey: made.body.apiKey };
    expect((await counter('members', credentials(key), 'members')).status).toBe(200);
    const revoked = await call(app, `/api/admin/libraries/${cast.libraryA.id}/counter-keys/${made.body.key.id}`, { method: 'DELETE', token: cast.tokens.staffA });
    expect(revoked.status).toBe(200);
    const refused = await counter('members', credentials(key), 'members');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ Code: 2000, Message: 'Requestor Not Authorized to Access Service' });
    // Another library's staff cannot revoke it, nor learn it exists.
    expect((await call(app, `/api/admin/libraries/${cast.libraryB.id}/counter-keys/${made.body.key.id}`, { method: 'DELETE', token: cast.tokens.operator })).status).toBe(404);
  });

  it('authorizes by the key alone, never by the caller’s address (Code of Practice 5.1, 8.2)', async () => {
    const made = await makeKey(cast.libraryA.id, cast.tokens.staffA, { label: 'Elsewhere' });
    expect(made.body.key).not.toHaveProperty('ipAllowList');
    const key = { requestorId: made.body.key.requestorId, apiKey: made.body.apiKey };
    // The same credentials from a forwarded (other) address, as a hosted harvester's would come, are answered alike.
    process.env.TRUST_PROXY = '1';
    try {
      const far = await call(app, `/r51/members?${new URLSearchParams(credentials(key))}`, { headers: { 'X-Forwarded-For': '192.0.2.77' } });
      expect(far.status).toBe(200);
    } finally {
      delete process.env.TRUST_PROXY;
    }
    expect((await counter('members', credentials(key), 'members')).status).toBe(200);
  });
});

describe('a harvester’s usual sequence over HTTP', () => {
  it('status, members, reports, then every report for each of the last 12 months, all valid COUNTER JSON', async () => {
    // The status is public: no credentials.
    const status = await counter('status', {}, 'status');
    expect(status.status).toBe(200);
    expect(status.body[0]).toMatchObject({ Service_Active: true, Registry_Record: '' });
    const members = await counter('members', credentials(), 'members');
    expect(members.body).toEqual([
      { Institution_Name: 'Library A', Institution_ID: { Proprietary: [`libraryreader:${cast.libraryA.id}`] }, Customer_ID: String(cast.libraryA.id) },
    ]);
    const reports = await counter('reports', credentials(), 'reports');
    expect(reports.body.map((entry) => entry.Report_ID)).toEqual(['PR', 'PR_P1', 'TR', 'TR_J1', 'TR_J3', 'TR_J4', 'IR']);
    for (const entry of reports.body) expect(entry).toMatchObject({ First_Month_Available: lastMonth, Last_Month_Available: lastMonth });
    for (const entry of reports.body) {
      for (let offset = -12; offset <= -1; offset += 1) {
        const month = monthOf(offset);
        const res = await counter(String(entry.Path).replace('/r51/', ''), { ...credentials(), begin_date: `${month}-01`, end_date: month }, entry.Report_ID as CounterSchemaName);
        expect(res.status).toBe(200);
        const codes = exceptionsOf(res.body).map((exception) => exception.Code);
        if (month === lastMonth) expect(codes).toEqual([]);
        else expect(codes).toEqual([3030]);
        expect((res.body.Report_Items as Json[]).length > 0).toBe(month === lastMonth);
      }
    }
  });
});

describe('the server status (/r51/status)', () => {
  it('always carries a Registry_Record: the platform’s Registry link when set, blank without one (COUNTER API 5.1, Status)', async () => {
    const record = 'https://registry.countermetrics.org/platform/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
    const before = process.env.COUNTER_REGISTRY_RECORD;
    try {
      for (const [set, expected] of [[undefined, ''], [record, record], ['https://example.org/not-the-registry', '']] as const) {
        if (set === undefined) delete process.env.COUNTER_REGISTRY_RECORD;
        else process.env.COUNTER_REGISTRY_RECORD = set;
        const status = await counter('status', {}, 'status');
        expect(status.status).toBe(200);
        expect(status.body).toHaveLength(1);
        expect(Object.keys(status.body[0])).toContain('Registry_Record');
        expect(status.body[0].Registry_Record).toBe(expected);
      }
    } finally {
      if (before === undefined) delete process.env.COUNTER_REGISTRY_RECORD;
      else process.env.COUNTER_REGISTRY_RECORD = before;
    }
  });
});

describe('the same numbers through the API as through the console', () => {
  it.each(['PR', 'PR_P1', 'TR', 'TR_J1', 'TR_J3', 'TR_J4', 'IR'])('%s', async (reportId) => {
    const api = await harvest(reportId, { begin_date: lastMonth, end_date: lastMonth });
    expect(api.status).toBe(200);
    const tabular = await consoleReport(reportId, lastMonth, lastMonth);
    const fromApi = linesOf(api.body).map((line) => [line.name, line.metric, line.total]);
    const fromConsole = tabular.rows.map((row) => [row.item[0], row.metricType, row.total]);
    expect(fromApi.length).toBeGreaterThan(0);
    expect(fromApi.sort()).toEqual(fromConsole.sort());
  });

  it('counts what was read: two members opened the journal issue, one read 3 pages, stories opened in full', async () => {
    const tr = linesOf((await harvest('TR', { begin_date: lastMonth, end_date: lastMonth })).body);
    const journal = Object.fromEntries(tr.filter((line) => line.name === 'Harbour Science').map((line) => [line.metric, line.total]));
    // Issue opened twice and one story opened: 3 requests; 3 pages read add 3 investigations.
    expect(journal).toEqual({ Total_Item_Requests: 3, Unique_Item_Requests: 3, Total_Item_Investigations: 6, Unique_Item_Investigations: 3 });
    const paper = Object.fromEntries(tr.filter((line) => line.name === 'The Daily Lamp').map((line) => [line.metric, line.total]));
    expect(paper).toMatchObject({ Total_Item_Requests: 2, Unique_Item_Requests: 2 });
    // TR_J1 is journals only: the newspaper is a Newspaper_or_Newsletter, not a Journal.
    expect(linesOf((await harvest('TR_J1', { begin_date: lastMonth, end_date: lastMonth })).body).map((line) => line.name)).toEqual(['Harbour Science', 'Harbour Science']);
  });

  it('leaves the months out with Exclude_Monthly_Details=True in the console’s tabular report', async () => {
    const detailed = await consoleReport('TR', lastMonth, lastMonth);
    const totals = await consoleReport('TR', lastMonth, lastMonth, '&exclude_monthly_details=True');
    expect(totals.monthlyDetails).toBe(false);
    expect(totals.reportAttributes).toBe('Exclude_Monthly_Details=True');
    expect(totals.rows.map((row) => row.total)).toEqual(detailed.rows.map((row) => row.total));
    const text = await (await fetch(`${app.baseUrl}/api/admin/libraries/${cast.libraryA.id}/reports/TR?begin=${lastMonth}&end=${lastMonth}&format=tsv&exclude_monthly_details=True`, { headers: { authorization: `Bearer ${cast.tokens.staffA}` } })).text();
    expect(text.split('\n')[14].endsWith('Metric_Type\tReporting_Period_Total')).toBe(true);
  });
});

describe('Exceptions (Code of Practice 5.1, Appendix D)', () => {
  it('3030 for a range with no usage, with an empty report', async () => {
    const res = await harvest('TR', { begin_date: '2024-01-01', end_date: '2024-03-31' });
    expect(res.status).toBe(200);
    expect(exceptionsOf(res.body)).toEqual([{ Code: 3030, Message: 'No Usage Available for Requested Dates' }]);
    expect(res.body.Report_Items).toEqual([]);
  });

  it('3031 for a month not yet complete: the report ends with the last complete month', async () => {
    const res = await harvest('PR_P1', { begin_date: lastMonth, end_date: monthOf(0) });
    expect(res.status).toBe(200);
    expect(exceptionsOf(res.body).map((e) => e.Code)).toEqual([3031]);
    expect(exceptionsOf(res.body)[0].Data).toContain(monthOf(0));
    const lastDay = new Date(Date.UTC(Number(lastMonth.slice(0, 4)), Number(lastMonth.slice(5)), 0)).toISOString().slice(0, 10);
    expect((res.body.Report_Header as Json).Report_Filters).toMatchObject({ Begin_Date: `${lastMonth}-01`, End_Date: lastDay });
    expect(linesOf(res.body).length).toBeGreaterThan(0);
  });

  it('3020 (HTTP 400) for a future range, a date that is no date, and an end before the begin', async () => {
    for (const [begin, end] of [[monthOf(1), monthOf(2)], [monthOf(0), monthOf(0)], ['2025-13', '2025-12'], ['2025-02-30', '2025-03'], ['2025-05', '2025-04']]) {
      const res = await harvest('TR', { begin_date: begin, end_date: end });
      expect(res).toMatchObject({ status: 400, body: { Code: 3020, Message: 'Invalid Date Arguments' } });
    }
  });

  it('1030 (HTTP 400) when a date or the customer is missing', async () => {
    expect(await harvest('TR', { begin_date: lastMonth })).toMatchObject({ status: 400, body: { Code: 1030 } });
    const noCustomer = await counter('reports/tr', { requestor_id: keys.a.requestorId, api_key: keys.a.apiKey, begin_date: lastMonth, end_date: lastMonth }, 'TR');
    expect(noCustomer).toMatchObject({ status: 400, body: { Code: 1030, Message: 'Insufficient Information to Process Request' } });
  });

  it('3050 for an unknown parameter, 3060 for a filter value it does not have, and the report still comes', async () => {
    const res = await harvest('TR', { begin_date: lastMonth, end_date: lastMonth, colour: 'blue', data_type: 'Book|Journal' });
    expect(res.status).toBe(200);
    expect(exceptionsOf(res.body)).toEqual([
      { Code: 3050, Message: 'Parameter Not Recognized in this Context', Data: 'colour' },
      { Code: 3060, Message: 'Invalid ReportFilter Value', Data: 'data_type=Book' },
    ]);
    expect(new Set(linesOf(res.body).map((line) => line.name))).toEqual(new Set(['Harbour Science']));
    // A Standard View takes no filters: each is a parameter it does not recognise.
    expect(exceptionsOf((await harvest('TR_J1', { begin_date: lastMonth, end_date: lastMonth, data_type: 'Journal' })).body)).toEqual([
      { Code: 3050, Message: 'Parameter Not Recognized in this Context', Data: 'data_type' },
    ]);
  });

  it('3062 for an unsupported attribute value (granularity=Totals), 3063 for component details', async () => {
    expect(exceptionsOf((await harvest('TR', { begin_date: lastMonth, end_date: lastMonth, granularity: 'Totals' })).body)).toEqual([
      { Code: 3062, Message: 'Invalid ReportAttribute Value', Data: 'granularity=Totals' },
    ]);
    expect(exceptionsOf((await harvest('IR', { begin_date: lastMonth, end_date: lastMonth, include_component_details: 'True' })).body)).toEqual([{ Code: 3063, Message: 'Components Not Supported' }]);
  });

  it('2020 for a bad key, 2000 for an unknown requestor, 2010 for another customer, 2011 for The World, 404 for no such report', async () => {
    const dates = { begin_date: lastMonth, end_date: lastMonth };
    expect(await harvest('TR', dates, { ...keys.a, apiKey: 'wrong' })).toMatchObject({ status: 401, body: { Code: 2020, Message: 'APIKey Invalid' } });
    expect(await harvest('TR', dates, { ...keys.a, apiKey: '' })).toMatchObject({ status: 401, body: { Code: 2020 } });
    expect(await harvest('TR', dates, { requestorId: 'nobody', apiKey: keys.a.apiKey })).toMatchObject({ status: 401, body: { Code: 2000 } });
    expect(await counter('reports/tr', { ...credentials(keys.a, String(cast.libraryB.id)), ...dates }, 'TR')).toMatchObject({ status: 403, body: { Code: 2010 } });
    expect(await counter('reports/tr', { ...credentials(keys.a, '0000000000000000'), ...dates }, 'TR')).toMatchObject({ status: 403, body: { Code: 2011 } });
    expect((await fetch(`${app.baseUrl}/r51/reports/jr1?${new URLSearchParams({ ...credentials(), ...dates }).toString()}`)).status).toBe(404);
  });
});

describe('filters and attributes change the report as the Code says', () => {
  const dates = () => ({ begin_date: lastMonth, end_date: lastMonth });

  it('PR names each line’s Data_Type (always, in 5.1) and splits by Access_Method when Attributes_To_Show asks for it', async () => {
    const byType = linesOf((await harvest('PR', dates())).body);
    expect(byType.every((line) => Object.keys(line.attributes).join() === 'Data_Type')).toBe(true);
    expect(new Set(byType.filter((line) => line.metric !== 'Searches_Platform').map((line) => line.attributes.Data_Type))).toEqual(new Set(['Journal', 'Newspaper_or_Newsletter']));
    const split = linesOf((await harvest('PR', { ...dates(), attributes_to_show: 'Access_Method' })).body);
    expect(split.every((line) => line.attributes.Access_Method === 'Regular')).toBe(true);
    const total = (lines: Line[], metric: string) => lines.filter((line) => line.metric === metric).reduce((sum, line) => sum + line.total, 0);
    expect(total(split, 'Total_Item_Requests')).toBe(total(byType, 'Total_Item_Requests'));
  });

  it('Access_Method as COUNTER 5.1 defines it: every use is Regular, TDM has none, an unknown method is 3060, a Standard View fixes it', async () => {
    const total = (lines: Line[]) => lines.reduce((sum, line) => sum + line.total, 0);
    for (const reportId of ['PR', 'TR', 'IR']) {
      const all = await harvest(reportId, { ...dates(), attributes_to_show: 'Access_Method' });
      const lines = linesOf(all.body);
      expect(lines.length).toBeGreaterThan(0);
      // Shown as an attribute, each line's Access_Method is one of the document's values: Regular (people reading).
      expect(new Set(lines.map((line) => line.attributes.Access_Method))).toEqual(new Set(['Regular']));
      // Filtered to Regular: the same usage, and the filter named in the header.
      const regular = await harvest(reportId, { ...dates(), access_method: 'Regular' });
      expect((regular.body.Report_Header as Json).Report_Filters).toMatchObject({ Access_Method: ['Regular'] });
      expect(total(linesOf(regular.body))).toBe(total(lines));
      expect(exceptionsOf(regular.body)).toEqual([]);
      // Filtered to TDM: no usage of that kind here, so no items and Exception 3030.
      const tdm = await harvest(reportId, { ...dates(), access_method: 'TDM' });
      expect(tdm.status).toBe(200);
      expect((tdm.body.Report_Header as Json).Report_Filters).toMatchObject({ Access_Method: ['TDM'] });
      expect(tdm.body.Report_Items).toEqual([]);
      expect(exceptionsOf(tdm.body).map((exception) => exception.Code)).toEqual([3030]);
      // A value the document does not have: Exception 3060 naming it, and the report as if unfiltered.
      const bogus = await harvest(reportId, { ...dates(), access_method: 'Robots' });
      expect(bogus.status).toBe(200);
      expect(exceptionsOf(bogus.body)).toEqual([{ Code: 3060, Message: 'Invalid ReportFilter Value', Data: 'access_method=Robots' }]);
      expect((bogus.body.Report_Header as Json).Report_Filters).not.toHaveProperty('Access_Method');
      expect(total(linesOf(bogus.body))).toBe(total(lines));
    }
    // A Standard View carries its fixed Access_Method filter, and takes no access_method parameter (3050).
    const j1 = await harvest('TR_J1', { ...dates(), access_method: 'TDM' });
    expect(j1.status).toBe(200);
    expect((j1.body.Report_Header as Json).Report_Filters).toMatchObject({ Access_Method: ['Regular'] });
    expect(exceptionsOf(j1.body)).toEqual([{ Code: 3050, Message: 'Parameter Not Recognized in this Context', Data: 'access_method' }]);
    expect(linesOf(j1.body).length).toBeGreaterThan(0);
  });

  it('TR filters by Metric_Type, Data_Type, Access_Type and YOP, and shows YOP and Access_Type when asked', async () => {
    // Two metrics: the document's TR Performance holds at least two.
    const requests = linesOf((await harvest('TR', { ...dates(), metric_type: 'Total_Item_Requests|Unique_Item_Requests' })).body);
    expect(new Set(requests.map((line) => line.metric))).toEqual(new Set(['Total_Item_Requests', 'Unique_Item_Requests']));
    const news = linesOf((await harvest('TR', { ...dates(), data_type: 'Newspaper_or_Newsletter' })).body);
    expect(new Set(news.map((line) => line.name))).toEqual(new Set(['The Daily Lamp']));
    const open = await harvest('TR', { ...dates(), access_type: 'Open' });
    expect(exceptionsOf(open.body).map((e) => e.Code)).toEqual([3030]);
    const year = new Date().getUTCFullYear();
    const shown = linesOf((await harvest('TR', { ...dates(), attributes_to_show: 'YOP|Access_Type', yop: `${year - 1}-${year}` })).body);
    expect(shown.length).toBeGreaterThan(0);
    for (const line of shown) expect(line.attributes).toEqual({ Data_Type: expect.stringMatching(/^(Journal|Newspaper_or_Newsletter)$/), YOP: expect.stringMatching(/^\d{4}$/), Access_Type: 'Controlled' });
    expect(exceptionsOf((await harvest('TR', { ...dates(), yop: '1900-1901' })).body).map((e) => e.Code)).toEqual([3030]);
  });

  it('TR_J3 breaks journal usage down by Access_Type, TR_J4 by YOP', async () => {
    for (const line of linesOf((await harvest('TR_J3', dates())).body)) expect(line.attributes).toEqual({ Access_Type: 'Controlled' });
    for (const line of linesOf((await harvest('TR_J4', dates())).body)) expect(Object.keys(line.attributes)).toEqual(['YOP']);
  });

  it('IR gives each story’s magazine or newspaper with Include_Parent_Details=True, and News_Item for a newspaper’s story', async () => {
    const flat = (await harvest('IR', dates())).body;
    expect(flat.Report_Items).toHaveLength(1);
    expect(Object.keys((flat.Report_Items as Json[])[0])).toEqual(['Items']);
    const parents = (await harvest('IR', { ...dates(), include_parent_details: 'True' })).body;
    expect((parents.Report_Header as Json).Report_Attributes).toEqual({ Include_Parent_Details: 'True' });
    expect((parents.Report_Items as Json[]).map((item) => [item.Title, item.Data_Type])).toEqual([
      ['Harbour Science', 'Journal'],
      ['The Daily Lamp', 'Newspaper_or_Newsletter'],
    ]);
    const types = (parents.Report_Items as { Items: { Attribute_Performance: Json[] }[] }[]).map((item) => item.Items[0].Attribute_Performance[0].Data_Type);
    expect(types).toEqual(['Article', 'News_Item']);
  });
});

describe('a key of one library never reads another’s', () => {
  it('gives library B’s key library B’s usage only, and refuses it library A', async () => {
    const own = linesOf((await counter('reports/tr', { ...credentials(keys.b, String(cast.libraryB.id)), begin_date: lastMonth, end_date: lastMonth }, 'TR')).body);
    expect(own.filter((line) => line.metric === 'Total_Item_Requests').map((line) => [line.name, line.total])).toEqual([['Harbour Science', 1]]);
    expect(await counter('reports/tr', { ...credentials(keys.b, String(cast.libraryA.id)), begin_date: lastMonth, end_date: lastMonth }, 'TR')).toMatchObject({ status: 403, body: { Code: 2010 } });
    const members = await counter('members', credentials(keys.b, String(cast.libraryB.id)), 'members');
    expect(members.body.map((member) => member.Institution_Name)).toEqual(['Library B']);
  });
});

describe('the rate limit (Exception 1020)', () => {
  it('answers HTTP 429 with Exception 1020 and Retry-After once an address is over the limit, on every path, and not to another address', async () => {
    const { max, windowSeconds } = LIMITS.counterApiPerIp;
    const from = (address: string, path: string) =>
      fetch(`${app.baseUrl}/r51/${path}`, { headers: { 'X-Forwarded-For': address } }).then(async (res) => ({ status: res.status, retryAfter: res.headers.get('Retry-After'), body: (await res.json()) as Json }));
    process.env.TRUST_PROXY = '1';
    try {
      const busy = '198.51.100.20';
      for (let sent = 0; sent < max; sent += 25) {
        const batch = await Promise.all(Array.from({ length: Math.min(25, max - sent) }, () => from(busy, 'status')));
        expect(batch.map((res) => res.status)).toEqual(batch.map(() => 200));
      }
      const over = await from(busy, 'status');
      expect(over.status).toBe(429);
      expect(schemaErrors('exception', over.body)).toEqual([]);
      expect(over.body).toMatchObject({ Code: 1020, Message: 'Client has made too many requests' });
      expect(over.body.Data).toContain(`${max} requests per ${windowSeconds / 60} minutes`);
      expect(Number(over.retryAfter)).toBeGreaterThan(0);
      expect(Number(over.retryAfter)).toBeLessThanOrEqual(windowSeconds);
      // The limit is the address's, whatever it asks for: a report path too, before its credentials are even read.
      const report = await from(busy, `reports/pr?${new URLSearchParams({ ...credentials(), begin_date: lastMonth, end_date: lastMonth }).toString()}`);
      expect(report).toMatchObject({ status: 429, body: { Code: 1020 } });
      // Another harvester, from another address, is not held up.
      expect((await from('198.51.100.21', 'status')).status).toBe(200);
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});

describe('while the database is down', () => {
  it('says so in the status, and answers other calls with Exception 1000 (HTTP 503), not an error page', async () => {
    await app.stopDatabase();
    const status = await counter('status', {}, 'status');
    expect(status.status).toBe(200);
    expect(status.body[0]).toMatchObject({ Service_Active: false, Registry_Record: '' });
    const members = await counter('members', credentials(), 'members');
    expect(members).toMatchObject({ status: 503, body: { Code: 1000, Message: 'Service Not Available' } });
  });
});
