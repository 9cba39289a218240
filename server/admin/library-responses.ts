import { z } from 'zod';

/**
 * What the routes of library-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET libraries/:libraryId */
export const getLibrariesLibraryIdBody = z.object({
  status: z.string(),
  library: z.object({
    id: z.number(),
    name: z.string(),
    logo1: z.string(),
    logo2: z.string(),
    logo3: z.string(),
    logoBanner1: z.string(),
    logoBanner2: z.string(),
    logoBanner3: z.string(),
    supportEmail: z.string(),
    guestAccess: z.boolean(),
    guestDays: z.number(),
    ageRate: z.number(),
    excludeCat: z.string(),
    isNewspaper: z.boolean(),
    isJournal: z.boolean(),
    hideProfile: z.boolean(),
    tempRoutes: z.boolean(),
    callbackAfterGuest: z.boolean(),
    openCatalogue: z.boolean(),
    pdfDownload: z.boolean(),
    signInMethods: z.array(z.enum(["email", "mobile", "password"])),
    cardMode: z.string(),
    sip2Host: z.string().nullable(),
    sip2Port: z.number().nullable(),
    sip2Institution: z.string().nullable(),
    oidcIssuer: z.string().nullable(),
    oidcClientId: z.string().nullable(),
    oidcClientSecretSet: z.boolean(),
    collectionMode: z.string(),
  }),
  collection: z.object({
    mode: z.string(),
    titles: z.array(z.object({ id: z.number(), name: z.string() })),
    categories: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});

/** PUT libraries/:libraryId */
export const putLibrariesLibraryIdBody = z.object({
  status: z.string(),
  library: z.object({
    id: z.number(),
    name: z.string(),
    logo1: z.string(),
    logo2: z.string(),
    logo3: z.string(),
    logoBanner1: z.string(),
    logoBanner2: z.string(),
    logoBanner3: z.string(),
    supportEmail: z.string(),
    guestAccess: z.boolean(),
    guestDays: z.number(),
    ageRate: z.number(),
    excludeCat: z.string(),
    isNewspaper: z.boolean(),
    isJournal: z.boolean(),
    hideProfile: z.boolean(),
    tempRoutes: z.boolean(),
    callbackAfterGuest: z.boolean(),
    openCatalogue: z.boolean(),
    pdfDownload: z.boolean(),
    signInMethods: z.array(z.enum(["email", "mobile", "password"])),
    cardMode: z.string(),
    sip2Host: z.string().nullable(),
    sip2Port: z.number().nullable(),
    sip2Institution: z.string().nullable(),
    oidcIssuer: z.string().nullable(),
    oidcClientId: z.string().nullable(),
    oidcClientSecretSet: z.boolean(),
    collectionMode: z.string(),
  }),
});

/** POST library-create: the same answer as putLibrariesLibraryIdBody. */
export const postLibraryCreateBody = putLibrariesLibraryIdBody;

/** PUT libraries/:libraryId/collection */
export const putLibrariesLibraryIdCollectionBody = z.object({
  status: z.string(),
  collection: z.object({ mode: z.enum(["all", "chosen"]), titleIds: z.array(z.number()), categoryIds: z.array(z.number()) }),
});

/** PUT libraries/:libraryId/images/:slot: the same answer as putLibrariesLibraryIdBody. */
export const putLibrariesLibraryIdImagesSlotBody = putLibrariesLibraryIdBody;

/** GET titles */
export const getTitlesBody = z.object({
  titles: z.array(z.object({
    id: z.number(),
    name: z.string(),
    publisher: z.string(),
    categoryId: z.number(),
    categoryName: z.string(),
    languageCode: z.string(),
    ageRating: z.number(),
    issn: z.string().nullable(),
    onlineIssn: z.string().nullable(),
    about: z.string(),
  })),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  status: z.string(),
});

/** PUT titles/:magazineId */
export const putTitlesMagazineIdBody = z.object({
  status: z.string(),
  title: z.object({
    createdAt: z.string(),
    updatedAt: z.string(),
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    about: z.string(),
    publisher: z.string(),
    categoryId: z.number(),
    languageCode: z.string(),
    storeId: z.number(),
    isGold: z.boolean(),
    ageRating: z.number(),
    popularity: z.number(),
    issn: z.string().nullable(),
    onlineIssn: z.string().nullable(),
  }),
});

/** An issue as the console's content screen shows it (server/admin/content.ts presentIssue), with how far its pages are drawn. */
export const adminIssue = z.object({
  id: z.number().int(),
  magazineId: z.number().int(),
  name: z.string(),
  issueDate: z.string(),
  issueNumber: z.string().nullable(),
  isSpecial: z.boolean(),
  pageCount: z.number().int(),
  withdrawnAt: z.string().nullable(),
  dateNote: z.string().nullable(),
  pagesDrawn: z.number().int().nullable(),
  hasOriginal: z.boolean(),
});

/** GET titles/:magazineId/issues */
export const getTitlesMagazineIdIssuesBody = z.object({
  issues: z.array(adminIssue),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  status: z.string(),
});

/** PUT issues/:issueId */
export const putIssuesIssueIdBody = z.object({
  status: z.string(),
  issue: adminIssue,
});

/** POST issues/:issueId/withdraw: the same answer as putIssuesIssueIdBody. */
export const postIssuesIssueIdWithdrawBody = putIssuesIssueIdBody;

/** POST issues/:issueId/restore: the same answer as putIssuesIssueIdBody. */
export const postIssuesIssueIdRestoreBody = putIssuesIssueIdBody;
