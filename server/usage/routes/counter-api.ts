import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { COUNTER_RELEASE, COUNTER_REPORT_IDS, REPORT_DEFINITIONS, type CounterReportId } from '@/lib/counter-report';
import { limit, LIMITS } from '../../auth/limits';
import { enforceLimits } from '../../auth/rate-limit';
import { getDb, isDatabaseOutage } from '../../db/client';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { siteOrigin } from '../../http/origin';
import { counterJson } from '../counter-json';
import { CounterError, EXCEPTIONS, type CounterException } from '../counter-exceptions';
import { harvesterOf } from '../counter-keys';
import { monthOfDate, reportOptions, reportParameters, reportRange } from '../counter-request';
import { counterPlatform, counterReportData, firstUsageMonth } from '../reports';

/**
 * What the COUNTER API (/r51) answers, for /api/openapi.json and the contract check, as the COUNTER API 5.1 document
 * (api-specification/COUNTER_API.json of the Code of Practice) defines it: Status, Member and Report (the report list),
 * the COUNTER Reports' Report_Header and Report_Items, and the Exceptions of Appendix D. The API tests hold every
 * report against stricter schemas of their own, report by report (__tests__/api/helpers/counter-schema.ts).
 */

const month = z.string().regex(/^[0-9]{4}-[0-9]{2}$/);
const registryRecord = z
  .string()
  .regex(/^(https:\/\/registry\.countermetrics\.org\/(platform|usage-data-host)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|)$/);
const proprietary = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_./]{0,15}[a-zA-Z0-9]:.+/);
const institutionId = z.object({ Proprietary: z.array(proprietary).min(1) });

/** An Exception: the code with the message Table D.1 gives it, and optional Data. */
const counterExceptionBody = z
  .object({ Code: z.number().int(), Message: z.string(), Help_URL: z.string().optional(), Data: z.string().optional() })
  .refine((exception) => EXCEPTIONS[exception.Code as keyof typeof EXCEPTIONS]?.message === exception.Message, 'Message must be the one Table D.1 gives the Code');

/** 200_Status: the server's status, public. */
export const counterStatusBody = z
  .array(
    z.looseObject({
      Description: z.string().optional(),
      Service_Active: z.boolean(),
      Registry_Record: registryRecord,
      Note: z.string().optional(),
      Alerts: z.array(z.looseObject({ Date_Time: z.string().optional(), Alert: z.string().optional() })).min(1).optional(),
    }),
  )
  .min(1);

/** 200_Members: the institutions of the customer ID (here, the library itself). */
export const counterMembersBody = z
  .array(
    z.object({
      Institution_Name: z.string().min(2),
      Institution_ID: institutionId.optional(),
      Customer_ID: z.string().min(1),
      Requestor_ID: z.string().min(1).optional(),
      Notes: z.string().min(2).optional(),
    }),
  )
  .min(1);

/** 200_Reports: the reports offered, with the months of usage available. */
export const counterReportListBody = z
  .array(
    z.looseObject({
      Report_Name: z.string().min(2),
      Report_ID: z.enum(COUNTER_REPORT_IDS as [string, ...string[]]),
      Release: z.literal('5.1'),
      Report_Description: z.string().min(2),
      Path: z.string().min(2).optional(),
      First_Month_Available: month,
      Last_Month_Available: month,
    }),
  )
  .min(1);

const exceptionItem = z.object({ Code: z.number().int(), Message: z.string(), Help_URL: z.string().optional(), Data: z.string().optional() });
const counts = z.record(month, z.number().int().min(0));
const attributePerformance = z.array(
  z.object({
    Data_Type: z.string().optional(),
    YOP: z.string().optional(),
    Access_Type: z.enum(['Controlled', 'Open', 'Free_To_Read']).optional(),
    Access_Method: z.enum(['Regular', 'TDM']).optional(),
    Performance: z.record(z.string(), counts),
  }),
);
const itemId = z.object({
  DOI: z.string().optional(),
  Proprietary: proprietary.optional(),
  ISBN: z.string().optional(),
  Print_ISSN: z.string().optional(),
  Online_ISSN: z.string().optional(),
  URI: z.string().optional(),
});
const platformItem = z.object({ Platform: z.string(), Attribute_Performance: attributePerformance });
const titleItem = z.object({ Title: z.string(), Publisher: z.string(), Publisher_ID: institutionId.optional(), Platform: z.string(), Item_ID: itemId.optional(), Attribute_Performance: attributePerformance });
const itemItem = z.object({ Item: z.string(), Publisher: z.string(), Publisher_ID: institutionId.optional(), Platform: z.string(), Item_ID: itemId.optional(), Attribute_Performance: attributePerformance });
const itemParent = z.object({ Title: z.string().optional(), Data_Type: z.string().optional(), Item_ID: itemId.optional(), Items: z.array(itemItem).min(1) });

