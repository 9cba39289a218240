/** Cookie names of SPEC §3. Readable by the page; they steer the interface, never a server decision. */
export const COOKIE = {
  ageRating: 'ageRating',
  ageRate: 'ageRate',
  libraryId: 'libraryId',
  isLoggedIn: 'isLoggedIn',
  isNewspaper: 'isNewspaper',
  isJournal: 'isJournal',
  callbackUrl: 'callbackUrl',
  cb: 'cb',
  xsrf: 'XSRF-TOKEN',
} as const;

/** The HttpOnly cookie holding the signed session token; only the server reads it. */
export const SESSION_COOKIE = 'session';

export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Local storage keys of SPEC §3. */
export const STORAGE = {
  userToken: 'userToken',
  libraryDetails: 'libraryDetails',
  userDetails: 'userDetails',
  expiration: 'expiration',
  accessCheck: 'accessCheck',
  scrollPage: 'scrollPage',
  scrollPosition: 'scrollPosition',
  guestId: 'uniqueGuestId',
  isGuest: 'isGuest',
  favourites: 'favourites',
  filters: 'filters',
} as const;
