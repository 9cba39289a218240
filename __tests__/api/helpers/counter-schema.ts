import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * JSON schemas of the COUNTER API 5.1 answers, written field by field from the COUNTER API document of Release 5.1.0.1
 * of the Code of Practice (Project-Counter/cop5, api-specification/COUNTER_API.json, components/schemas), independently
 * of the code that makes them, with Table D.1's Exception messages. The document's allOf/unevaluatedProperties
 * compositions are written out flat here with additionalProperties: false.
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
const ISNI = '^[0-9]{4}[ -]?[0-9]{4}[ -]?[0-9]{4}[ -]?[0-9]{3}[0-9X]$';
const YOP_RANGE = '^([0-9]{4}|[0-9]{4}-[0-9]{4})$';
const ITEM_METRICS = ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'];
const TITLE_METRICS = ['Unique_Title_Investigations', 'Unique_Title_Requests'];
const DENIALS = ['Limit_Exceeded', 'No_License'];
const REQUESTS = ['Total_Item_Requests', 'Unique_Item_Requests'];

// The Data_Type values each model of the document allows.
const PR_DATA_TYPES = [
  'Article', 'Audiovisual', 'Book', 'Book_Segment', 'Conference', 'Conference_Item', 'Database_Full_Item', 'Dataset', 'Image', 'Interactive_Resource',
  'Journal', 'Multimedia', 'News_Item', 'Newspaper_or_Newsletter', 'Other', 'Patent', 'Reference_Item', 'Reference_Work', 'Report', 'Software', 'Sound',
  'Standard', 'Thesis_or_Dissertation', 'Unspecified',
];
const TR_DATA_TYPES = ['Book', 'Conference', 'Journal', 'Newspaper_or_Newsletter', 'Other', 'Patent', 'Reference_Work', 'Report', 'Standard', 'Thesis_or_Dissertation', 'Unspecified'];
const IR_DATA_TYPES = [
  'Article', 'Audiovisual', 'Book_Segment', 'Conference_Item', 'Database_Full_Item', 'Dataset', 'Image', 'Interactive_Resource', 'Multimedia', 'News_Item',
  'Other', 'Patent', 'Reference_Item', 'Report', 'Software', 'Sound', 'Standard', 'Thesis_or_Dissertation', 'Unspecified',
];
const PARENT_DATA_TYPES = ['Book', 'Conference', 'Database_Full', 'Journal', 'Newspaper_or_Newsletter', 'Reference_Work'];

const exceptionProperties = { Code: { type: 'integer' }, Message: { type: 'string', minLength: 2 }, Help_URL: { type: 'string', format: 'uri' }, Data: { type: 'string' } };
const messageOfCode = Object.entries(EXCEPTION_MESSAGES).map(([code, message]) => ({
  if: { properties: { Code: { const: Number(code) } } },
  then: { properties: { Message: { const: message } } },
}));

const exception = { type: 'object', properties: exceptionProperties, required: ['Code', 'Message'], additionalProperties: false, allOf: messageOfCode };

/** An Exception inside a Report_Header: an informational or custom one (0 to 999), or one of the standard codes a report may carry. */
const headerException = {
  ...exception,
  properties: { ...exceptionProperties, Code: { type: 'integer', anyOf: [{ minimum: 0, maximum: 999 }, { enum: [3030, 3031, 3032, 3040, 3050, 3060, 3061, 3062, 3063, 3070] }] } },
};

const counts = { type: 'object', patternProperties: { [MONTH]: { type: 'integer', minimum: 0 } }, minProperties: 1, additionalProperties: false };

function performance(metrics: string[], minProperties: number) {
  return { type: 'object', properties: Object.fromEntries(metrics.map((metric) => [metric, counts])), minProperties, additionalProperties: false };
}

const itemId = {
  type: 'object',
  properties: {
    DOI: { type: 'string', pattern: '^10\\.[1-9][0-9]{2}[0-9.]*\\/.+$' },
    ISBN: { type: 'string', pattern: '^97[89]-[0-9]+-[0-9]+-[0-9]+-[0-9]$', minLength: 17, maxLength: 17 },
    Online_ISSN: { type: 'string', pattern: '^[0-9]{4}-[0-9]{3}[0-9X]$' },
    Print_ISSN: { type: 'string', pattern: '^[0-9]{4}-[0-9]{3}[0-9X]$' },
    Proprietary: { type: 'string', pattern: PROPRIETARY },
    URI: { type: 'string', format: 'uri' },
  },
  minProperties: 1,
  additionalProperties: false,
};

