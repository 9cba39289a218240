import { z } from 'zod';
import { COUNTER_REPORT_IDS } from '@/lib/counter-report';
import { EXCEPTIONS } from './counter-exceptions';

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
