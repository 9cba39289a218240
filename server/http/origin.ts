import type { IncomingMessage } from 'node:http';

/**
 * The site's public origin, for addresses handed to other services (the SSO redirect, partner links):
 * SITE_URL when set, else the request's own host (behind a proxy, TRUST_PROXY=1 lets X-Forwarded-Proto say https).
 */
export function siteOrigin(req: IncomingMessage): string {
  const configured = process.env.SITE_URL?.trim().replace(/\/+$/, '');
  if (configured) return configured;
  const forwarded = process.env.TRUST_PROXY === '1' ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() : '';
  const encrypted = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const proto = forwarded === 'https' || encrypted ? 'https' : 'http';
  const host = String(req.headers.host ?? 'localhost').replace(/[^A-Za-z0-9.:[\]-]/g, '');
  return `${proto}://${host}`;
}