/** A COUNTER Report or Standard View (PR, PR_P1, TR, TR_J1, TR_J3, TR_J4, IR): Report_Header and Report_Items. */
export const counterReportBody = z.object({
  Report_Header: z.object({
    Release: z.literal('5.1'),
    Report_ID: z.enum(COUNTER_REPORT_IDS as [string, ...string[]]),
    Report_Name: z.string(),
    Created: z.string(),
    Created_By: z.string(),
    Institution_ID: institutionId,
    Institution_Name: z.string(),
    Registry_Record: registryRecord,
    Report_Attributes: z
      .object({
        Attributes_To_Show: z.array(z.string()).min(1).optional(),
        Include_Parent_Details: z.enum(['True', 'False']).optional(),
        Include_Component_Details: z.enum(['True', 'False']).optional(),
      })
      .optional(),
    Report_Filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    Exceptions: z.array(exceptionItem).min(1).optional(),
  }),
  Report_Items: z.array(z.union([platformItem, titleItem, itemParent])),
});

/** The HTTP statuses the COUNTER API answers with an Exception (Appendix D). */
export const COUNTER_EXCEPTION_RESPONSES = {
  400: { description: 'Exception 1030 (insufficient information) or 3020 (invalid dates)', body: counterExceptionBody },
  401: { description: 'Exception 2000 (requestor not authorized) or 2020 (API key invalid)', body: counterExceptionBody },
  403: { description: 'Exception 2010 (not authorized for the institution) or 2011 (global reports not supported)', body: counterExceptionBody },
  429: { description: 'Exception 1020 (too many requests)', body: counterExceptionBody },
  503: { description: 'Exception 1000 (service not available)', body: counterExceptionBody },
};

/** Every parameter the COUNTER API knows, declared for the contract; each path checks its own (unknown ones are 3050). */
const counterQuery = z
  .object(Object.fromEntries([...new Set(COUNTER_REPORT_IDS.flatMap(reportParameters))].map((name) => [name, z.string().optional()])))
  .catchall(z.string());

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): null {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(JSON.stringify(body));
  return null;
}

/**
 * Runs a COUNTER API call: whatever goes wrong is answered with the one Exception the Code of Practice gives for it and
 * its HTTP status (Appendix D), never a 5xx page: too many requests 1020, the database down or a fault 1000.
 */
async function counterCall(res: ServerResponse, ip: string, call: () => Promise<unknown>): Promise<null> {
  let exception: CounterException;
  let status: number;
  let headers: Record<string, string> = {};
  try {
    await enforceLimits([limit('counterApiPerIp', `counter:ip:${ip}`)]).catch((error: unknown) => {
      // Counting needs the database when Redis is not there: with both down, the status still says so itself.
      if (!isDatabaseOutage(error)) throw error;
    });
    return sendJson(res, 200, await call());
  } catch (error) {
    if (error instanceof CounterError) {
      ({ exception, status, headers } = error);
    } else if (error instanceof HttpError && error.status === 429) {
      const { max, windowSeconds } = LIMITS.counterApiPerIp;
      ({ exception, status } = new CounterError(1020, `Client has made too many requests. This server allows ${max} requests per ${windowSeconds / 60} minutes per address.`));
      headers = error.headers ?? {};
    } else {
      if (!isDatabaseOutage(error)) console.error('[r51]', error);
      ({ exception, status } = new CounterError(1000, isDatabaseOutage(error) ? 'the database is unreachable; try again later' : undefined));
      headers = { 'Retry-After': '30' };
    }
  }
  return sendJson(res, status, exception, headers);
}

function reportIdOf(raw: string): CounterReportId | null {
  const upper = raw.toUpperCase();
  return (COUNTER_REPORT_IDS as readonly string[]).includes(upper) ? (upper as CounterReportId) : null;
}

