import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * JSON schemas of the COUNTER API 5.1 answers, written from the Code of Practice's published definitions (the
 * COUNTER_SUSHI 5.1 OpenAPI document's Report_Header, Report_Item, Item_ID, Counts and Exception models, Appendix D's
 * Table D.1, and the Data_Types of Table 3.p), independently of the code that makes them.
 */

/** Table D.1: every standard Exception's message, which must match exactly. */
const EXCEPTION_MESSAGES: Record<number, string> = {
  1000: 'Service Not Available',
  1010: 'Service Busy',
  1011: 'Report Queued for Processing',
  1020: 'Client has made too many requests',
  1030: 'Insufficient Information to Process Request',
  2000: 'Requestor Not Authorized to Access Service',
  2010: 'Requestor is Not Authorized to Access Usage for Institution',
  2011: 'Global Reports Not Supported',
  2020: 'APIKey Invalid',
  3020: 'Invalid Date Arguments',
  3030: 'No Usage Available for Requested Dates',
  3031: 'Usage Not Ready for Requested Dates',
  3032: 'Usage No Longer Available for Requested Dates',
  3040: 'Partial Data Returned',
  3050: 'Parameter Not Recognized in this Context',
  3060: 'Invalid ReportFilter Value',
  3061: 'Incongruous ReportFilter Value',
  3062: 'Invalid ReportAttribute Value',
  3063: 'Components Not Supported',
  3070: 'Required ReportFilter Missing',
};

const MONTH = '^[0-9]{4}-(0[1-9]|1[0-2])$';
const REGISTRY_RECORD = '^(https://registry.countermetrics.org/(platform|usage-data-host)/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|)$';
const PROPRIETARY = '^[a-zA-Z][a-zA-Z0-9_./]{0,15}[a-zA-Z0-9]:.+';
const ITEM_METRICS = ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'];
const TITLE_METRICS = ['Unique_Title_Investigations', 'Unique_Title_Requests'];
const DATA_TYPES = [
  'Article', 'Audiovisual', 'Book', 'Book_Segment', 'Conference', 'Conference_Item', 'Database_Aggregated', 'Database_AI', 'Database_Full',
  'Database_Full_Item', 'Dataset', 'Image', 'Interactive_Resource', 'Journal', 'Multimedia', 'News_Item', 'Newspaper_or_Newsletter', 'Other',
  'Patent', 'Platform', 'Reference_Item', 'Reference_Work', 'Report', 'Software', 'Sound', 'Standard', 'Thesis_or_Dissertation', 'Unspecified',
];

const exception = {
  type: 'object',
  properties: {
    Code: { type: 'integer' },
    Message: { type: 'string', minLength: 2 },
    Help_URL: { type: 'string', format: 'uri' },
    Data: { type: 'string' },
  },
  required: ['Code', 'Message'],
  additionalProperties: false,
  allOf: Object.entries(EXCEPTION_MESSAGES).map(([code, message]) => ({
    if: { properties: { Code: { const: Number(code) } } },
    then: { properties: { Message: { const: message } } },
  })),
};

const counts = { type: 'object', patternProperties: { [MONTH]: { type: 'integer', minimum: 0 } }, minProperties: 1, additionalProperties: false };

function performance(metrics: string[], minProperties = 1) {
  return { type: 'object', properties: Object.fromEntries(metrics.map((metric) => [metric, counts])), minProperties, additionalProperties: false };
}

const itemId = {
  type: 'object',
  properties: {
    DOI: { type: 'string', pattern: '^10\\.[1-9][0-9]{2}[0-9.]*\\/.+$' },
    ISBN: { type: 'string', pattern: '^97[89]-[0-9]+-[0-9]+-[0-9]+-[0-9]$' },
    Online_ISSN: { type: 'string', pattern: '^[0-9]{4}-[0-9]{3}[0-9X]$' },
    Print_ISSN: { type: 'string', pattern: '^[0-9]{4}-[0-9]{3}[0-9X]$' },
    Proprietary: { type: 'string', pattern: PROPRIETARY },
    URI: { type: 'string', format: 'uri' },
  },
  minProperties: 1,
  additionalProperties: false,
};

const institutionId = {
  type: 'object',
  properties: Object.fromEntries(
    ['ISNI', 'ROR', 'ISIL', 'OCLC', 'Proprietary'].map((name) => [name, { type: 'array', uniqueItems: true, minItems: 1, items: { type: 'string', ...(name === 'Proprietary' ? { pattern: PROPRIETARY } : {}) } }]),
  ),
  minProperties: 1,
  additionalProperties: false,
};