const idList = (pattern: string) => ({ type: 'array', uniqueItems: true, minItems: 1, items: { type: 'string', pattern } });
const organizationIds = { ISNI: idList(ISNI), ROR: idList('^0[a-z0-9]{6}[0-9]{2}$'), Proprietary: idList(PROPRIETARY) };
const institutionId = {
  type: 'object',
  properties: { ...organizationIds, ISIL: idList('^([A-Z]{2}|[a-zA-Z0-9]|[a-zA-Z0-9]{3,4})-.{1,11}$'), OCLC: idList('^[0-9]+$') },
  minProperties: 1,
  additionalProperties: false,
};
const publisherId = { type: 'object', properties: organizationIds, minProperties: 1, additionalProperties: false };

const authors = {
  type: 'array',
  uniqueItems: true,
  minItems: 1,
  maxItems: 3,
  items: {
    type: 'object',
    properties: { Name: { type: 'string', minLength: 2 }, ISNI: { type: 'string', pattern: ISNI }, ORCID: { type: 'string', pattern: '^[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{3}[0-9X]$' } },
    required: ['Name'],
  },
};
const articleVersion = { enum: ['AO', 'SMUR', 'AM', 'P', 'VoR', 'CVoR', 'EVoR'] };

/** Exactly these values, in order (not `const`: an array parsed in another realm fails ajv's deep equality). */
const exactly = (...values: string[]) => ({ type: 'array', prefixItems: values.map((value) => ({ const: value })), minItems: values.length, maxItems: values.length });
const stringList = (values: string[]) => ({ type: 'array', uniqueItems: true, minItems: 1, items: { enum: values } });
const yopFilter = { type: 'array', uniqueItems: true, minItems: 1, items: { type: 'string', pattern: YOP_RANGE } };
const accessTypeFilter = stringList(['Controlled', 'Free_To_Read', 'Open']);
const accessMethodFilter = stringList(['Regular', 'TDM']);

// The common extensions (optional for a provider) a customizable report may filter, show or carry.
const extensionFilters = { Attributed: { enum: ['No', 'Yes'] }, Country_Code: { type: 'string', pattern: '^[A-Z]{2}$' }, Subdivision_Code: { type: 'string', pattern: '^[A-Z]{2}-[A-Z0-9]{1,3}$' } };
const extensionAttributeNames = ['Institution_Name', 'Customer_ID', 'Country_Name', 'Country_Code', 'Subdivision_Name', 'Subdivision_Code', 'Attributed'];
const extensionAttributes = {
  Customer_ID: { type: 'string', minLength: 2 },
  Institution_Name: { type: 'string', minLength: 2 },
  Country_Name: { type: 'string', minLength: 2 },
  Country_Code: { type: 'string', pattern: '^[A-Z]{2}$' },
  Subdivision_Name: { type: 'string', minLength: 2 },
  Subdivision_Code: { type: 'string', pattern: '^[A-Z]{2}-[A-Z0-9]{1,3}$' },
  Attributed: { enum: ['Yes', 'No'] },
};

/** The Report_Attributes of a COUNTER Report (a Standard View has none). */
function reportAttributes(shown: string[], extra: Record<string, unknown> = {}) {
  return {
    type: 'object',
    properties: { Attributes_To_Show: stringList([...shown, ...extensionAttributeNames]), ...extra, Granularity: { enum: ['Month', 'Totals'] } },
    minProperties: 1,
    additionalProperties: false,
  };
}

/**
 * A Report_Header: the base header's fields, the fixed Report_ID and Report_Name, the report's own Report_Filters, and
 * Report_Attributes only for a COUNTER Report. The date patterns (Begin_Date on a first, Created in UTC) are this
 * project's own checks on top of the document's formats.
 */
function header(reportId: string, reportName: string, filters: Record<string, unknown>, requiredFilters: string[], attributes?: unknown) {
  return {
    type: 'object',
    properties: {
      Release: { const: '5.1' },
      Report_ID: { const: reportId },
      Report_Name: { const: reportName },
      Created: { type: 'string', format: 'date-time', pattern: 'Z$' },
      Created_By: { type: 'string', minLength: 2 },
      Institution_ID: institutionId,
      Institution_Name: { type: 'string', minLength: 2 },
      Registry_Record: { type: 'string', pattern: REGISTRY_RECORD },
      ...(attributes ? { Report_Attributes: attributes } : {}),
      Report_Filters: {
        type: 'object',
        properties: {
          Begin_Date: { type: 'string', format: 'date', pattern: '-01$' },
          End_Date: { type: 'string', format: 'date' },
          Platform: { type: 'string', minLength: 2 },
          ...filters,
        },
        required: ['Begin_Date', 'End_Date', ...requiredFilters],
        additionalProperties: false,
      },
      Exceptions: { type: 'array', minItems: 1, uniqueItems: true, items: headerException },
    },
    required: ['Release', 'Report_ID', 'Report_Name', 'Created', 'Created_By', 'Institution_ID', 'Institution_Name', 'Registry_Record', 'Report_Filters'],
    additionalProperties: false,
  };
}

