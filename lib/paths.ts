/**
 * What the gate, the sign-in steps and the screens all need of an address: a page's path, and where a member with no
 * library or an ended membership goes. Apart from gate.ts and sign-in-paths.ts, so a screen that needs one of these
 * (a catalogue list's scroll memory, an issue page's read button) loads only these.
 */

/** The path without query, hash or a trailing slash: how the gate and a list's scroll memory name a page. */
export function pathOnly(url: string): string {
  const path = url.split(/[?#]/, 1)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Where the gate sends a member with no library (type 1) or whose membership has ended (type 2), SPEC §4. */
export const VALIDATE_USER_NO_LIBRARY = '/validate-user?type=1';
export const VALIDATE_USER_EXPIRED = '/validate-user?type=2';
