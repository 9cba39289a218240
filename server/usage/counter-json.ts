import { COUNTER_RELEASE, lastDayOf, REPORT_DEFINITIONS, type MetricType } from '@/lib/counter-report';
import type { AttributePerformance, CounterReportData, ReportItem } from './reports';

type Json = Record<string, unknown>;

/** A metric's counts as the schema's Counts object: one entry per month with usage (zero months are left out). */
function performanceOf(data: CounterReportData, line: AttributePerformance): Json {
  const performance: Json = {};
  for (const metric of data.metricTypes) {
    const counts = line.performance[metric as MetricType];
    if (!counts) continue;
    const byMonth: Record<string, number> = {};
    counts.forEach((count, index) => {
      if (count > 0) byMonth[data.months[index]] = count;
    });
    performance[metric] = byMonth;
  }
  return performance;
}

function attributePerformance(data: CounterReportData, item: ReportItem): Json[] {
  return item.lines.map((line) => ({ ...line.attributes, Performance: performanceOf(data, line) }));
}

/** The Report_Header of a COUNTER_SUSHI 5.1 report. */
function reportHeader(data: CounterReportData): Json {
  const filters: Json = {};
  if (data.metricTypesFiltered) filters.Metric_Type = data.metricTypes;
  filters.Begin_Date = `${data.begin}-01`;
  filters.End_Date = lastDayOf(data.end);
  // Every filter, YOP included, is a list of values; a YOP value is a year or a range of years.
  for (const [name, values] of data.filters) filters[name] = values;
  const attributes: Json = {};
  if (data.attributesToShow.length > 0) attributes.Attributes_To_Show = data.attributesToShow;
  if (data.includeParentDetails) attributes.Include_Parent_Details = 'True';
  return {
    Release: COUNTER_RELEASE,
    Report_ID: data.reportId,
    Report_Name: data.reportName,
    Created: data.created,
    Created_By: data.createdBy,
    Institution_ID: { Proprietary: [data.institutionId] },
    Institution_Name: data.institutionName,
    // Required; blank for a platform without a COUNTER Registry record.
    Registry_Record: data.registryRecord,
    ...(Object.keys(attributes).length > 0 ? { Report_Attributes: attributes } : {}),
    Report_Filters: filters,
    ...(data.exceptions.length > 0 ? { Exceptions: data.exceptions } : {}),
  };
}

function titleItem(data: CounterReportData, item: ReportItem): Json {
  return { Title: item.name, Publisher: item.publisher, Platform: data.platform, Item_ID: item.itemId, Attribute_Performance: attributePerformance(data, item) };
}

function itemItem(data: CounterReportData, item: ReportItem): Json {
  return { Item: item.name, Publisher: item.publisher, Platform: data.platform, Item_ID: item.itemId, Attribute_Performance: attributePerformance(data, item) };
}

/**
 * An Item Report's Report_Items: with Include_Parent_Details each parent (the magazine, newspaper or journal) holds its
 * items; without, one entry holds them all, as in the Code's IR_M1 sample.
 */
function itemReportItems(data: CounterReportData): Json[] {
  if (data.items.length === 0) return [];
  if (!data.includeParentDetails) return [{ Items: data.items.map((item) => itemItem(data, item)) }];
  const parents = new Map<string, Json & { Items: Json[] }>();
  for (const item of data.items) {
    const parent = item.parent!;
    let entry = parents.get(parent.itemId.Proprietary);
    if (!entry) {
      entry = { Title: parent.title, Data_Type: parent.dataType, Item_ID: parent.itemId, Items: [] };
      parents.set(parent.itemId.Proprietary, entry);
    }
    entry.Items.push(itemItem(data, item));
  }
  return [...parents.values()].sort((a, b) => String(a.Title).localeCompare(String(b.Title), 'en'));
}

/** A report's data as the JSON of the COUNTER_SUSHI 5.1 API: Report_Header and Report_Items. */
export function counterJson(data: CounterReportData): Json {
  const base = REPORT_DEFINITIONS[data.reportId].base;
  let items: Json[];
  if (base === 'PR') items = data.items.map((item) => ({ Platform: item.name, Attribute_Performance: attributePerformance(data, item) }));
  else if (base === 'TR') items = data.items.map((item) => titleItem(data, item));
  else items = itemReportItems(data);
  return { Report_Header: reportHeader(data), Report_Items: items };
}
