import { REPORT_DEFINITIONS, type CounterReportId, type MetricType, type Month, type ShownAttribute } from '@/lib/counter-report';
import { counterException, CounterError, type CounterException } from './counter-exceptions';
import type { ReportOptions } from './reports';

/** The parameters every COUNTER API path takes: credentials, and the platform (one platform here, so it is not checked). */
export const CREDENTIAL_PARAMETERS = ['customer_id', 'requestor_id', 'api_key', 'platform'] as const;

/** The report parameters of the COUNTER_SUSHI 5.1 API, by COUNTER Report (a Standard View takes only the dates). */
const REPORT_PARAMETERS: Record<'PR' | 'TR' | 'IR', string[]> = {
  PR: ['metric_type', 'data_type', 'access_method', 'attributes_to_show', 'granularity', 'attributed', 'country_code', 'subdivision_code'],
  TR: ['metric_type', 'data_type', 'access_type', 'access_method', 'yop', 'item_id', 'attributes_to_show', 'granularity', 'attributed', 'country_code', 'subdivision_code'],
  IR: ['metric_type', 'data_type', 'access_type', 'access_method', 'yop', 'item_id', 'author', 'attributes_to_show', 'include_parent_details', 'include_component_details', 'granularity', 'attributed', 'country_code', 'subdivision_code'],
};

/** Filters of the Code this platform does not apply (optional ones, and the common extensions): Exception 3060. */
const UNSUPPORTED_FILTERS = new Set(['item_id', 'author', 'attributed', 'country_code', 'subdivision_code']);

/** The Data_Types each COUNTER Report of this platform has. */
const DATA_TYPES: Record<'PR' | 'TR' | 'IR', string[]> = {
  PR: ['Journal', 'Newspaper_or_Newsletter', 'Platform'],
  TR: ['Journal', 'Newspaper_or_Newsletter'],
  IR: ['Article', 'News_Item'],
};
const ACCESS_TYPES = ['Controlled', 'Open', 'Free_To_Read'];
const ACCESS_METHODS = ['Regular', 'TDM'];

/** Every parameter a report path takes. */
export function reportParameters(reportId: CounterReportId): string[] {
  const definition = REPORT_DEFINITIONS[reportId];
  return [...CREDENTIAL_PARAMETERS, 'begin_date', 'end_date', ...(definition.customizable ? REPORT_PARAMETERS[definition.base] : [])];
}

const DATE = /^(\d{4})-(0[1-9]|1[0-2])(?:-(\d{2}))?$/;

/** A begin_date or end_date (yyyy-mm-dd or yyyy-mm) as its month, or null when it is no date. */
function monthOf(value: string): Month | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  if (match[3] !== undefined) {
    const day = Number(match[3]);
    const last = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
    if (day < 1 || day > last) return null;
  }
  return `${match[1]}-${match[2]}`;
}

