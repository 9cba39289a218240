import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { signedInBody } from '@/lib/wire';
import { getDb } from '../../db/client';
import { libraryCards, type Library } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { limit } from '../../auth/limits';
import { signPurposeToken, verifyPurposeToken } from '../../auth/purpose-token';
import { enforceLimits } from '../../auth/rate-limit';
import { hashSecret } from '../../auth/secrets';
import { completeSignIn, linkedMembershipEnd } from '../../auth/sign-in';
import { checkPatron } from '../../auth/sip2';
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

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Libraries (of those given) whose imported list holds this card with this PIN. */
async function listMatches(cardHash: string, pin: string, libraryIds: number[]): Promise<number[]> {
  if (libraryIds.length === 0 || !pin.trim()) return [];
  const rows = await getDb()
    .select({ libraryId: libraryCards.libraryId, pinHash: libraryCards.pinHash })
    .from(libraryCards)
    .where(and(eq(libraryCards.cardHash, cardHash), inArray(libraryCards.libraryId, libraryIds)));
  const pinHash = hashSecret(pin);
  return rows.filter((row) => sameHash(row.pinHash, pinHash)).map((row) => row.libraryId);
}

/** Checks a card with one library, its own way: the imported list, or its library system over SIP2. */
export async function checkWithLibrary(library: Library, cardNumber: string, pin: string): Promise<{ ok: boolean; name: string }> {
  if (library.cardMode === 'list') return { ok: (await listMatches(hashSecret(cardNumber.toUpperCase()), pin, [library.id])).length === 1, name: '' };
  if (library.cardMode === 'sip2' && library.sip2Host && library.sip2Port) {
    try {
      const result = await checkPatron(
        {
          host: library.sip2Host,
          port: library.sip2Port,
          institution: library.sip2Institution ?? '',
          loginUser: library.sip2LoginUser,
          loginPassword: library.sip2LoginPassword,
        },
        cardNumber,
        pin,
      );
      return result.ok ? { ok: true, name: result.name } : { ok: false, name: '' };
    } catch (error) {
      console.error(`[card] library ${library.id} SIP2: ${error instanceof Error ? error.message : 'failed'}`);
      throw new HttpError(503, `We could not reach ${library.name}’s library system. Please try again in a few minutes.`);
    }
  }
  return { ok: false, name: '' };
}

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
