import type { SessionFields } from '@/lib/wire';

/**
 * The session fields a sign-in answers with (SPEC §4; lib/wire.ts sessionFieldsBody), written out once for the browser's
 * tests: a member of library 1001 whose access lasts, with no favourites, bookmarks or clippings yet. A test names
 * only what it reads (`signedInAnswer({ enddate, jwtoken })`) and adds the call's own status and message.
 */
export function signedInAnswer(overrides: Partial<SessionFields> = {}): SessionFields {
  return {
    fname: 'Asha',
    lname: 'Verma',
    libid: 1001,
    enddate: '2027-12-31T23:59:59.000Z',
    uploadedID: '',
    libname: 'Riverside Public Library',
    uid: 1,
    uuid: 'u-1',
    email: 'reader@riverside.test',
    mobile: '',
    usertype: 'member',
    isNewspaper: 1,
    isJournal: 1,
    isMycontent: 0,
    fav_lud: '',
    bk_lud: '',
    clip_lud: '',
    ageRate: 0,
    hasPassword: true,
    libraryDetails: null,
    jwtoken: 'jwt-1',
    userlibdet: [],
    ...overrides,
  };
}
