/** The sign-in ways a library chooses besides library cards and SSO (those follow its card mode and OIDC settings). */
export const SIGN_IN_METHODS = ['password', 'email', 'mobile'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The stored comma list (`sign_in_methods`) as methods, unknown words dropped. */
export function parseSignInMethods(stored: string): SignInMethod[] {
  const words = stored.split(',').map((word) => word.trim());
  return SIGN_IN_METHODS.filter((method) => words.includes(method));
}

/** How each method is named to people, in the console and in refusals. */
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Password',
  email: 'Email code',
  mobile: 'Mobile code',
};
