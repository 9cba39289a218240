import type { LibraryEntry } from '@/lib/library-verification';
import type { SessionFields } from '@/lib/wire';
import { http } from './http';
import { SERVICE_URL, withParams } from './keys';

export type LoginResponse = ({ status: 1; message: string } & SessionFields) | { status: 0; message: string };
export type ValidateUserResponse = { status: string; message: string } & Partial<SessionFields>;

export interface LibraryVerification {
  status: string;
  libList: LibraryEntry[];
  firstname: string;
  lastname: string;
  uploadedId: string;
  fav_lud: string;
  bk_lud: string;
  isNewspaper: number;
  isJournal: number;
}

export interface AccessCheck {
  isError: boolean;
  isNoLibrary: boolean;
  isRedirectHome: boolean;
  info: SessionFields | null;
  lib: { libId: number; expiry: string } | null;
}

export async function loginAsGuest(uniqId: string, libid?: number): Promise<LoginResponse> {
  const { data } = await http.post<LoginResponse>(`${SERVICE_URL.user}/loginAsGuest`, { uniqId, os: 'web', libid });
  return data;
}

async function validateUser(libid?: number): Promise<ValidateUserResponse> {
  const { data } = await http.post<ValidateUserResponse>(`${SERVICE_URL.user}/validateuser`, libid ? { libid } : {});
  return data;
}

export async function verifyLibrary(uid: number, udid: string): Promise<LibraryVerification> {
  const { data } = await http.post<LibraryVerification>(`${SERVICE_URL.user}/verifyLibrary`, {
    udid,
    os: 'web',
    appver: '1',
    device: 'web',
    language_code: 'en',
    uid,
    ctp: 'web',
  });
  return data;
}

export async function libraryAccessCheck(storedLibraryId: number): Promise<AccessCheck> {
  const { data } = await http.get<AccessCheck>(withParams(`${SERVICE_URL.user}/libraryAccessCheck`, { libid: storedLibraryId }));
  return data;
}

export async function logoutOnServer(): Promise<void> {
  await http.post(`${SERVICE_URL.user}/logout`, {});
}

export type ValidateUserOutcome =
  | { isError: true; status: string; message: string }
  | { isError: false; data: SessionFields };

/** SPEC §4 Validate-user: a status other than 'Success' is isError with the server's status and message. */
export async function checkUser(libid?: number): Promise<ValidateUserOutcome> {
  const answer = await validateUser(libid);
  if (answer.status !== 'Success') return { isError: true, status: answer.status, message: answer.message };
  return { isError: false, data: answer as SessionFields };
}
