import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { Marc } from 'marcjs';
import { KBART_COLUMNS } from '@/lib/counter-report';
import { issues, magazines } from '@/server/db/schema';
import { createCategory, createMagazine } from './helpers/factories';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, type ConsoleCast } from './helpers/console';

let app: TestApp;
let cast: ConsoleCast;
const ids = { ongoing: 0, ended: 0, arbol: 0, withdrawn: 0, otherLibrary: 0, added: 0 };
let issueId = 8_100_000;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

/** A title with issues on the given dates (numbered 1, 2, … when `numbered`), none from the factory's default. */
async function title(values: Parameters<typeof createMagazine>[1], dates: string[], numbered = false) {
  const { magazine, issue } = await createMagazine(app.db, values);
  await app.db.delete(issues).where(eq(issues.id, issue.id));
  for (const [i, date] of dates.entries()) {
    issueId += 1;
    await app.db.insert(issues).values({
      id: issueId,
      magazineId: magazine.id,
      name: `Issue ${i + 1}`,
      issueDate: date,
      issueNumber: numbered ? String(i + 1) : null,
      pageCount: 1,
      coverPath: 'c',
      coverWidth: 1,
      coverHeight: 1,
    });
  }
  return magazine.id;
}

async function fetchFile(pathname: string, token?: string) {
  const response = await fetch(`${app.baseUrl}${pathname}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes, text: bytes.toString('utf8') };
}

function kbartTable(text: string): Record<string, string>[] {
  const [heading, ...rows] = text.trimEnd().split('\n');
  expect(heading.split('\t')).toEqual([...KBART_COLUMNS]);
  return rows.map((row) => Object.fromEntries(row.split('\t').map((value, i) => [KBART_COLUMNS[i], value])));
}

interface ParsedRecord {
  leader: string;
  fields: string[][];
}

/** Splits an ISO 2709 file at its record terminators and reads each record back with marcjs. */
function readIso2709(bytes: Buffer): ParsedRecord[] {
  const records: ParsedRecord[] = [];
  let start = 0;
  for (let end = bytes.indexOf(0x1d); end !== -1; end = bytes.indexOf(0x1d, start)) {
    const raw = bytes.subarray(start, end + 1);
    // Leader/00-04 is the record's length in bytes, terminator included.
    expect(Number(raw.subarray(0, 5).toString('ascii'))).toBe(raw.length);
    records.push(Marc.parse(raw, 'iso2709'));
    start = end + 1;
  }
  expect(start).toBe(bytes.length);
  return records;
}

/** The records of a MARCXML file, read back with marcjs. */
function readMarcXml(xml: string): ParsedRecord[] {
  return [...xml.matchAll(/<record>[\s\S]*?<\/record>/g)].map((match) => Marc.parse(match[0], 'marcxml'));
}

/** The fields of a record with a tag, each as [ind1ind2, code, value, code, value…] (control fields: [value]). */
function fieldsOf(record: ParsedRecord, tag: string): string[][] {
  return record.fields.filter((field) => field[0] === tag).map((field) => field.slice(1));
}

function subfield(record: ParsedRecord, tag: string, code: string): string | undefined {
  const field = fieldsOf(record, tag)[0];
  if (!field) return undefined;
  for (let i = 1; i < field.length; i += 2) if (field[i] === code) return field[i + 1];
  return undefined;
}

function byControlNumber(records: ParsedRecord[]): Record<string, ParsedRecord> {
  return Object.fromEntries(records.map((record) => [fieldsOf(record, '001')[0][0], record]));
}

/** xmllint's verdict on a MARCXML file against the slim schema check. */
function validateXml(xml: string): { valid: boolean; output: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marcxml-')), 'records.xml');
  fs.writeFileSync(file, xml);
  try {
    const output = execFileSync('xmllint', ['--noout', '--schema', path.join(__dirname, '..', 'fixtures', 'marcxml-slim.xsd'), file], { stdio: 'pipe' }).toString();
    return { valid: true, output };
  } catch (error) {
    return { valid: false, output: String((error as { stderr?: Buffer }).stderr ?? error) };
  }
}

let keyA = '';
let keyAId = 0;

beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
  await createCategory(app.db, { id: 21, name: 'Travel' });
  await createCategory(app.db, { id: 52, name: 'Newspapers' });
  const monthly = Array.from({ length: 8 }, (_, i) => daysAgo(10 + 30 * (7 - i)));
  ids.ongoing = await title({ categoryId: 21, name: 'The Ongoing Monthly', publisher: 'Quay Press', issn: '1234-5679', onlineIssn: '2049-3630' }, monthly);
  const weekly = Array.from({ length: 10 }, (_, i) => daysAgo(800 - 7 * i));
  ids.ended = await title({ categoryId: 52, name: 'Ended Weekly', publisher: 'Lamp News', issn: '0317-8471' }, weekly, true);
  ids.arbol = await title({ categoryId: 21, name: 'Árbol Trimestral', languageCode: 'es' }, [daysAgo(200), daysAgo(110), daysAgo(20)]);
  ids.withdrawn = await title({ categoryId: 21, name: 'Withdrawn Digest' }, [daysAgo(40)]);
  ids.otherLibrary = await title({ categoryId: 21, name: 'Another Library’s Gazette' }, [daysAgo(5)]);
  const collectionA = await call(app, `/api/admin/libraries/${cast.libraryA.id}/collection`, {
    method: 'PUT',
    token: cast.tokens.operator,
    body: { mode: 'chosen', titleIds: [ids.ongoing, ids.ended, ids.arbol, ids.withdrawn] },
  });
  expect(collectionA.status).toBe(200);
  const collectionB = await call(app, `/api/admin/libraries/${cast.libraryB.id}/collection`, { method: 'PUT', token: cast.tokens.operator, body: { mode: 'chosen', titleIds: [ids.otherLibrary] } });
  expect(collectionB.status).toBe(200);
});

afterAll(async () => {
  await app.close();
});

describe('feed keys', () => {
  it('lets a library’s staff create one, shown once, then listed by its hint only', async () => {
    const created = await call<{ key: string; feedKey: { id: number; label: string; hint: string } }>(app, `/api/admin/libraries/${cast.libraryA.id}/feed-keys`, {
      token: cast.tokens.staffA,
      body: { label: 'Discovery service' },
    });
    expect(created.status).toBe(200);
    keyA = created.body.key;
    keyAId = created.body.feedKey.id;
    expect(keyA).toMatch(/^lf_[A-Za-z0-9_-]{43}$/);
    expect(created.body.feedKey).toMatchObject({ label: 'Discovery service', hint: `…${keyA.slice(-4)}` });
    const listed = await call<{ feedKeys: Record<string, unknown>[] }>(app, `/api/admin/libraries/${cast.libraryA.id}/feed-keys`, { token: cast.tokens.staffA });
    expect(listed.body.feedKeys).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(keyA);
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}/feed-keys`, { token: cast.tokens.staffA, body: { label: ' ' } })).body).toMatchObject({ status: 400, field: 'label' });
    expect((await call(app, `/api/admin/libraries/${cast.libraryB.id}/feed-keys`, { token: cast.tokens.staffA, body: { label: 'x' } })).status).toBe(403);
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}/feed-keys`, { body: { label: 'x' } })).status).toBe(401);
  });
});

describe('KBART title list', () => {
  it('lists the generated collection by title as a person expects, open coverage for titles still published', async () => {
    const res = await fetchFile(`/api/feeds/libraries/${cast.libraryA.id}/kbart?key=${keyA}`);
    expect(res.status).toBe(200);
    expect(res.disposition).toMatch(/^attachment; filename="LibraryReader_LibraryA_AllTitles_\d{4}-\d\d-\d\d\.txt"$/);
    const rows = kbartTable(res.text);
    // Accents and the leading article are not what a person files under: Árbol under A, The Ongoing Monthly under O.
    expect(rows.map((row) => row.publication_title)).toEqual(['Árbol Trimestral', 'Ended Weekly', 'The Ongoing Monthly', 'Withdrawn Digest']);
    const byTitle = Object.fromEntries(rows.map((row) => [row.publication_title, row]));
    expect(byTitle['The Ongoing Monthly']).toMatchObject({
      print_identifier: '1234-5679',
      online_identifier: '2049-3630',
      date_first_issue_online: daysAgo(220),
      date_last_issue_online: '',
      num_last_issue_online: '',
      title_url: `${app.baseUrl}/magazine/${ids.ongoing}`,
      publisher_name: 'Quay Press',
      coverage_depth: 'fulltext',
    });
    expect(byTitle['Ended Weekly']).toMatchObject({
      print_identifier: '0317-8471',
      online_identifier: '',
      date_first_issue_online: daysAgo(800),
      num_first_issue_online: '1',
      date_last_issue_online: daysAgo(737),
      num_last_issue_online: '10',
      notes: 'Newspaper',
    });
    expect(byTitle['Árbol Trimestral']).toMatchObject({ print_identifier: '', online_identifier: '', date_last_issue_online: '' });
    expect(res.text).not.toContain('Another Library');
    // The console's download is the same list.
    const console = await fetchFile(`/api/admin/libraries/${cast.libraryA.id}/kbart`, cast.tokens.staffA);
    expect(console.text).toBe(res.text);
  });
});

describe('MARC 21 records', () => {
  let fullXml = '';

  it('describes each title in MARCXML that validates against the slim schema and reads back field by field', async () => {
    const res = await fetchFile(`/api/feeds/libraries/${cast.libraryA.id}/marc?key=${keyA}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/marcxml+xml; charset=utf-8');
    expect(res.disposition).toMatch(new RegExp(`filename="LibraryReader_${cast.libraryA.id}_AllTitles_\\d{4}-\\d\\d-\\d\\d\\.xml"`));
    fullXml = res.text;
    const verdict = validateXml(fullXml);
    expect(verdict).toEqual({ valid: true, output: '' });

    const records = readMarcXml(fullXml);
    expect(records).toHaveLength(4);
    const byId = byControlNumber(records);
    expect(Object.keys(byId).sort()).toEqual([ids.ongoing, ids.ended, ids.arbol, ids.withdrawn].map(String).sort());

    const ongoing = byId[ids.ongoing];
    expect(ongoing.leader.slice(5, 8)).toBe('nas');
    expect(fieldsOf(ongoing, '003')[0][0]).toBe('LibRdr');
    const fixed = fieldsOf(ongoing, '008')[0][0];
    expect(fixed).toHaveLength(40);
    expect(fixed.slice(6, 15)).toBe(`c${daysAgo(220).slice(0, 4)}9999`);
    expect(fixed.slice(18, 24)).toBe('mr g o');
    expect(fixed.slice(35, 38)).toBe('eng');
    expect(subfield(ongoing, '022', 'a')).toBe('2049-3630');
    expect(subfield(ongoing, '776', 'x')).toBe('1234-5679');
    expect(fieldsOf(ongoing, '245')[0].slice(0, 3)).toEqual(['04', 'a', 'The Ongoing Monthly']);
    expect(subfield(ongoing, '264', 'b')).toBe('Quay Press');
    expect(subfield(ongoing, '310', 'a')).toBe('Monthly');
    expect(subfield(ongoing, '362', 'a')).toMatch(/^[A-Z][a-z]+\.? \d{1,2}, \d{4}-$/);
    expect(subfield(ongoing, '856', 'u')).toBe(`${app.baseUrl}/magazine/${ids.ongoing}`);
    expect(subfield(ongoing, '040', 'a')).toBe('LibRdr');

    const ended = byId[ids.ended];
    const endedFixed = fieldsOf(ended, '008')[0][0];
    expect(endedFixed.slice(6, 15)).toBe(`d${daysAgo(800).slice(0, 4)}${daysAgo(737).slice(0, 4)}`);
    expect(endedFixed.slice(18, 22)).toBe('wr n');
    expect(subfield(ended, '310', 'a')).toBe('Weekly');
    expect(subfield(ended, '362', 'a')).toMatch(/^no\. 1 \(.+\)-no\. 10 \(.+\)$/);
    expect(fieldsOf(ended, '022')).toEqual([]);

    const arbol = byId[ids.arbol];
    expect(fieldsOf(arbol, '022')).toEqual([]);
    expect(fieldsOf(arbol, '776')).toEqual([]);
    expect(fieldsOf(arbol, '264')).toEqual([]);
    // Three issues are too few to name a frequency: no 310, 008/18-19 unknown.
    expect(fieldsOf(arbol, '310')).toEqual([]);
    expect(fieldsOf(arbol, '008')[0][0].slice(18, 20)).toBe('uu');
    expect(fieldsOf(arbol, '008')[0][0].slice(35, 38)).toBe('spa');
    expect(fullXml).not.toContain('Another Library');
  });

  it('writes the same records as ISO 2709, which a parser reads back to the same fields', async () => {
    const res = await fetchFile(`/api/admin/libraries/${cast.libraryA.id}/marc?format=mrc`, cast.tokens.staffA);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/marc');
    const binary = readIso2709(res.bytes);
    const xml = readMarcXml(fullXml);
    expect(binary).toHaveLength(xml.length);
    const xmlById = byControlNumber(xml);
    for (const record of binary) {
      const id = fieldsOf(record, '001')[0][0];
      expect(record.fields).toEqual(xmlById[id].fields);
      expect(record.leader).toBe(xmlById[id].leader);
    }
    // An accented title is counted in bytes in the directory, and still reads back whole.
    expect(subfield(byControlNumber(binary)[ids.arbol], '245', 'a')).toBe('Árbol Trimestral');
  });

  it('gives the changes since a date: new, changed, and withdrawn titles as deletion records', async () => {
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const nothing = await fetchFile(`/api/feeds/libraries/${cast.libraryA.id}/marc?key=${keyA}&since=${encodeURIComponent(since)}`);
    expect(readMarcXml(nothing.text)).toEqual([]);

    ids.added = await title({ categoryId: 21, name: 'A Newly Added Review' }, [daysAgo(3)]);
    await call(app, `/api/admin/libraries/${cast.libraryA.id}/collection`, {
      method: 'PUT',
      token: cast.tokens.operator,
      body: { mode: 'chosen', titleIds: [ids.ongoing, ids.ended, ids.arbol, ids.withdrawn, ids.added] },
    });
    await app.db.update(magazines).set({ publisher: 'Harbour Lamp Ltd' }).where(eq(magazines.id, ids.ended));
    const withdrawnIssues = await app.db.select({ id: issues.id }).from(issues).where(eq(issues.magazineId, ids.withdrawn));
    await app.db.update(issues).set({ withdrawnAt: new Date() }).where(inArray(issues.id, withdrawnIssues.map((row) => row.id)));

    for (const format of ['xml', 'mrc']) {
      const res = await fetchFile(`/api/feeds/libraries/${cast.libraryA.id}/marc?key=${keyA}&format=${format}&since=${encodeURIComponent(since)}`);
      expect(res.status).toBe(200);
      if (format === 'xml') expect(validateXml(res.text).valid).toBe(true);
      const records = format === 'xml' ? readMarcXml(res.text) : readIso2709(res.bytes);
      const statuses = Object.fromEntries(records.map((record) => [fieldsOf(record, '001')[0][0], record.leader[5]]));
      expect(statuses).toEqual({ [ids.added]: 'n', [ids.ended]: 'c', [ids.withdrawn]: 'd' });
      const deleted = byControlNumber(records)[ids.withdrawn];
      expect(subfield(deleted, '245', 'a')).toBe('Withdrawn Digest');
      expect(subfield(byControlNumber(records)[ids.ended], '264', 'b')).toBe('Harbour Lamp Ltd');
    }
    // The full file no longer holds the withdrawn title; the KBART list drops it too.
    const full = readMarcXml((await fetchFile(`/api/feeds/libraries/${cast.libraryA.id}/marc?key=${keyA}`)).text);
    expect(full.map((record) => fieldsOf(record, '001')[0][0]).sort()).toEqual([ids.ongoing, ids.ended, ids.arbol, ids.added].map(String).sort());
    const kbart = kbartTable((await fetchFile(`/api/feeds/libraries/${cast.libraryA.id}/kbart?key=${keyA}`)).text);
    expect(kbart.map((row) => row.publication_title)).toEqual(['Árbol Trimestral', 'Ended Weekly', 'A Newly Added Review', 'The Ongoing Monthly']);
  });

  it('names the bad field with a 400', async () => {
    const base = `/api/admin/libraries/${cast.libraryA.id}/marc`;
    expect((await call(app, `${base}?format=pdf`, { token: cast.tokens.staffA })).body).toMatchObject({ status: 400, field: 'format' });
    expect((await call(app, `${base}?since=yesterday`, { token: cast.tokens.staffA })).body).toMatchObject({ status: 400, field: 'since' });
    expect((await call(app, `${base}?since=2999-01-01`, { token: cast.tokens.staffA })).body).toMatchObject({ status: 400, field: 'since' });
    expect((await call(app, `/api/admin/libraries/${cast.libraryB.id}/marc`, { token: cast.tokens.staffA })).status).toBe(403);
  });
});