/** The COUNTER API 5.1 (formerly SUSHI) at /r51/ (next.config.js rewrites it here): the library's usage for its harvesters. */
export const counterApiRoutes: ServiceRoutes = {
  status: {
    GET: route({
      summary: 'COUNTER API 5.1 server status (public)',
      responses: {
        200: { description: 'The server status (Status)', body: counterStatusBody },
        // A parameter the site refuses to read (a control character) is Exception 1030, as on every COUNTER path.
        400: { description: 'Exception 1030 (a parameter that cannot be read)', body: COUNTER_EXCEPTION_RESPONSES[400].body },
        429: COUNTER_EXCEPTION_RESPONSES[429],
        503: COUNTER_EXCEPTION_RESPONSES[503],
      },
      auth: 'none',
      query: counterQuery,
      async handler({ res, ip }) {
        return counterCall(res, ip, async () => {
          const platform = counterPlatform();
          let active = true;
          try {
            await getDb().execute(sql`SELECT 1`);
          } catch {
            active = false;
          }
          return [
            {
              Description: `COUNTER API of ${platform.name}`,
              Service_Active: active,
              // Required in 5.1 (Status in the COUNTER API document): blank for a platform with no Registry record yet.
              Registry_Record: platform.registryRecord,
              ...(active ? {} : { Note: 'Usage reports are unavailable while the database is unreachable.' }),
            },
          ];
        });
      },
    }),
  },
  members: {
    GET: route({
      summary: 'COUNTER API 5.1 member list: the library of the customer_id',
      responses: { 200: { description: 'The member list (Member)', body: counterMembersBody }, ...COUNTER_EXCEPTION_RESPONSES },
      auth: 'none',
      query: counterQuery,
      async handler({ query, res, ip }) {
        return counterCall(res, ip, async () => {
          const { library } = await harvesterOf(query);
          // Member (COUNTER API 5.1): Institution_Name and Customer_ID; Requestor_ID is left out when it is the one asked with.
          return [{ Institution_Name: library.name, Institution_ID: { Proprietary: [`${counterPlatform().id}:${library.id}`] }, Customer_ID: String(library.id) }];
        });
      },
    }),
  },
  reports: {
    GET: route({
      summary: 'COUNTER API 5.1 report list, with the months of usage available to the customer',
      responses: { 200: { description: 'The report list (Report)', body: counterReportListBody }, ...COUNTER_EXCEPTION_RESPONSES },
      auth: 'none',
      query: counterQuery,
      async handler({ query, res, ip }) {
        return counterCall(res, ip, async () => {
          const { library } = await harvesterOf(query);
          const last = monthOfDate(new Date(), -1);
          const first = await firstUsageMonth(library.id);
          return COUNTER_REPORT_IDS.map((id) => ({
            Report_Name: REPORT_DEFINITIONS[id].name,
            Report_ID: id,
            Release: COUNTER_RELEASE,
            Report_Description: REPORT_DEFINITIONS[id].description,
            Path: `/r51/reports/${id.toLowerCase()}`,
            First_Month_Available: first && first < last ? first : last,
            Last_Month_Available: last,
          }));
        });
      },
    }),
  },
  'reports/:reportId': {
    GET: route({
      summary: 'A COUNTER 5.1 report (pr, pr_p1, tr, tr_j1, tr_j3, tr_j4, ir) as COUNTER_SUSHI JSON, with its filters, attributes and Exceptions',
      responses: {
        200: { description: 'The report, with Exceptions 3030, 3031, 3050, 3060, 3062 or 3063 in its header where they apply', body: counterReportBody },
        ...COUNTER_EXCEPTION_RESPONSES,
        404: { description: 'No such report path' },
      },
      auth: 'none',
      query: counterQuery,
      async handler({ params, query, res, ip }) {
        const reportId = reportIdOf(params.reportId);
        // A path the API does not have is a 404 (Appendix D), like any other.
        if (!reportId) throw new HttpError(404, `No COUNTER report ${params.reportId}`, { field: 'reportId' });
        return counterCall(res, ip, async () => {
          const missing = ['customer_id', 'begin_date', 'end_date'].filter((name) => !query[name]?.trim());
          if (missing.length > 0) throw new CounterError(1030, `${missing.join(', ')} required`);
          const { library } = await harvesterOf(query);
          const now = new Date();
          const range = reportRange(query, now);
          const { options, exceptions } = reportOptions(reportId, query);
          const data = await counterReportData({ reportId, library, begin: range.begin, end: range.end, origin: siteOrigin(), options, exceptions: [...range.exceptions, ...exceptions], now });
          return counterJson(data);
        });
      },
    }),
  },
};
