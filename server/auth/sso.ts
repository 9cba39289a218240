import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { cached } from '../cache';
import { outsideCallTimeoutMs } from '../config';
import type { Library } from '../db/schema';

/** The library has SSO when its settings name an issuer and a client id. */
export function hasSso(library: Pick<Library, 'oidcIssuer' | 'oidcClientId'>): boolean {
  return Boolean(library.oidcIssuer?.trim() && library.oidcClientId?.trim());
}

/** Plain HTTP only for a provider on this machine (development and tests); anywhere else it must be HTTPS. */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The provider's configuration (discovery document and keys), kept in the cache 'sso-providers' per library setting
 * (issuer, client and secret are the key, so a changed setting is a new entry).
 */
export async function providerConfig(library: Pick<Library, 'oidcIssuer' | 'oidcClientId' | 'oidcClientSecret'>): Promise<oidc.Configuration> {
  const issuer = new URL(library.oidcIssuer!.trim());
  const clientId = library.oidcClientId!.trim();
  const secret = library.oidcClientSecret ?? '';
  const key = createHash('sha256').update(`${issuer.href}\n${clientId}\n${secret}`).digest('hex');
  // client_secret_basic is the OpenID default every provider supports; no secret means a public client.
  return cached('sso-providers', key, () => oidc.discovery(issuer, clientId, undefined, secret ? oidc.ClientSecretBasic(secret) : oidc.None(), {
    execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
    // Seconds; openid-client keeps it for the token and userinfo calls made with this configuration too.
    timeout: Math.max(1, Math.ceil(outsideCallTimeoutMs() / 1000)),
  }));
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  verifier: string;
}

/** The provider's sign-in address for this attempt, with PKCE (S256), state and nonce. */
export async function authorizationUrl(config: oidc.Configuration, redirectUri: string): Promise<{ url: URL; secrets: FlowSecrets }> {
  const secrets = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.verifier),
    code_challenge_method: 'S256',
  });
  return { url, secrets };
}

export interface SsoPerson {
  subject: string;
  /** Only an address the provider says it verified. */
  verifiedEmail: string | null;
  firstName: string;
  lastName: string;
}

/** Exchanges the code (checking state, nonce and PKCE) and reads who signed in from the ID token. */
export async function finishSignIn(config: oidc.Configuration, callbackUrl: URL, secrets: FlowSecrets): Promise<SsoPerson> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: secrets.verifier,
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims?.sub) throw new Error('the provider sent no subject');
  let claims: Record<string, unknown> = idClaims;
  // Many providers keep email and names for the userinfo endpoint rather than the ID token.
  if ((!claims.email || !(claims.given_name || claims.name)) && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...info, ...Object.fromEntries(Object.entries(idClaims).filter(([, value]) => value !== undefined)) };
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 60) : '');
  const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email.trim().toLowerCase() : null;
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && typeof claims.name === 'string') {
    const parts = claims.name.trim().split(/\s+/);
    firstName = text(parts[0]);
    lastName = text(parts.slice(1).join(' '));
  }
  return { subject: idClaims.sub, verifiedEmail: email, firstName, lastName };
}

/** Whether the provider could not be reached or answered too late (fetch wraps the cause; openid-client may too). */
function unreachable(error: unknown): boolean {
  // By shape, not instanceof: fetch's errors come from another realm than this module's Error.
  let current = error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    if (current.code === 'OAUTH_TIMEOUT' || current.name === 'TimeoutError' || current.name === 'AbortError') return true;
    if (current.name === 'TypeError' && current.message === 'fetch failed') return true;
    current = current.cause as typeof current;
  }
  return false;
}

export function describeSsoError(error: unknown): 'denied' | 'unreachable' | 'failed' {
  if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') return 'denied';
  return unreachable(error) ? 'unreachable' : 'failed';
}
