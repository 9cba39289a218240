import { z } from 'zod';
import { appPasswordList, appPasswordView } from '@/lib/wire';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { siteOrigin } from '../../http/origin';
import { membershipsOf } from '../queries';
import { appLoginOf, createAppPassword, listAppPasswords, revokeAppPassword } from '../../opds/credentials';
import { opdsBase } from '../../opds/feeds';
import { idOf } from '../../opds/request';

/** Most app passwords a member keeps at once: one per app and device is a handful. */
export const MAX_APP_PASSWORDS = 20;

/** My Account's app passwords (server/opds/): made, named and revoked by the member; the password is shown once. */
export const appPasswordRoutes: ServiceRoutes = {
  appPasswords: {
    GET: route({
      summary: 'The member’s app passwords (names, last four characters, when made and last used) and where to point reading apps',
      operationId: 'getUserAppPasswords',
      auth: 'required',
      responses: { 200: { description: 'The app passwords', body: appPasswordList } },
      async handler({ session, context }) {
        const user = context.member;
        if (!user) throw new HttpError(401, 'Sign in to continue');
        
        const memberships = (await membershipsOf(session.claims.uid)).filter((m) => m.expiresAt.getTime() > Date.now());
        return {
          status: 'success' as const,
          login: appLoginOf(user),
          catalogues: memberships.map((m) => ({ libraryId: m.library.id, name: m.library.name, url: `${opdsBase(m.library.id)}/catalog` })),
          syncServer: `${siteOrigin()}/api/kosync`,
          passwords: await listAppPasswords(session.claims.uid),
        };
      },
    }),
    POST: route({
      summary: 'Makes an app password with the name given; the answer holds the password, the only time it is shown',
      operationId: 'postUserAppPasswords',
      auth: 'required',
      body: z.object({ name: z.string().trim().min(1, 'name: is required').max(60, 'name: must be at most 60 characters') }),
      responses: {
        200: { description: 'The new app password, shown once', body: z.object({ status: z.literal('success'), login: z.string(), appPassword: appPasswordView.extend({ password: z.string() }) }) },
        409: { description: 'The member already has the most app passwords allowed' },
      },
      async handler({ body, session, context }) {
        const user = context.member;
        if (!user) throw new HttpError(401, 'Sign in to continue');
        if ((await listAppPasswords(user.id)).length >= MAX_APP_PASSWORDS) {
          throw new HttpError(409, `You have ${MAX_APP_PASSWORDS} app passwords: revoke one you no longer use first.`);
        }
        return { status: 'success' as const, login: appLoginOf(user), appPassword: await createAppPassword(session.claims.uid, body.name) };
      },
    }),
  },
  'appPasswords/:appPasswordId': {
    DELETE: route({
      summary: 'Revokes one of the member’s app passwords at once',
      operationId: 'deleteUserAppPassword',
      auth: 'required',
      params: z.object({ appPasswordId: z.coerce.number().int().positive().max(2_147_483_647) }),
      responses: { 200: { description: 'Revoked', body: z.object({ status: z.literal('success') }) }, 404: { description: 'No such app password of this member' } },
      async handler({ params, session }) {
        const revoked = await revokeAppPassword(session.claims.uid, idOf(params, 'appPasswordId'));
        if (!revoked) throw new HttpError(404, 'No such app password', { field: 'appPasswordId' });
        return { status: 'success' as const };
      },
    }),
  },
};
