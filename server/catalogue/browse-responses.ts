import { z } from 'zod';

/**
 * What the routes of browse-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET magazine-meta */
export const getMagazineMetaBody = z.object({
  status: z.string(),
  data: z.object({
    latestIssue: z.object({
      mid: z.number(),
      magName: z.string(),
      isGold: z.number(),
      issueId: z.number(),
      issueName: z.string(),
      issueDate: z.string(),
      isSpecial: z.number(),
      pageCount: z.number(),
      img: z.string(),
      width: z.number(),
      height: z.number(),
    }).nullable(),
    mid: z.number(),
    magName: z.string(),
    slug: z.string(),
    about: z.string(),
    publisher: z.string(),
    catId: z.number(),
    catName: z.string(),
    cat_slug: z.string(),
    lang: z.string(),
    langName: z.string(),
    isGold: z.number(),
    ageRating: z.number(),
  }),
});

/** GET magMeta: the same answer as getMagazineMetaBody. */
export const getMagMetaBody = getMagazineMetaBody;

/** GET getIssuesByMag */
export const getIssuesByMagBody = z.object({
  status: z.string(),
  mid: z.number(),
  isSpecialIssue: z.number(),
  lst_dt: z.string().nullable(),
  data: z.array(z.object({
    mid: z.number(),
    magName: z.string(),
    isGold: z.number(),
    issueId: z.number(),
    issueName: z.string(),
    issueDate: z.string(),
    isSpecial: z.number(),
    pageCount: z.number(),
    img: z.string(),
    width: z.number(),
    height: z.number(),
  })),
});

/** GET getIssueDetails */
export const getIssueDetailsBody = z.object({
  status: z.string(),
  data: z.object({
    catId: z.number(),
    catName: z.string(),
    lang: z.string(),
    about: z.string(),
    mid: z.number(),
    magName: z.string(),
    isGold: z.number(),
    issueId: z.number(),
    issueName: z.string(),
    issueDate: z.string(),
    isSpecial: z.number(),
    pageCount: z.number(),
    img: z.string(),
    width: z.number(),
    height: z.number(),
  }),
});

/** GET getOrgDetails */
export const getOrgDetailsBody = z.object({
  status: z.string(),
  data: z.object({
    isNewspaper: z.number(),
    isJournal: z.number(),
    ageRate: z.number(),
    con_code: z.string(),
    store_id: z.number(),
    libId: z.number(),
    libName: z.string(),
    logo1: z.string(),
    logo2: z.string(),
    logo3: z.string(),
    logo_banner1: z.string(),
    logo_banner2: z.string(),
    logo_banner3: z.string(),
    hideProfile: z.boolean(),
    tempRoutes: z.boolean(),
    callbackAfterGuest: z.boolean(),
    supportEmail: z.string(),
  }),
});

/** GET editions */
export const getEditionsBody = z.object({
  status: z.string(),
  page: z.number(),
  nbPages: z.number(),
  total: z.number(),
  data: z.array(z.object({ editionId: z.number(), magName: z.string(), editionPublished: z.string() })),
});

/** GET issues */
export const getIssuesBody = z.object({
  status: z.string(),
  page: z.number(),
  nbPages: z.number(),
  total: z.number(),
  data: z.array(z.object({
    mid: z.number().optional(),
    name: z.string(),
    editionId: z.union([z.string(), z.number()]),
    imageSrc: z.string(),
    imageSrcSet: z.string(),
    floatingImgSrc: z.string().optional(),
    floatingImgAltText: z.string().optional(),
    showFloatingIcon: z.boolean().optional(),
    browserLinkUrl: z.string(),
    appLinkUrl: z.string().optional(),
  })),
});

/** GET languageList */
export const getLanguageListBody = z.object({
  status: z.string(),
  data: z.array(z.object({ lang_code: z.string(), _lang: z.string(), lang: z.string(), display_name: z.string(), cc: z.string(), store_id: z.number() })),
});

/** GET countryCodes */
export const getCountryCodesBody = z.object({
  status: z.string(),
  data: z.array(z.object({ mobileCode: z.string(), flag: z.string(), store_id: z.number(), country: z.string(), name: z.string() })),
});
