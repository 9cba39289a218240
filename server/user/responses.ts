import { z } from 'zod';

/**
 * What the routes of routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET isGuestLoginAvailable */
export const getIsGuestLoginAvailableBody = z.object({ status: z.number(), isGuestLoginAvailable: z.boolean(), libid: z.number(), libraryName: z.string() });

/** POST loginAsGuest */
export const postLoginAsGuestBody = z.union([
  z.object({ status: z.number(), message: z.string() }),
  z.object({
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
    status: z.number(),
    message: z.string(),
  }),
]);

/** POST validateuser */
export const postValidateuserBody = z.union([
  z.object({ status: z.string(), message: z.string() }),
  z.object({
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
  }),
]);

/** POST verifyLibrary */
export const postVerifyLibraryBody = z.object({
  status: z.string(),
  libList: z.array(z.object({ libId: z.number(), libname: z.string(), expiry: z.string(), exclude_cat: z.string(), ageRate: z.number() })),
  firstname: z.string(),
  lastname: z.string(),
  uploadedId: z.string(),
  fav_lud: z.string(),
  bk_lud: z.string(),
  isNewspaper: z.number(),
  isJournal: z.number(),
});

/** POST getUserLibDetails */
export const postGetUserLibDetailsBody = z.object({
  status: z.string(),
  userlibdet: z.array(z.object({ libId: z.number(), libname: z.string(), expiry: z.string(), exclude_cat: z.string(), ageRate: z.number() })),
});

/** GET libraryAccessCheck */
export const getLibraryAccessCheckBody = z.union([
  z.object({ isError: z.boolean(), isNoLibrary: z.boolean(), isRedirectHome: z.boolean(), info: z.null(), lib: z.null() }),
  z.object({
    isError: z.boolean(),
    isNoLibrary: z.boolean(),
    isRedirectHome: z.boolean(),
    info: z.object({
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
    }),
    lib: z.object({ libId: z.number(), expiry: z.string() }),
  }),
]);

/** GET getLibDetails */
export const getLibDetailsBody = z.object({
  status: z.string(),
  data: z.object({
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

/** GET libDetails (the library’s public settings) */
export const getLibDetailsSettingsBody = z.object({
  status: z.string(),
  data: z.object({
    libId: z.number(),
    libname: z.string(),
    exclude_cat: z.string(),
    ageRate: z.number(),
    isNewspaper: z.number(),
    isJournal: z.number(),
    guestAccess: z.boolean(),
    hideProfile: z.boolean(),
  }),
});

/** POST logout */
export const postLogoutBody = z.object({ status: z.string(), message: z.string() });
