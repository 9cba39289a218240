/** The path without query, hash or a trailing slash: how the gate and a list's scroll memory name a page. */
export function pathOnly(url: string): string {
  const path = url.split(/[?#]/, 1)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
