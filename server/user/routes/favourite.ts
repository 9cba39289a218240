import { z } from 'zod';
import type { Session } from '../../auth/session';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { addFavourite, favouriteMagazineIds, isVisibleMagazine, removeFavourite } from '../queries';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** POST getMyFav */
const postGetMyFavBody = z.object({ status: z.string(), msg: z.array(z.object({ mid: z.object({ values: z.array(z.number()) }) })) });

/** POST addmy_fav */
const postAddmyFavBody = z.object({ status: z.string(), message: z.string() });

/** POST deletemy_fav: the same answer as postAddmyFavBody. */
const postDeletemyFavBody = postAddmyFavBody;

const id = z.coerce.number().int().positive().max(2_147_483_647);

const getMyFavBody = z.object({ uid: id, os: z.string().max(20).optional() });
export const favouriteChangeBody = z.object({ uid: id, mid: id, os: z.string().max(20).optional() });

/** The uid in the body must be the signed-in member's own. */
function ownUid(session: Session | null, uid: number): number {
  if (!session) throw new HttpError(401, 'Sign in to continue');
  if (session.claims.uid !== uid) throw new HttpError(403, 'uid does not match the signed-in user', { field: 'uid' });
  return uid;
}

export const favouriteRoutes: ServiceRoutes = {
  getMyFav: {
    POST: route({
      summary: 'The member’s favourite magazines (SPEC §7): msg[0].mid.values',
      responses: { 200: { description: 'OK', body: postGetMyFavBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 403: { description: 'Refused: not allowed for this person or library' } },
      auth: 'required',
      body: getMyFavBody,
      async handler({ body, session, context }) {
        const uid = ownUid(session, body.uid);
        const values = await favouriteMagazineIds(await context.viewer(), uid);
        return { status: 'success', msg: [{ mid: { values } }] };
      },
    }),
  },
  addmy_fav: {
    POST: route({
      summary: 'Adds a magazine to the member’s favourites',
      responses: { 200: { description: 'OK', body: postAddmyFavBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      body: favouriteChangeBody,
      async handler({ body, session, context }) {
        const uid = ownUid(session, body.uid);
        if (!(await isVisibleMagazine(await context.viewer(), body.mid))) throw new HttpError(404, 'Magazine not found', { field: 'mid' });
        await addFavourite(uid, body.mid);
        return { status: 'success', message: 'Added to your favourites' };
      },
    }),
  },
  deletemy_fav: {
    POST: route({
      summary: 'Removes a magazine from the member’s favourites',
      responses: { 200: { description: 'OK', body: postDeletemyFavBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 403: { description: 'Refused: not allowed for this person or library' } },
      auth: 'required',
      body: favouriteChangeBody,
      async handler({ body, session }) {
        const uid = ownUid(session, body.uid);
        await removeFavourite(uid, body.mid);
        return { status: 'success', message: 'Removed from your favourites' };
      },
    }),
  },
};
