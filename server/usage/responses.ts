import { z } from 'zod';

/**
 * What the routes of routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET libraries/:libraryId/reports/:reportId */
export const getLibrariesLibraryIdReportsReportIdBody = z.object({
  status: z.string(),
  report: z.object({
    reportId: z.enum(["PR", "PR_P1", "TR", "TR_J1", "TR_J3", "TR_J4", "IR"]),
    reportName: z.string(),
    release: z.literal("5.1"),
    institutionName: z.string(),
    institutionId: z.string(),
    metricTypes: z.array(z.string()),
    reportFilters: z.string(),
    reportAttributes: z.string(),
    exceptions: z.string(),
    beginDate: z.string(),
    endDate: z.string(),
    created: z.string(),
    createdBy: z.string(),
    registryRecord: z.string(),
    itemColumns: z.array(z.string()),
    months: z.array(z.string()),
    monthlyDetails: z.boolean().optional(),
    rows: z.array(z.object({
      item: z.array(z.string()),
      metricType: z.enum(["Total_Item_Investigations", "Total_Item_Requests", "Unique_Item_Investigations", "Unique_Item_Requests", "Searches_Platform", "Unique_Title_Investigations", "Unique_Title_Requests"]),
      total: z.number(),
      months: z.array(z.number()),
    })),
  }),
}).nullable();

/** GET libraries/:libraryId/counter-keys */
export const getLibrariesLibraryIdCounterKeysBody = z.object({
  status: z.string(),
  customerId: z.string(),
  keys: z.array(z.object({
    id: z.number(),
    requestorId: z.string(),
    label: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })),
});

/** POST libraries/:libraryId/counter-keys */
export const postLibrariesLibraryIdCounterKeysBody = z.object({
  key: z.object({
    id: z.number(),
    requestorId: z.string(),
    label: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  }),
  apiKey: z.string(),
  status: z.string(),
  customerId: z.string(),
});

/** DELETE libraries/:libraryId/counter-keys/:keyId */
export const deleteLibrariesLibraryIdCounterKeysKeyIdBody = z.object({
  status: z.string(),
  key: z.object({
    id: z.number(),
    requestorId: z.string(),
    label: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  }),
});
