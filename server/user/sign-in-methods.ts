import { parseSignInMethods, type SignInMethod } from '@/lib/sign-in-methods';
import { HttpError } from '../http/errors';
import { cachedLibrary } from '../context/viewer';

const REFUSALS: Record<SignInMethod, string> = {
  password: 'This library does not offer sign-in with a password.',
  email: 'This library does not offer sign-in with an email code.',
  mobile: 'This library does not offer sign-in with a mobile code.',
};

/**
 * Refuses (403) a sign-in by a method the library named in the request (`libid`) does not offer. With no library
 * named, the member's library is not known until they are signed in, so nothing is refused here. An email code is
 * also how a password is reset, so a library offering passwords takes email codes too.
 */
export async function requireMethodOffered(libraryId: number | undefined, method: SignInMethod): Promise<void> {
  if (!libraryId) return;
  const library = await cachedLibrary(libraryId);
  if (!library) return;
  const offered = parseSignInMethods(library.signInMethods);
  if (offered.includes(method) || (method === 'email' && offered.includes('password'))) return;
  throw new HttpError(403, REFUSALS[method]);
}
