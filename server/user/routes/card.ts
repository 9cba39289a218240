import { z } from 'zod';
import { signedInBody } from '@/lib/wire';
import type { Library } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { limit } from '../../auth/limits';
import { signPurposeToken, verifyPurposeToken } from '../../auth/purpose-token';
import { enforceLimits } from '../../auth/rate-limit';
import { hashSecret } from '../../auth/secrets';
import { completeSignIn, linkedMembershipEnd } from '../../auth/sign-in';
import { checkWithLibrary, listMatches } from '../library-cards';
import { splitName } from '../present';
import { extendMembership, findLibrary, findOrCreateByIdentity, librariesWithCardList } from '../queries';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** POST splLibLogin */
const postSplLibLoginBody = z.union([
  signedInBody,
  z.object({
    status: z.string(),
    message: z.string(),
    libraries: z.array(z.object({ libId: z.number(), libname: z.string() })),
    selectToken: z.string(),
  }),
]);

export const splLibLoginBody = z.object({
  cardNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,32}$/, 'must be 4 to 32 letters, digits or dashes')
    .optional(),
  /** May be blank: a blank PIN is a refusal, not a malformed request. */
  pin: z
    .string()
    .max(32)
    .regex(/^[^|\u0000-\u001f]*$/, 'has characters a PIN cannot have')
    .optional(),
  libid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** From an earlier answer with status 'select': the card already checked, now with the library chosen. */
  selectToken: z.string().max(4096).optional(),
});

const CARD_REFUSED = 'The library card number or PIN is not right.';

export const cardRoutes: ServiceRoutes = {
  splLibLogin: {
    POST: route({
      summary: 'Library card sign-in: card number and PIN, checked by the library’s list or its system over SIP2',
      responses: { 200: { description: 'OK', body: postSplLibLoginBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 429: { description: 'Too many requests; try again later' }, 503: { description: 'The database, or a service this call needs, is not reachable' } },
      auth: 'none',
      body: splLibLoginBody,
      async handler({ body, ip, req, res }) {
        let cardHash: string;
        let library: Library | null;
        let patronName = '';
        if (body.selectToken) {
          const grant = await verifyPurposeToken('card-select', body.selectToken);
          const allowed = Array.isArray(grant?.libraries) ? (grant.libraries as number[]) : [];
          if (!grant || typeof grant.sub !== 'string') throw new HttpError(401, 'This choice has expired. Please enter your card again.');
          if (!body.libid || !allowed.includes(body.libid)) throw new HttpError(400, 'libid: must be one of the libraries offered', { field: 'libid' });
          cardHash = grant.sub;
          library = await findLibrary(body.libid);
        } else {
          if (!body.cardNumber) throw new HttpError(400, 'cardNumber: is required', { field: 'cardNumber' });
          const pin = body.pin ?? '';
          cardHash = hashSecret(body.cardNumber.toUpperCase());
          await enforceLimits([
            limit('cardPerCard', `card:${cardHash}`),
            limit('cardPerIp', `card-ip:${ip}`),
          ]);
          if (body.libid) {
            library = await findLibrary(body.libid);
            if (!library || library.cardMode === 'none') throw new HttpError(400, 'This library does not take library cards here.', { field: 'libid' });
            const result = await checkWithLibrary(library, body.cardNumber, pin);
            if (!result.ok) throw new HttpError(401, CARD_REFUSED);
            patronName = result.name;
          } else {
            // Without a library named, only imported lists are searched: a PIN is never sent to every library's system.
            const lists = await librariesWithCardList();
            const matches = await listMatches(cardHash, pin, lists.map((l) => l.id));
            if (matches.length === 0) throw new HttpError(401, CARD_REFUSED);
            if (matches.length > 1) {
              return {
                status: 'select',
                message: 'This card belongs to more than one library. Choose the one to read through.',
                libraries: lists.filter((l) => matches.includes(l.id)).map((l) => ({ libId: l.id, libname: l.name })),
                selectToken: await signPurposeToken('card-select', { sub: cardHash, libraries: matches }, 10 * 60),
              };
            }
            library = lists.find((l) => l.id === matches[0]) ?? null;
          }
        }
        if (!library) throw new HttpError(401, CARD_REFUSED);
        const { user, created } = await findOrCreateByIdentity({ kind: 'card', libraryId: library.id, subject: cardHash }, () => splitName(patronName));
        await extendMembership(user.id, library.id, linkedMembershipEnd());
        return completeSignIn(req, res, user, { libraryId: library.id, created: created || !user.firstName });
      },
    }),
  },
};
