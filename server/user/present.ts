import type { LibraryEntry } from '@/lib/library-verification';
import type { LibraryDetails, SessionFields } from '@/lib/wire';
import type { Library, User } from '../db/schema';
import type { MembershipWithLibrary } from './queries';

/** SPEC §3 Library entry. */
export function libraryEntry(membership: MembershipWithLibrary): LibraryEntry {
  return {
    libId: membership.library.id,
    libname: membership.library.name,
    expiry: membership.expiresAt.toISOString(),
    exclude_cat: membership.library.excludeCat,
    ageRate: membership.library.ageRate,
  };
}

/** SPEC §3 Library details (stored as libraryDetails). */
export function libraryDetails(library: Library): LibraryDetails {
  return {
    libId: library.id,
    libName: library.name,
    logo1: library.logo1,
    logo2: library.logo2,
    logo3: library.logo3,
    logo_banner1: library.logoBanner1,
    logo_banner2: library.logoBanner2,
    logo_banner3: library.logoBanner3,
    hideProfile: library.hideProfile,
    tempRoutes: library.tempRoutes,
    callbackAfterGuest: library.callbackAfterGuest,
    supportEmail: library.supportEmail,
  };
}

/** The login and validate-user answer of SPEC §3, for a user reading through `current` (or none). */
export function sessionFields(
  user: User,
  current: MembershipWithLibrary | null,
  all: MembershipWithLibrary[],
  jwtoken: string,
  /** When the member's bookmarks and clippings last changed (server/user/queries.ts markTimes). */
  marks: { bk_lud: string; clip_lud: string },
): SessionFields {
  const library = current?.library;
  return {
    fname: user.firstName,
    lname: user.lastName,
    libid: library?.id ?? 0,
    enddate: current ? current.expiresAt.toISOString() : '',
    uploadedID: user.uploadedId,
    libname: library?.name ?? '',
    uid: user.id,
    uuid: user.uuid,
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    usertype: user.userType,
    isNewspaper: library?.isNewspaper ?? 0,
    isJournal: library?.isJournal ?? 0,
    isMycontent: library?.isMycontent ?? 0,
    fav_lud: '',
    bk_lud: marks.bk_lud,
    clip_lud: marks.clip_lud,
    ageRate: library?.ageRate ?? 0,
    hasPassword: Boolean(user.passwordHash),
    libraryDetails: library ? libraryDetails(library) : null,
    jwtoken,
    userlibdet: all.map(libraryEntry),
  };
}

/** Picks the library a session reads through: the one asked for if the user has it, else the longest-lasting. */
export function chooseMembership(all: MembershipWithLibrary[], preferredLibraryId?: number): MembershipWithLibrary | null {
  if (preferredLibraryId) {
    const preferred = all.find((m) => m.library.id === preferredLibraryId);
    if (preferred) return preferred;
  }
  return all[0] ?? null;
}