describe('online ISSN', () => {
  it('is set by an operator and shown in its own KBART column and in MARC 022', async () => {
    const bad = await call(app, `/api/admin/titles/${ids.ended}`, { method: 'PUT', token: cast.tokens.operator, body: { onlineIssn: '12' } });
    expect(bad.body).toMatchObject({ status: 400, field: 'onlineIssn' });
    const set = await call(app, `/api/admin/titles/${ids.ended}`, { method: 'PUT', token: cast.tokens.operator, body: { onlineIssn: '1940-5758' } });
    expect(set.status).toBe(200);
    const clash = await call(app, `/api/admin/titles/${ids.arbol}`, { method: 'PUT', token: cast.tokens.operator, body: { onlineIssn: '1940-5758' } });
    expect(clash.body).toMatchObject({ status: 409, field: 'onlineIssn' });
    const rows = kbartTable((await fetchFile(`/api/admin/libraries/${cast.libraryA.id}/kbart`, cast.tokens.staffA)).text);
    expect(rows.find((row) => row.publication_title === 'Ended Weekly')).toMatchObject({ print_identifier: '0317-8471', online_identifier: '1940-5758' });
    const records = byControlNumber(readMarcXml((await fetchFile(`/api/admin/libraries/${cast.libraryA.id}/marc`, cast.tokens.staffA)).text));
    expect(subfield(records[ids.ended], '022', 'a')).toBe('1940-5758');
    expect(subfield(records[ids.ended], '776', 'x')).toBe('0317-8471');
  });
});

describe('keyed URLs', () => {
  it('refuse a missing, unknown or revoked key, and a key of another library', async () => {
    for (const feed of ['kbart', 'marc']) {
      const url = `/api/feeds/libraries/${cast.libraryA.id}/${feed}`;
      expect((await call(app, url)).body).toMatchObject({ status: 401, field: 'key' });
      expect((await call(app, `${url}?key=lf_not-a-key`)).status).toBe(401);
      // A's key never reads B's titles.
      const other = await fetchFile(`/api/feeds/libraries/${cast.libraryB.id}/${feed}?key=${keyA}`);
      expect(other.status).toBe(403);
      expect(other.text).not.toContain('Another Library');
    }
    const revoked = await call(app, `/api/admin/libraries/${cast.libraryA.id}/feed-keys/${keyAId}`, { method: 'DELETE', token: cast.tokens.staffA });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ feedKey: { id: keyAId } });
    expect((await call(app, `/api/feeds/libraries/${cast.libraryA.id}/kbart?key=${keyA}`)).status).toBe(401);
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}/feed-keys/999999`, { method: 'DELETE', token: cast.tokens.staffA })).status).toBe(404);
  });
});