function report(headerSchema: unknown, item: unknown) {
  return { type: 'object', properties: { Report_Header: headerSchema, Report_Items: { type: 'array', items: item } }, required: ['Report_Header', 'Report_Items'], additionalProperties: false };
}

/** One Attribute_Performance entry: its attributes, its Performance, and nothing else. */
function attributeLine(attributes: Record<string, unknown>, required: string[], performanceSchema: unknown) {
  return { type: 'object', properties: { ...attributes, Performance: performanceSchema }, required: [...required, 'Performance'], additionalProperties: false };
}

const list = (item: unknown) => ({ type: 'array', minItems: 1, items: item });
const yop = { type: 'string', pattern: '^[0-9]{4}$' };
const accessType = { enum: ['Controlled', 'Open', 'Free_To_Read'] };
const accessMethod = { enum: ['Regular', 'TDM'] };

function platformItem(attributePerformanceSchema: unknown) {
  return { type: 'object', properties: { Platform: { type: 'string', minLength: 2 }, Attribute_Performance: attributePerformanceSchema }, required: ['Platform', 'Attribute_Performance'], additionalProperties: false };
}

function titleItem(attributePerformanceSchema: unknown, extra: Record<string, unknown> = {}) {
  return {
    type: 'object',
    properties: { Title: { type: 'string' }, Publisher: { type: 'string' }, Publisher_ID: publisherId, Platform: { type: 'string', minLength: 2 }, Item_ID: itemId, ...extra, Attribute_Performance: attributePerformanceSchema },
    required: ['Title', 'Publisher', 'Platform', 'Attribute_Performance'],
    additionalProperties: false,
  };
}

const prMetrics = ['Searches_Platform', ...ITEM_METRICS, ...TITLE_METRICS];
const trMetrics = [...ITEM_METRICS, ...TITLE_METRICS, ...DENIALS];
const irMetrics = [...ITEM_METRICS, ...DENIALS];
const journalControlled = { Data_Type: exactly('Journal'), Access_Type: exactly('Controlled'), Access_Method: exactly('Regular') };

const irComponent = {
  type: 'object',
  properties: {
    Item: { type: 'string' },
    Item_ID: itemId,
    Authors: authors,
    Publication_Date: { type: 'string', format: 'date' },
    Article_Version: articleVersion,
    Attribute_Performance: list(attributeLine({ Data_Type: { enum: IR_DATA_TYPES } }, ['Data_Type'], performance(['Total_Item_Investigations', 'Total_Item_Requests', ...DENIALS], 1))),
  },
  required: ['Item_ID', 'Attribute_Performance'],
  additionalProperties: false,
};

const irItem = {
  type: 'object',
  properties: {
    Item: { type: 'string' },
    Publisher: { type: 'string' },
    Publisher_ID: publisherId,
    Platform: { type: 'string', minLength: 2 },
    Item_ID: itemId,
    Authors: authors,
    Publication_Date: { type: 'string', format: 'date' },
    Article_Version: articleVersion,
    Attribute_Performance: list(
      attributeLine(
        { Data_Type: { enum: IR_DATA_TYPES }, YOP: yop, Access_Type: accessType, Access_Method: accessMethod, Components: { type: 'array', minItems: 1, uniqueItems: true, items: irComponent }, ...extensionAttributes },
        ['Data_Type'],
        performance(irMetrics, 1),
      ),
    ),
  },
  required: ['Item', 'Publisher', 'Platform', 'Attribute_Performance'],
  additionalProperties: false,
};

