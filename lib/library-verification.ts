/** SPEC §4 'Library verification outcomes', shared by the server's access check and the client. */

export interface LibraryEntry {
  libId: number;
  libname: string;
  /** Membership end, ISO 8601. */
  expiry: string;
  exclude_cat: string;
  ageRate: number;
}

export type VerificationOutcome =
  | { kind: 'isError' }
  | { kind: 'isNoLibrary' }
  | { kind: 'isRedirectHome'; library: LibraryEntry }
  | { kind: 'ok'; library: LibraryEntry };

export function classifyLibraryVerification(
  result: { ok: boolean; libList: LibraryEntry[] },
  storedLibraryId: number | string | null | undefined,
): VerificationOutcome {
  if (!result.ok) return { kind: 'isError' };
  if (result.libList.length === 0) return { kind: 'isNoLibrary' };
  const stored = Number(storedLibraryId);
  if (!stored) return { kind: 'isRedirectHome', library: result.libList[0] };
  const library = result.libList.find((entry) => entry.libId === stored);
  if (!library) return { kind: 'isRedirectHome', library: result.libList[0] };
  return { kind: 'ok', library };
}

export function isExpired(expiryIso: string, now: Date = new Date()): boolean {
  const end = Date.parse(expiryIso);
  return Number.isNaN(end) || end <= now.getTime();
}
