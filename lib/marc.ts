/**
 * MARC 21 records and their two carriers, written from the Library of Congress documentation: MARCXML (the MARC 21
 * slim schema, namespace http://www.loc.gov/MARC21/slim) and ISO 2709 (the binary exchange format, `.mrc`).
 */

export interface MarcControlField {
  tag: string;
  value: string;
}

export interface MarcDataField {
  tag: string;
  ind1: string;
  ind2: string;
  subfields: [code: string, value: string][];
}

export interface MarcRecord {
  /** Leader positions 05-09 and 17-19 (status, type, level, control, coding scheme; encoding level, form, multipart). */
  status: 'n' | 'c' | 'd';
  leaderTemplate: string;
  controlFields: MarcControlField[];
  dataFields: MarcDataField[];
}

/** ISO 2709 separators: field terminator, record terminator, subfield delimiter. */
const FIELD_END = '\x1e';
const RECORD_END = '\x1d';
const SUBFIELD = '\x1f';

/** Text without control characters: the separators must never appear inside data, and XML 1.0 forbids most of them. */
function clean(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

function fieldBody(field: MarcControlField | MarcDataField): string {
  if ('value' in field) return `${clean(field.value)}${FIELD_END}`;
  return `${field.ind1}${field.ind2}${field.subfields.map(([code, value]) => `${SUBFIELD}${code}${clean(value)}`).join('')}${FIELD_END}`;
}

function digits(value: number, width: number): string {
  const text = String(value);
  if (text.length > width) throw new Error(`A MARC record needs ${text.length} digits where ISO 2709 gives ${width}: it is too long`);
  return text.padStart(width, '0');
}

/**
 * One record in ISO 2709 (MARC 21 profile): the 24-character leader, a directory of 12-character entries (tag, field
 * length in 4 digits, start in 5), then the fields. Lengths count bytes of UTF-8 (leader/09 'a').
 */
function iso2709(record: MarcRecord): Buffer {
  if (record.leaderTemplate.length !== 24) throw new Error('A MARC leader is 24 characters');
  const fields = [...record.controlFields, ...record.dataFields];
  const bodies = fields.map((field) => Buffer.from(fieldBody(field), 'utf8'));
  let start = 0;
  const directory = fields.map((field, i) => {
    const entry = `${field.tag}${digits(bodies[i].length, 4)}${digits(start, 5)}`;
    start += bodies[i].length;
    return entry;
  });
  const directoryBytes = Buffer.from(`${directory.join('')}${FIELD_END}`, 'ascii');
  const baseAddress = 24 + directoryBytes.length;
  const length = baseAddress + start + 1;
  const leader = leaderOf(record, length, baseAddress);
  return Buffer.concat([Buffer.from(leader, 'ascii'), directoryBytes, ...bodies, Buffer.from(RECORD_END, 'ascii')]);
}

/** The leader with its record length (00-04) and base address of data (12-16) filled in. */
function leaderOf(record: MarcRecord, length: number, baseAddress: number): string {
  const template = record.leaderTemplate;
  return `${digits(length, 5)}${record.status}${template.slice(6, 12)}${digits(baseAddress, 5)}${template.slice(17, 24)}`;
}

/** A file of records in ISO 2709, one after another. */
export function iso2709File(records: MarcRecord[]): Buffer {
  return Buffer.concat(records.map(iso2709));
}

function xmlText(value: string): string {
  return clean(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One record as a MARCXML <record>; the leader is the one the ISO 2709 form of the same record carries. */
function marcXmlRecord(record: MarcRecord): string {
  const binary = iso2709(record);
  const leader = binary.subarray(0, 24).toString('ascii');
  const lines = [`  <record>`, `    <leader>${xmlText(leader)}</leader>`];
  for (const field of record.controlFields) lines.push(`    <controlfield tag="${field.tag}">${xmlText(field.value)}</controlfield>`);
  for (const field of record.dataFields) {
    lines.push(`    <datafield tag="${field.tag}" ind1="${field.ind1}" ind2="${field.ind2}">`);
    for (const [code, value] of field.subfields) lines.push(`      <subfield code="${xmlText(code)}">${xmlText(value)}</subfield>`);
    lines.push('    </datafield>');
  }
  lines.push('  </record>');
  return lines.join('\n');
}

/** A MARCXML collection of records. */
export function marcXmlCollection(records: MarcRecord[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<collection xmlns="http://www.loc.gov/MARC21/slim">',
    ...records.map(marcXmlRecord),
    '</collection>',
    '',
  ].join('\n');
}
