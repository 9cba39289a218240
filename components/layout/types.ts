export interface HeaderLink {
  label: string;
  href: string;
}

/** True when `href` is the page at `activePath`, or a page under it (Home matches only itself). */
export function isActiveLink(href: string, activePath: string): boolean {
  const path = activePath.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