/** Exactly these values, in order (not `const`: an array parsed in another realm fails ajv's deep equality). */
const exactly = (...values: string[]) => ({ type: 'array', prefixItems: values.map((value) => ({ const: value })), minItems: values.length, maxItems: values.length });
const stringList = (values?: string[]) => ({ type: 'array', uniqueItems: true, minItems: 1, items: values ? { enum: values } : { type: 'string' } });

/** The Report_Header of a report, with its fixed Report_ID and Report_Name. */
function header(reportId: string, reportName: string, metrics: string[], extraFilters: Record<string, unknown> = {}, requiredFilters: string[] = []) {
  return {
    type: 'object',
    properties: {
      Release: { const: '5.1' },
      Report_ID: { const: reportId },
      Report_Name: { const: reportName },
      Created: { type: 'string', format: 'date-time', pattern: 'Z$' },
      Created_By: { type: 'string', minLength: 1 },
      Institution_ID: institutionId,
      Institution_Name: { type: 'string', minLength: 1 },
      Registry_Record: { type: 'string', pattern: REGISTRY_RECORD },
      Report_Attributes: {
        type: 'object',
        properties: {
          Attributes_To_Show: stringList(['Data_Type', 'YOP', 'Access_Type', 'Access_Method', 'Authors', 'Publication_Date', 'Article_Version']),
          Include_Parent_Details: { enum: ['True', 'False'] },
          Include_Component_Details: { enum: ['True', 'False'] },
          Granularity: { enum: ['Month', 'Totals'] },
        },
        additionalProperties: false,
      },
      Report_Filters: {
        type: 'object',
        properties: {
          Begin_Date: { type: 'string', format: 'date', pattern: '-01$' },
          End_Date: { type: 'string', format: 'date' },
          Metric_Type: stringList(metrics),
          Data_Type: stringList(DATA_TYPES),
          Access_Type: stringList(['Controlled', 'Open', 'Free_To_Read']),
          Access_Method: stringList(['Regular', 'TDM']),
          YOP: { type: 'string', pattern: '^[0-9]{4}(-[0-9]{4})?(\\|[0-9]{4}(-[0-9]{4})?)*$' },
          ...extraFilters,
        },
        required: ['Begin_Date', 'End_Date', ...requiredFilters],
        additionalProperties: false,
      },
      Exceptions: { type: 'array', minItems: 1, items: exception },
    },
    required: ['Release', 'Report_ID', 'Report_Name', 'Created', 'Created_By', 'Institution_ID', 'Institution_Name', 'Report_Filters'],
    additionalProperties: false,
  };
}

function report(headerSchema: unknown, item: unknown) {
  return { type: 'object', properties: { Report_Header: headerSchema, Report_Items: { type: 'array', items: item } }, required: ['Report_Header', 'Report_Items'], additionalProperties: false };
}

function attributePerformance(attributes: Record<string, unknown>, required: string[], metrics: string[], minMetrics = 1) {
  return {
    type: 'array',
    minItems: 1,
    items: { type: 'object', properties: { ...attributes, Performance: performance(metrics, minMetrics) }, required: [...required, 'Performance'], additionalProperties: false },
  };
}

const yop = { type: 'string', pattern: '^[0-9]{4}$' };
const accessType = { enum: ['Controlled', 'Open', 'Free_To_Read'] };
const accessMethod = { enum: ['Regular', 'TDM'] };
const titleDataType = { enum: ['Journal', 'Newspaper_or_Newsletter'] };

function titleItem(attributePerformanceSchema: unknown) {
  return {
    type: 'object',
    properties: { Title: { type: 'string' }, Publisher: { type: 'string' }, Publisher_ID: institutionId, Platform: { type: 'string', minLength: 2 }, Item_ID: itemId, Attribute_Performance: attributePerformanceSchema },
    required: ['Title', 'Publisher', 'Platform', 'Attribute_Performance'],
    additionalProperties: false,
  };
}

const prMetrics = ['Searches_Platform', ...ITEM_METRICS, ...TITLE_METRICS];
const trMetrics = [...ITEM_METRICS, ...TITLE_METRICS];
const requests = ['Total_Item_Requests', 'Unique_Item_Requests'];
const journalControlled = { Data_Type: exactly('Journal'), Access_Type: exactly('Controlled'), Access_Method: exactly('Regular') };

const irItem = {
  type: 'object',
  properties: {
    Item: { type: 'string' },
    Publisher: { type: 'string' },
    Publisher_ID: institutionId,
    Platform: { type: 'string', minLength: 2 },
    Item_ID: itemId,
    Attribute_Performance: attributePerformance({ Data_Type: { enum: DATA_TYPES }, YOP: yop, Access_Type: accessType, Access_Method: accessMethod }, ['Data_Type'], ITEM_METRICS),
  },
  required: ['Item', 'Publisher', 'Platform', 'Attribute_Performance'],
  additionalProperties: false,
};

