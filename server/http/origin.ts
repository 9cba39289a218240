/**
 * The site's public origin, for absolute addresses (COUNTER's URI column, KBART's title_url, the SSO redirect, the
 * payment return, partner and operator links). It comes from configuration only, never from a request's Host or
 * X-Forwarded-Host header, which anyone can set: SITE_URL when it is an http(s) address; else the address the site
 * server listens on (SITE_LOCAL_URL, set by scripts/site-server.ts); else http://localhost:PORT.
 */
export function siteOrigin(): string {
  return configuredSiteUrl() ?? localSiteUrl();
}

/** SITE_URL as an origin (no path, no trailing slash), or null when it is unset or not an http(s) address. */
export function configuredSiteUrl(): string | null {
  const value = process.env.SITE_URL?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The address this machine reaches the site at, when SITE_URL does not say. */
export function localSiteUrl(): string {
  return process.env.SITE_LOCAL_URL || `http://localhost:${process.env.PORT || 3000}`;
}

/** What the site prints at start about its address: nothing when SITE_URL is good, else a warning in words. */
export function siteUrlWarning(production: boolean): string | null {
  const value = process.env.SITE_URL?.trim();
  if (value && !configuredSiteUrl()) {
    return `SITE_URL (${value}) is not an http or https address; absolute links (reports, KBART, sign-in links) will say ${localSiteUrl()} until it is fixed.`;
  }
  if (!value && production) {
    return `SITE_URL is not set: absolute links in COUNTER reports, the KBART list, SSO, payments and operator sign-in links will say ${localSiteUrl()}, which only this machine reaches. Set SITE_URL to the site's public address (https://reading.example.org).`;
  }
  return null;
}
