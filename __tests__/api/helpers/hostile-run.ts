import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@/lib/session-token';
import type { Database } from '@/server/db/client';
import { describeRequest, hostileRequest, operationsOf, problemsWithApiAnswer, send, targetedRequests, type Credentials, type HostileRequest, type Operation } from '../../shared/hostile-requests';
import type { TestApp } from './app';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './factories';

/**
 * Tables a refused request may write to on purpose: a refused sign-in attempt still counts towards its limit.
 */
const COUNTERS = new Set(['rate_limits']);

let statement: string | null = null;

/** A cheap fingerprint of every row of every table (count and a sum of row hashes), to see that a request wrote nothing. */
export async function tableChecksum(db: Database): Promise<string> {
  if (!statement) {
    const tables = await db.execute<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const names = tables.rows.map((row) => row.name).filter((name) => !COUNTERS.has(name));
    statement = names.map((name) => `SELECT '${name}:' || count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) AS part FROM "${name}" t`).join(' UNION ALL ');
  }
  const result = await db.execute<{ part: string }>(sql.raw(statement));
  return result.rows
    .map((row) => row.part)
    .filter((part) => !part.endsWith(':0:0'))
    .join(' ');
}

export interface HostileRun {
  operations: Operation[];
  credentials: Credentials;
}

/**
 * A library, a member and a title to aim at, the member's real token and forged, expired and unsigned ones, and
 * every operation of /api/openapi.json as the running server serves it.
 */
export async function prepareHostileRun(app: TestApp): Promise<HostileRun> {
  const library = await createLibrary(app.db, { guestAccess: true });
  const user = await createUser(app.db, { email: `hostile-fuzz-${Date.now()}@example.test` });
  await addMembership(app.db, user.id, library.id, inDays(30));
  const category = await createCategory(app.db);
  await createMagazine(app.db, { categoryId: category.id });
  const token = await tokenFor(user, library.id, inDays(30));
  const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
    JSON.stringify({ sub: String(user.id), libid: library.id, mexp: 9_999_999_999, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: 9_999_999_999 }),
  ).toString('base64url')}.`;
  const otherAlgorithm = await new SignJWT({ libid: library.id })
    .setProtectedHeader({ alg: 'HS512' })
    .setSubject(String(user.id))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('a-different-secret-that-is-long-enough-to-sign-with'));
  const credentials: Credentials = {
    none: {},
    member: { authorization: `Bearer ${token}` },
    forged: { authorization: `Bearer ${await tokenFor(user, library.id, inDays(30), { secret: 'a-different-secret-that-is-long-enough-to-sign' })}` },
    expired: { authorization: `Bearer ${await tokenFor(user, library.id, inDays(30), { lifetimeSeconds: -30 })}` },
    unsigned: { authorization: `Bearer ${unsigned}`, cookie: `session=${otherAlgorithm}` },
    garbage: { authorization: 'Bearer not.a.token', cookie: 'session=x.y.z' },
    'cookie-member-no-xsrf': { cookie: `session=${token}; XSRF-TOKEN=one`, 'x-xsrf-token': 'another' },
    'malformed-cookies': { cookie: `session=%E0%A4%A; XSRF-TOKEN=; =x; ;;; session=${token.slice(0, 12)}; sso_flow="unterminated` },
  };
  const response = await fetch(`${app.baseUrl}/api/openapi.json`);
  return { operations: operationsOf((await response.json()) as Parameters<typeof operationsOf>[0]), credentials };
}

/**
 * Sends every operation the targeted requests, then `runsPerRoute` generated ones, and throws on the first answer that is a 5xx, shows a
 * stack trace, is a 4xx without `{ status, message }` (400s naming the field), or refuses yet changes a row.
 * Answers how often each status came back.
 */
export async function runHostileRequests(
  app: TestApp,
  { operations, credentials }: HostileRun,
  options: { seed: number; runsPerRoute: number; shrink: boolean },
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let rows = await tableChecksum(app.db);
  for (const op of operations) {
    const examples = targetedRequests(op, credentials).map((request) => [request] as [HostileRequest]);
    await fc.assert(
      fc.asyncProperty(hostileRequest(op, credentials), async (request) => {
        const answer = await send(app.baseUrl, request);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problems = problemsWithApiAnswer(answer);
        const after = await tableChecksum(app.db);
        if (answer.status >= 400 && after !== rows) problems.push(`a refused request changed rows (${rows} -> ${after})`);
        rows = after;
        if (problems.length > 0) {
          throw new Error(`${op.method} ${op.path}: ${problems.join('; ')}\n${describeRequest(request)}\nanswer: ${answer.text.slice(0, 400)}`);
        }
      }),
      {
        seed: options.seed,
        // fast-check counts the examples among the runs.
        numRuns: examples.length + options.runsPerRoute,
        endOnFailure: !options.shrink,
        examples,
      },
    );
  }
  return statuses;
}
