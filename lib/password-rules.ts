/** Password rules shared by the forms and the server (the server also refuses common passwords). */

export const PASSWORD_MIN_LENGTH = 8;
/** scrypt's cost grows with the input; nobody needs a longer passphrase than this. */
const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Your password can be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  common: 'This password is too common. Please choose one that is harder to guess.',
  mismatch: 'The two passwords do not match.',
} as const;

/** The first rule a new password breaks that the browser can check, or null. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}