/** An IR Report_Items entry: a parent (identified by its Item_ID) holding its items, or items without a parent. */
const irParent = {
  type: 'object',
  properties: {
    Title: { type: 'string' },
    Authors: authors,
    Article_Version: articleVersion,
    Item_ID: itemId,
    Publication_Date: { type: 'string', format: 'date' },
    Data_Type: { enum: PARENT_DATA_TYPES },
    Items: list(irItem),
  },
  required: ['Item_ID', 'Items'],
  additionalProperties: false,
};
const irNoParent = { type: 'object', properties: { Items: list(irItem) }, required: ['Items'], additionalProperties: false };

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
      // Registry_Record is required: the link to the platform's COUNTER Registry record, or blank without one.
      required: ['Service_Active', 'Registry_Record'],
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
  // The reports as components PR, PR_P1, TR, TR_J1, TR_J3, TR_J4 and IR of the COUNTER API document, release 5.1.0.1.
  PR: report(
    header(
      'PR',
      'Platform Report',
      { Access_Method: accessMethodFilter, Data_Type: stringList([...PR_DATA_TYPES, 'Platform']), Metric_Type: stringList(prMetrics), ...extensionFilters },
      [],
      reportAttributes(['Access_Method']),
    ),
    platformItem(
      list({
        oneOf: [
          attributeLine({ Data_Type: { const: 'Platform' }, Access_Method: accessMethod, ...extensionAttributes }, ['Data_Type'], performance(['Searches_Platform'], 1)),
          attributeLine({ Data_Type: { enum: PR_DATA_TYPES }, Access_Method: accessMethod, ...extensionAttributes }, ['Data_Type'], performance([...ITEM_METRICS, ...TITLE_METRICS], 2)),
        ],
      }),
    ),
  ),
  PR_P1: report(
    header('PR_P1', 'Platform Usage', { Access_Method: exactly('Regular'), Metric_Type: exactly('Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests') }, ['Access_Method', 'Metric_Type']),
    platformItem(
      list({
        oneOf: [
          attributeLine({ Data_Type: { const: 'Platform' } }, ['Data_Type'], performance(['Searches_Platform'], 1)),
          attributeLine({ Data_Type: { enum: PR_DATA_TYPES } }, ['Data_Type'], performance([...REQUESTS, 'Unique_Title_Requests'], 2)),
        ],
      }),
    ),
  ),
  TR: report(
    header(
      'TR',
      'Title Report',
      { Item_ID: { type: 'string', minLength: 2 }, Access_Method: accessMethodFilter, Access_Type: accessTypeFilter, Data_Type: stringList(TR_DATA_TYPES), Metric_Type: stringList(trMetrics), YOP: yopFilter, ...extensionFilters },
      [],
      reportAttributes(['YOP', 'Access_Type', 'Access_Method', 'Book_Segment_Count']),
    ),
    titleItem(
      list(attributeLine({ Data_Type: { enum: TR_DATA_TYPES }, YOP: yop, Access_Type: accessType, Access_Method: accessMethod, ...extensionAttributes }, ['Data_Type'], performance(trMetrics, 2))),
      { Book_Segment_Count: { type: 'integer', minimum: 1 } },
    ),
  ),
  TR_J1: report(
    header('TR_J1', 'Journal Requests (Controlled)', { ...journalControlled, Metric_Type: exactly(...REQUESTS) }, ['Access_Method', 'Access_Type', 'Data_Type', 'Metric_Type']),
    titleItem(list(attributeLine({}, [], performance(REQUESTS, 2)))),
  ),
  TR_J3: report(
    header('TR_J3', 'Journal Usage by Access Type', { Access_Method: exactly('Regular'), Data_Type: exactly('Journal'), Metric_Type: exactly(...ITEM_METRICS) }, ['Access_Method', 'Data_Type', 'Metric_Type']),
    titleItem(list(attributeLine({ Access_Type: accessType }, ['Access_Type'], performance(ITEM_METRICS, 2)))),
  ),
  TR_J4: report(
    header('TR_J4', 'Journal Requests by YOP (Controlled)', { ...journalControlled, Metric_Type: exactly(...REQUESTS) }, ['Access_Method', 'Access_Type', 'Data_Type', 'Metric_Type']),
    titleItem(list(attributeLine({ YOP: yop }, ['YOP'], performance(REQUESTS, 2)))),
  ),
  IR: report(
    header(
      'IR',
      'Item Report',
      {
        Author: { type: 'string', minLength: 2 },
        Item_ID: { type: 'string', minLength: 2 },
        Access_Method: accessMethodFilter,
        Access_Type: accessTypeFilter,
        Data_Type: stringList(IR_DATA_TYPES),
        Metric_Type: stringList(irMetrics),
        YOP: yopFilter,
        ...extensionFilters,
      },
      [],
      reportAttributes(['YOP', 'Access_Type', 'Access_Method', 'Authors', 'Publication_Date', 'Article_Version'], {
        Include_Parent_Details: { enum: ['False', 'True'] },
        Include_Component_Details: { enum: ['False', 'True'] },
      }),
    ),
    { oneOf: [irParent, irNoParent] },
  ),
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
