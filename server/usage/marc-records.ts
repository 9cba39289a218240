import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { MarcDataField, MarcRecord } from '@/lib/marc';
import { getDb } from '../db/client';
import { libraryCatalogueRecords, type Library } from '../db/schema';
import { FREQUENCIES, nonfilingCharacters, type CollectionTitle } from './collection';

/** The site's MARC organization code (003 and 040): MARC_ORG_CODE, the code the Library of Congress assigned the site. */
export function marcOrganizationCode(): string {
  const configured = process.env.MARC_ORG_CODE?.trim().replace(/[^A-Za-z0-9:-]/g, '');
  return configured || 'LibRdr';
}

/** ISO 639-1 codes of the site's languages to the MARC Code List for Languages (ISO 639-2/B), for 008/35-37. */
const MARC_LANGUAGES: Record<string, string> = {
  en: 'eng', es: 'spa', bn: 'ben', gu: 'guj', hi: 'hin', ml: 'mal', ta: 'tam', te: 'tel', mr: 'mar', kn: 'kan', pa: 'pan',
  ur: 'urd', or: 'ori', as: 'asm', ne: 'nep', sa: 'san', sd: 'snd', ks: 'kas', fr: 'fre', de: 'ger', it: 'ita', pt: 'por',
  ru: 'rus', tr: 'tur', nl: 'dut', sv: 'swe', da: 'dan', no: 'nor', fi: 'fin', pl: 'pol', cs: 'cze', sk: 'slo', hu: 'hun',
  ro: 'rum', el: 'gre', bg: 'bul', uk: 'ukr', sr: 'srp', hr: 'hrv', sl: 'slv', lt: 'lit', lv: 'lav', et: 'est', ca: 'cat',
  eu: 'baq', ga: 'gle', hy: 'arm', yi: 'yid', ar: 'ara', he: 'heb', fa: 'per', ja: 'jpn', zh: 'chi', ko: 'kor', id: 'ind',
  ms: 'may', th: 'tha', vi: 'vie', tl: 'fil', si: 'sin', my: 'bur', km: 'khm', sw: 'swa', af: 'afr',
};

export function marcLanguage(code: string): string {
  if (MARC_LANGUAGES[code]) return MARC_LANGUAGES[code];
  // The site's three-letter codes (kok, mai, mni, doi, sat, bho) are already ISO 639-2 codes.
  return /^[a-z]{3}$/.test(code) ? code : 'und';
}

const MONTHS = ['Jan.', 'Feb.', 'Mar.', 'Apr.', 'May', 'June', 'July', 'Aug.', 'Sept.', 'Oct.', 'Nov.', 'Dec.'];

/** An issue's designation for 362: its number when it has one, with its date as MARC examples write dates. */
function designation(number: string | null, date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const chronology = `${MONTHS[month - 1]} ${day}, ${year}`;
  return number ? `no. ${number} (${chronology})` : chronology;
}

