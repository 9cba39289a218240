import { PASSWORD_MESSAGES, passwordProblem } from '@/lib/password-rules';
import { HttpError } from '../http/errors';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './password';

/** Refuses a new password that is too short, too long or too common, with 400 naming the field. */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  const problem = passwordProblem(password) ?? (isCommonPassword(password) ? PASSWORD_MESSAGES.common : null);
  if (problem) throw new HttpError(400, problem, { field });
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash; with no hash (unknown address, or an account without a password) it
 * still runs scrypt once, so the answer takes as long either way.
 */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (stored) return verifyPassword(password, stored);
  dummyHash ??= hashPassword('not-a-real-password-used-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}
