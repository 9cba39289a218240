/**
 * A full page load, for when the session changed (sign-in, sign-out, another library): every page and
 * anything Next.js prefetched under the old session must be asked for again, through the server's gate.
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}