export function monthOfDate(at: Date, offset = 0): Month {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/** A COUNTER API call's query parameters as sent. */
export type CounterQuery = Record<string, string | undefined>;

export interface ReportRange {
  begin: Month;
  end: Month;
  exceptions: CounterException[];
}

/**
 * The months a report request asks for (Appendix D): missing dates are 1030; a date that is no date, an end before the
 * begin, or a begin in the current or a future month is 3020; an end in the current or a future month is cut back to
 * the last complete month, with 3031 naming the months left out.
 */
export function reportRange(query: CounterQuery, now: Date): ReportRange {
  const missing = ['begin_date', 'end_date'].filter((name) => !query[name]?.trim());
  if (missing.length > 0) throw new CounterError(1030, `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required`);
  const begin = monthOf(query.begin_date ?? '');
  const end = monthOf(query.end_date ?? '');
  if (!begin) throw new CounterError(3020, `begin_date ${query.begin_date} is not yyyy-mm-dd or yyyy-mm`);
  if (!end) throw new CounterError(3020, `end_date ${query.end_date} is not yyyy-mm-dd or yyyy-mm`);
  if (end < begin) throw new CounterError(3020, 'end_date is before begin_date');
  const current = monthOfDate(now);
  const lastComplete = monthOfDate(now, -1);
  if (begin >= current) throw new CounterError(3020, `begin_date must be before ${current}, the month in progress; usage is available to ${lastComplete}`);
  if (end < current) return { begin, end, exceptions: [] };
  return { begin, end: lastComplete, exceptions: [counterException(3031, `usage for ${current} to ${end} is not ready; usage is available to ${lastComplete}`)] };
}

function values(raw: string): string[] {
  return raw
    .split('|')
    .map((value) => value.trim())
    .filter(Boolean);
}

function yopRanges(raw: string): [number, number][] | null {
  const ranges: [number, number][] = [];
  for (const value of values(raw)) {
    const match = /^(\d{4})(?:-(\d{4}))?$/.exec(value);
    if (!match) return null;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (to < from) return null;
    ranges.push([from, to]);
  }
  return ranges;
}

/** A boolean attribute value: True or False in any case, else null. */
function flag(raw: string): boolean | null {
  const value = raw.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/**
 * A report request's filters and attributes (Appendix D): an unknown parameter is 3050, an unsupported filter value
 * 3060, an unsupported attribute value 3062, component details 3063. Each is reported and ignored; the report goes on.
 */
export function reportOptions(reportId: CounterReportId, query: CounterQuery): { options: ReportOptions; exceptions: CounterException[] } {
  const definition = REPORT_DEFINITIONS[reportId];
  const known = new Set(reportParameters(reportId));
  const exceptions: CounterException[] = [];
  const unknown = Object.keys(query).filter((name) => query[name] !== undefined && !known.has(name));
  if (unknown.length > 0) exceptions.push(counterException(3050, unknown.join(', ')));
  const options: ReportOptions = {};
  if (!definition.customizable) return { options, exceptions };

  const badFilters: string[] = [];
  const badAttributes: string[] = [];
  const pick = (name: string, allowed: string[]): string[] | undefined => {
    const raw = query[name];
    if (raw === undefined) return undefined;
    const given = values(raw);
    const good = given.filter((value) => allowed.includes(value));
    for (const value of given.filter((value) => !allowed.includes(value))) badFilters.push(`${name}=${value}`);
    return good.length > 0 ? good : undefined;
  };
  options.metricTypes = pick('metric_type', definition.metricTypes) as MetricType[] | undefined;
  options.dataTypes = pick('data_type', DATA_TYPES[definition.base]);
  if (known.has('access_type')) options.accessTypes = pick('access_type', ACCESS_TYPES);
  options.accessMethods = pick('access_method', ACCESS_METHODS);
  if (known.has('yop') && query.yop !== undefined) {
    const ranges = yopRanges(query.yop);
    if (ranges && ranges.length > 0) options.yop = ranges;
    else badFilters.push(`yop=${query.yop}`);
  }
  for (const name of Object.keys(query).filter((key) => query[key] !== undefined && known.has(key) && UNSUPPORTED_FILTERS.has(key))) badFilters.push(`${name}=${query[name]}`);

  if (query.attributes_to_show !== undefined) {
    const given = values(query.attributes_to_show);
    const showable: string[] = definition.showable;
    options.attributesToShow = given.filter((name): name is ShownAttribute => showable.includes(name));
    for (const name of given.filter((value) => !showable.includes(value))) badAttributes.push(`attributes_to_show=${name}`);
  }
  if (query.granularity !== undefined && query.granularity !== 'Month') badAttributes.push(`granularity=${query.granularity}`);
  if (known.has('include_parent_details') && query.include_parent_details !== undefined) {
    const parents = flag(query.include_parent_details);
    if (parents === null) badAttributes.push(`include_parent_details=${query.include_parent_details}`);
    else options.includeParentDetails = parents;
  }
  if (known.has('include_component_details') && query.include_component_details !== undefined) {
    const components = flag(query.include_component_details);
    if (components === true) exceptions.push(counterException(3063));
    else if (components === null) badAttributes.push(`include_component_details=${query.include_component_details}`);
  }
  if (badFilters.length > 0) exceptions.push(counterException(3060, badFilters.join(', ')));
  if (badAttributes.length > 0) exceptions.push(counterException(3062, badAttributes.join(', ')));
  return { options, exceptions };
}
