import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { isValidEmail } from '@/lib/email';
import { route, type ServiceRoutes } from '../../http/handler';
import { siteOrigin } from '../../http/origin';
import { signPurposeToken, verifyPurposeToken } from '../../auth/purpose-token';
import { readCookies } from '../../auth/session';
import { completeSignIn, linkedMembershipEnd } from '../../auth/sign-in';
import { authorizationUrl, describeSsoError, finishSignIn, hasSso, providerConfig, type FlowSecrets } from '../../auth/sso';
import { extendMembership, findLibrary, findOrCreateByIdentity } from '../queries';

const FLOW_COOKIE = 'sso_flow';
const FLOW_PATH = '/api/user/sso';
const FLOW_SECONDS = 10 * 60;
const CALLBACK_PATH = `${FLOW_PATH}/callback`;

function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  res.statusCode = 302;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', 'no-store');
  if (cookies.length) {
    const existing = res.getHeader('Set-Cookie');
    const list = Array.isArray(existing) ? existing.map(String) : existing ? [String(existing)] : [];
    res.setHeader('Set-Cookie', [...list, ...cookies]);
  }
  res.end();
}

function flowCookie(value: string, maxAge: number, secure: boolean): string {
  return [`${FLOW_COOKIE}=${value}`, `Path=${FLOW_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}

const failure = (reason: string) => `/login/sso/failure?reason=${encodeURIComponent(reason)}`;

export const ssoStartQuery = z.object({ libid: z.coerce.number().int().positive().max(2_147_483_647) });

export const ssoRoutes: ServiceRoutes = {
  'sso/start': {
    GET: route({
      summary: 'Starts sign-in through the library’s OpenID Connect provider (a browser redirect)',
      responses: { 302: { description: 'To the library’s provider, or to /login/sso/failure when it cannot be used' } },
      auth: 'none',
      query: ssoStartQuery,
      async handler({ query, res }) {
        const library = await findLibrary(query.libid);
        if (!library || !hasSso(library)) return redirect(res, failure('unavailable'));
        const origin = siteOrigin();
        let location: URL;
        let secrets: FlowSecrets;
        try {
          ({ url: location, secrets } = await authorizationUrl(await providerConfig(library), `${origin}${CALLBACK_PATH}`));
        } catch (error) {
          console.error(`[sso] library ${library.id}: provider unreachable (${error instanceof Error ? error.message : 'error'})`);
          return redirect(res, failure('unreachable'));
        }
        const flow = await signPurposeToken('sso-flow', { libid: library.id, ...secrets }, FLOW_SECONDS);
        redirect(res, location.href, [flowCookie(flow, FLOW_SECONDS, origin.startsWith('https:'))]);
      },
    }),
  },
  'sso/callback': {
    GET: route({
      summary: 'Where the provider sends the person back: checks state, nonce and PKCE, then signs them in',
      responses: { 302: { description: 'To /login/sso/success once signed in, or to /login/sso/failure with the reason' } },
      auth: 'none',
      async handler({ req, res }) {
        const origin = siteOrigin();
        const clear = flowCookie('', 0, origin.startsWith('https:'));
        const flow = await verifyPurposeToken('sso-flow', readCookies(req.headers.cookie)[FLOW_COOKIE]);
        if (!flow || typeof flow.libid !== 'number') return redirect(res, failure('expired'), [clear]);
        const library = await findLibrary(flow.libid);
        if (!library || !hasSso(library)) return redirect(res, failure('unavailable'), [clear]);
        const callbackUrl = new URL(req.url ?? CALLBACK_PATH, origin);
        let person;
        try {
          person = await finishSignIn(await providerConfig(library), callbackUrl, {
            state: String(flow.state),
            nonce: String(flow.nonce),
            verifier: String(flow.verifier),
          });
        } catch (error) {
          const reason = describeSsoError(error);
          if (reason !== 'denied') console.error(`[sso] library ${library.id}: sign-in ${reason} (${error instanceof Error ? error.name : 'error'})`);
          return redirect(res, failure(reason), [clear]);
        }
        const email = person.verifiedEmail && isValidEmail(person.verifiedEmail) ? person.verifiedEmail : null;
        const { user, created } = await findOrCreateByIdentity({ kind: 'sso', libraryId: library.id, subject: person.subject }, () => ({
          firstName: person.firstName,
          lastName: person.lastName,
          email,
        }));
        await extendMembership(user.id, library.id, linkedMembershipEnd());
        await completeSignIn(req, res, user, { libraryId: library.id, created });
        redirect(res, '/login/sso/success', [clear]);
      },
    }),
  },
};