export const COUNTER_SCHEMAS = {
  exception,
  // Status, Member and Report as the COUNTER API 5.1 document (Project-Counter/cop5 api-specification/COUNTER_API.json,
  // components 200_Status, 200_Members, 200_Reports) defines them.
  status: {
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: {
      type: 'object',
      properties: {
        Description: { type: 'string' },
        Service_Active: { type: 'boolean' },
        Registry_Record: { type: 'string', pattern: REGISTRY_RECORD },
        Note: { type: 'string' },
        Alerts: { type: 'array', minItems: 1, items: { type: 'object', properties: { Date_Time: { type: 'string', format: 'date-time' }, Alert: { type: 'string' } } } },
      },
      required: ['Service_Active'],
    },
  },
  members: {
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: {
      type: 'object',
      properties: {
        Institution_Name: { type: 'string', minLength: 2 },
        Institution_ID: institutionId,
        Customer_ID: { type: 'string', minLength: 1 },
        // Left out when it is the requestor ID of the request.
        Requestor_ID: { type: 'string', minLength: 1 },
        Notes: { type: 'string', minLength: 2 },
      },
      required: ['Institution_Name', 'Customer_ID'],
      additionalProperties: false,
    },
  },
  reports: {
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      properties: {
        Report_Name: { type: 'string', minLength: 2 },
        Report_ID: { type: 'string', minLength: 2 },
        // Release 5.1.1 of the document allows only 5.1 in the /r51/reports answer.
        Release: { const: '5.1' },
        Report_Description: { type: 'string', minLength: 2 },
        Path: { type: 'string', minLength: 2, pattern: '^/r51/reports/[a-z0-9_]+$' },
        First_Month_Available: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' },
        Last_Month_Available: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' },
      },
      required: ['Report_Name', 'Report_ID', 'Release', 'Report_Description', 'First_Month_Available', 'Last_Month_Available'],
    },
  },
  PR: report(header('PR', 'Platform Report', prMetrics), {
    type: 'object',
    properties: { Platform: { type: 'string', minLength: 2 }, Attribute_Performance: attributePerformance({ Data_Type: { enum: DATA_TYPES }, Access_Method: accessMethod }, [], prMetrics) },
    required: ['Platform', 'Attribute_Performance'],
    additionalProperties: false,
  }),
  PR_P1: report(header('PR_P1', 'Platform Usage', ['Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests'], { Access_Method: exactly('Regular') }, ['Metric_Type', 'Access_Method']), {
    type: 'object',
    properties: {
      Platform: { type: 'string', minLength: 2 },
      Attribute_Performance: attributePerformance({ Data_Type: { enum: DATA_TYPES } }, ['Data_Type'], ['Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests']),
    },
    required: ['Platform', 'Attribute_Performance'],
    additionalProperties: false,
  }),
  TR: report(header('TR', 'Title Report', trMetrics), titleItem(attributePerformance({ Data_Type: titleDataType, YOP: yop, Access_Type: accessType, Access_Method: accessMethod }, [], trMetrics))),
  TR_J1: report(header('TR_J1', 'Journal Requests (Controlled)', requests, journalControlled, ['Metric_Type', 'Data_Type', 'Access_Type', 'Access_Method']), titleItem(attributePerformance({}, [], requests))),
  TR_J3: report(
    header('TR_J3', 'Journal Usage by Access Type', ITEM_METRICS, { Data_Type: exactly('Journal'), Access_Method: exactly('Regular') }, ['Metric_Type', 'Data_Type', 'Access_Method']),
    titleItem(attributePerformance({ Access_Type: accessType }, ['Access_Type'], ITEM_METRICS)),
  ),
  TR_J4: report(header('TR_J4', 'Journal Requests by YOP (Controlled)', requests, journalControlled, ['Metric_Type', 'Data_Type', 'Access_Type', 'Access_Method']), titleItem(attributePerformance({ YOP: yop }, ['YOP'], requests))),
  IR: report(header('IR', 'Item Report', ITEM_METRICS), {
    type: 'object',
    properties: { Title: { type: 'string' }, Data_Type: titleDataType, Item_ID: itemId, Items: { type: 'array', minItems: 1, items: irItem } },
    required: ['Items'],
    additionalProperties: false,
    // A parent is described in full or not at all.
    dependentRequired: { Title: ['Data_Type', 'Item_ID'] },
  }),
} as const;

export type CounterSchemaName = keyof typeof COUNTER_SCHEMAS;

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map<CounterSchemaName, ValidateFunction>();

/** The schema's errors for an answer, as text (empty when it validates). */
export function schemaErrors(name: CounterSchemaName, value: unknown): string[] {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(COUNTER_SCHEMAS[name]);
    validators.set(name, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}
