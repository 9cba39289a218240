import { replaceStoredToken } from '@/lib/browser-storage';
import type { SessionFields } from '@/lib/wire';
import { http } from './http';
import { SERVICE_URL } from './keys';

/** Where a code goes: an email address, or a mobile number with its country calling code ('+91'). */
export type Address = { email: string } | { mobile: string; cc: string };

export type SignInAnswer = SessionFields & {
  status: 'Success';
  message: string;
  isNewUser: boolean;
  /** After a code sent by email: lets /login/newpassword set a password without the old one. */
  passwordToken?: string;
  /** After a partner link: where the link leads. */
  redirect?: string;
};

export interface CodeSent {
  status: string;
  message: string;
  expiresIn: number;
  resendAfter: number;
}

export interface LibraryChoice {
  status: 'select';
  message: string;
  libraries: Array<{ libId: number; libname: string }>;
  selectToken: string;
}

const user = (path: string) => `${SERVICE_URL.user}/${path}`;

/** `libid`: the library the person signs in to, which refuses a way it does not offer. */
export async function sendOtp(address: Address, libid?: number): Promise<CodeSent> {
  const { data } = await http.post<CodeSent>(user('sendotp'), { ...address, libid, os: 'web' });
  return data;
}

export async function verifyOtp(address: Address, otp: string, libid?: number): Promise<SignInAnswer> {
  const { data } = await http.post<SignInAnswer>(user('verifyotp'), { ...address, otp, libid, os: 'web' });
  return data;
}

export async function signInWithPassword(email: string, password: string, libid?: number): Promise<SignInAnswer> {
  const { data } = await http.post<SignInAnswer>(user('verifyotp'), { email, password, libid, os: 'web' });
  return data;
}

export async function linkAccount(address: Address, otp: string): Promise<{ status: string; message: string; email: string; mobile: string }> {
  const { data } = await http.post<{ status: string; message: string; email: string; mobile: string }>(user('linkAccount'), { ...address, otp });
  return data;
}

export async function updateProfile(fname: string, lname: string): Promise<{ status: string; message: string; fname: string; lname: string }> {
  const { data } = await http.post<{ status: string; message: string; fname: string; lname: string }>(user('updateProfile'), { fname, lname });
  return data;
}

/** Sets or changes the password. Every other session ends; this one carries on with the fresh token the answer brings. */
export async function managePassword(change: { password: string; currentPassword?: string; passwordToken?: string }): Promise<{ status: string; message: string }> {
  const { data } = await http.post<{ status: string; message: string; jwtoken?: string }>(user('managePass'), change);
  if (data.jwtoken) replaceStoredToken(data.jwtoken);
  return data;
}

export async function redeemAccessCode(coupon: string): Promise<SignInAnswer> {
  const { data } = await http.post<SignInAnswer>(user('validatecoupon'), { coupon });
  return data;
}

export async function signInWithCard(card: { cardNumber: string; pin: string; libid?: number }): Promise<SignInAnswer | LibraryChoice> {
  const { data } = await http.post<SignInAnswer | LibraryChoice>(user('splLibLogin'), card);
  return data;
}

export async function chooseCardLibrary(selectToken: string, libid: number): Promise<SignInAnswer> {
  const { data } = await http.post<SignInAnswer>(user('splLibLogin'), { selectToken, libid });
  return data;
}

export async function validatePartnerToken(randomtoken: string): Promise<SignInAnswer> {
  const { data } = await http.post<SignInAnswer>(user('validateToken'), { randomtoken });
  return data;
}

/** The words to show for a failed call: the server's own message when it gave one, else the spec's. */
export function explain(error: unknown, action = 'do that'): string {
  if (error && typeof error === 'object' && 'serverMessage' in error) {
    const { serverMessage, message } = error as { serverMessage: string | null; message: string };
    if (serverMessage) return serverMessage;
    return `We could not ${action} (${message}). Please try again.`;
  }
  return `We could not ${action}. Please try again.`;
}