/** yyyymmddhhmmss.f, the form of 005 (date and time of latest transaction). */
function transactionTime(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}.${iso.slice(20, 21)}`;
}

/**
 * Leader positions as this site codes them: 06 'a' language material, 07 's' serial, 09 'a' UCS/Unicode, 10-11 '22',
 * 17 '3' abbreviated level (the records are made from the site's data, not catalogued by hand), 18 'c' ISBD
 * punctuation omitted, 20-23 '4500'. Positions 00-04, 05 and 12-16 are filled per record.
 */
const LEADER = '00000nas a22000003c 4500';

/**
 * 008 for a continuing resource, position by position: 00-05 date entered, 06 'c' currently published or 'd'
 * ceased, 07-10 first year, 11-14 '9999' or the last year, 15-17 'xx ' place unknown, 18-19 frequency and
 * regularity ('u' both when the issues do not show them), 20 blank, 21 'g' magazine or 'n' newspaper, 22 blank,
 * 23 'o' online, 24-27 blank, 28 blank, 29 '0' not a conference, 30-32 blank, 33 '|', 34 '0' successive entry,
 * 35-37 language, 38 blank, 39 'd' other cataloguing source.
 */
function fixedLengthData(title: CollectionTitle, addedAt: Date): string {
  const entered = addedAt.toISOString().slice(2, 10).replace(/-/g, '');
  const status = title.ongoing ? 'c' : 'd';
  const lastYear = title.ongoing ? '9999' : title.lastDate.slice(0, 4);
  const frequency = title.frequency ?? 'u';
  const regularity = title.frequency ? 'r' : 'u';
  const value = `${entered}${status}${title.firstDate.slice(0, 4)}${lastYear}xx ${frequency}${regularity} ${title.newspaper ? 'n' : 'g'} o    ` +
    ` 0   |0${marcLanguage(title.languageCode)} d`;
  if (value.length !== 40) throw new Error(`008 came out ${value.length} characters long`);
  return value;
}

/** What a title's record is made from, hashed: a change in any of it is a changed record (the origin is left out). */
export function recordHash(title: CollectionTitle): string {
  const { url, ...described } = title;
  return createHash('sha256').update(JSON.stringify({ ...described, path: new URL(url).pathname })).digest('hex');
}

/**
 * One title's MARC 21 bibliographic record for the online edition a library's members read: 001-008, 022 (the
 * online ISSN), 040, 245, 264 (publisher), 310 (frequency, where the issues show it), 362 (first and, once ceased,
 * last issue), 776 (the print edition and its ISSN) and 856 (the title's page on this site).
 */
export function titleRecord(title: CollectionTitle, status: 'n' | 'c', addedAt: Date, changedAt: Date): MarcRecord {
  const code = marcOrganizationCode();
  const dataFields: MarcDataField[] = [];
  if (title.onlineIssn) dataFields.push({ tag: '022', ind1: ' ', ind2: ' ', subfields: [['a', title.onlineIssn]] });
  dataFields.push({ tag: '040', ind1: ' ', ind2: ' ', subfields: [['a', code], ['b', 'eng'], ['c', code]] });
  dataFields.push({ tag: '245', ind1: '0', ind2: String(nonfilingCharacters(title.name, title.languageCode)), subfields: [['a', title.name]] });
  if (title.publisher) {
    dataFields.push({ tag: '264', ind1: ' ', ind2: '1', subfields: [['a', '[Place of publication not identified]'], ['b', title.publisher]] });
  }
  if (title.frequency) dataFields.push({ tag: '310', ind1: ' ', ind2: ' ', subfields: [['a', FREQUENCIES[title.frequency]]] });
  const first = designation(title.firstNumber, title.firstDate);
  const dates = title.ongoing ? `${first}-` : `${first}-${designation(title.lastNumber, title.lastDate)}`;
  dataFields.push({ tag: '362', ind1: '0', ind2: ' ', subfields: [['a', dates]] });
  if (title.printIssn) {
    dataFields.push({ tag: '776', ind1: '0', ind2: '8', subfields: [['i', 'Print version:'], ['t', title.name], ['x', title.printIssn]] });
  }
  dataFields.push({ tag: '856', ind1: '4', ind2: '0', subfields: [['u', title.url], ['z', 'Read online']] });
  return {
    status,
    leaderTemplate: LEADER,
    controlFields: [
      { tag: '001', value: String(title.id) },
      { tag: '003', value: code },
      { tag: '005', value: transactionTime(changedAt) },
      // An online resource: 006 for its computer-file aspects (form 'o', a document), 007 'cr' remote.
      { tag: '006', value: 'm     o  d        ' },
      { tag: '007', value: 'cr |||||||||||' },
      { tag: '008', value: fixedLengthData(title, addedAt) },
    ],
    dataFields,
  };
}

/** A deletion record (leader/05 'd') for a title the library no longer offers: its control number and last title. */
export function withdrawnRecord(magazineId: number, title: string, withdrawnAt: Date): MarcRecord {
  const code = marcOrganizationCode();
  return {
    status: 'd',
    leaderTemplate: LEADER,
    controlFields: [
      { tag: '001', value: String(magazineId) },
      { tag: '003', value: code },
      { tag: '005', value: transactionTime(withdrawnAt) },
    ],
    dataFields: [{ tag: '245', ind1: '0', ind2: '0', subfields: [['a', title]] }],
  };
}

type LedgerRow = typeof libraryCatalogueRecords.$inferSelect;

/**
 * Brings the library's record ledger up to date with its collection now: a title not seen before is added, one whose
 * data changed is marked changed, one gone from the collection is marked withdrawn, one back again is added anew.
 * The library's row is locked meanwhile, so two fetches at once do not both add the same title.
 */
export async function syncCatalogueRecords(library: Library, titles: CollectionTitle[], now = new Date()): Promise<LedgerRow[]> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select id from libraries where id = ${library.id} for update`);
    const ledger = new Map((await tx.select().from(libraryCatalogueRecords).where(eq(libraryCatalogueRecords.libraryId, library.id))).map((row) => [row.magazineId, row]));
    const current = new Set<number>();
    for (const title of titles) {
      current.add(title.id);
      const hash = recordHash(title);
      const row = ledger.get(title.id);
      const where = and(eq(libraryCatalogueRecords.libraryId, library.id), eq(libraryCatalogueRecords.magazineId, title.id));
      if (!row) {
        await tx.insert(libraryCatalogueRecords).values({ libraryId: library.id, magazineId: title.id, title: title.name, recordHash: hash, addedAt: now, changedAt: now });
      } else if (row.withdrawnAt) {
        await tx.update(libraryCatalogueRecords).set({ title: title.name, recordHash: hash, addedAt: now, changedAt: now, withdrawnAt: null }).where(where);
      } else if (row.recordHash !== hash) {
        await tx.update(libraryCatalogueRecords).set({ title: title.name, recordHash: hash, changedAt: now }).where(where);
      }
    }
    for (const row of ledger.values()) {
      if (row.withdrawnAt || current.has(row.magazineId)) continue;
      await tx
        .update(libraryCatalogueRecords)
        .set({ withdrawnAt: now, changedAt: now })
        .where(and(eq(libraryCatalogueRecords.libraryId, library.id), eq(libraryCatalogueRecords.magazineId, row.magazineId)));
    }
    return tx.select().from(libraryCatalogueRecords).where(eq(libraryCatalogueRecords.libraryId, library.id));
  });
}

/**
 * The library's MARC records: every title it offers (status 'n', or 'c' once changed since first sent), or with
 * `since`, only what changed from then on: titles added ('n') or changed ('c'), and withdrawn ones as deletion
 * records ('d'). Records come in the collection's title order, deletions last.
 */
export async function libraryMarcRecords(library: Library, titles: CollectionTitle[], since: Date | null): Promise<MarcRecord[]> {
  const ledger = new Map((await syncCatalogueRecords(library, titles)).map((row) => [row.magazineId, row]));
  const records: MarcRecord[] = [];
  for (const title of titles) {
    const row = ledger.get(title.id);
    if (!row) continue;
    if (since && row.changedAt < since) continue;
    const isNew = since ? row.addedAt >= since : row.changedAt.getTime() === row.addedAt.getTime();
    records.push(titleRecord(title, isNew ? 'n' : 'c', row.addedAt, row.changedAt));
  }
  if (since) {
    const withdrawn = [...ledger.values()].sort((a, b) => a.magazineId - b.magazineId);
    for (const row of withdrawn) if (row.withdrawnAt && row.withdrawnAt >= since) records.push(withdrawnRecord(row.magazineId, row.title, row.withdrawnAt));
  }
  return records;
}
