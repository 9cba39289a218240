import { z } from 'zod';

/**
 * What the routes of payment-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** POST checkout */
export const postCheckoutBody = z.object({
  status: z.string(),
  url: z.string(),
  order: z.string(),
  plan: z.object({ id: z.literal("basicPlan"), name: z.string(), days: z.number() }),
});

/** POST order */
export const postOrderBody = z.object({
  fname: z.string(),
  lname: z.string(),
  libid: z.number(),
  enddate: z.string(),
  uploadedID: z.string(),
  libname: z.string(),
  uid: z.number(),
  uuid: z.string(),
  email: z.string(),
  mobile: z.string(),
  usertype: z.string(),
  isNewspaper: z.number(),
  isJournal: z.number(),
  isMycontent: z.number(),
  fav_lud: z.string(),
  bk_lud: z.string(),
  clip_lud: z.string(),
  ageRate: z.number(),
  hasPassword: z.boolean(),
  libraryDetails: z.object({
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
  }).nullable(),
  jwtoken: z.string(),
  userlibdet: z.array(z.object({ libId: z.number(), libname: z.string(), expiry: z.string(), exclude_cat: z.string(), ageRate: z.number() })),
  status: z.string(),
  message: z.string(),
  accessUntil: z.string(),
});

/** POST stripe/webhook */
export const postStripeWebhookBody = z.union([
  z.object({ received: z.boolean(), settled: z.null() }),
  z.object({ received: z.boolean(), settled: z.enum(["unknown", "paid", "unpaid", "mismatch"]) }),
]);
