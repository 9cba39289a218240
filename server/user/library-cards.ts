import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { hashSecret } from '../auth/secrets';
import { checkPatron } from '../auth/sip2';
import { getDb } from '../db/client';
import { libraryCards, type Library } from '../db/schema';
import { HttpError } from '../http/errors';

/*
 * A library card checked with its library, its own way: the library's imported list of cards and PINs, or its
 * library system over SIP2. The card sign-in (routes/card.ts) and reading apps' card passwords (server/opds/credentials.ts)
 * both ask here.
 */

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Libraries (of those given) whose imported list holds this card with this PIN. */
export async function listMatches(cardHash: string, pin: string, libraryIds: number[]): Promise<number[]> {
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
