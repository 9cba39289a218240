import { z } from 'zod';

/**
 * What the routes of favourite-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** POST getMyFav */
export const postGetMyFavBody = z.object({ status: z.string(), msg: z.array(z.object({ mid: z.object({ values: z.array(z.number()) }) })) });

/** POST addmy_fav */
export const postAddmyFavBody = z.object({ status: z.string(), message: z.string() });

/** POST deletemy_fav: the same answer as postAddmyFavBody. */
export const postDeletemyFavBody = postAddmyFavBody;
