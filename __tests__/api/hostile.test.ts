import { prepareHostileRun, runHostileRequests, type HostileRun } from './helpers/hostile-run';
import { startTestApp, type TestApp } from './helpers/app';

/** Fixed, so a failure here fails the same way on every machine; bench/fuzz.ts takes any seed and a larger count. */
const SEED = 17;
const RUNS_PER_ROUTE = 8;

let app: TestApp;
let run: HostileRun;

beforeAll(async () => {
  // So the webhook checks its signature (without a secret it answers 501: not offered here) and checkout reaches
  // its validation; nothing here reaches Stripe, whose address is a closed port.
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_hostile_test_secret';
  process.env.STRIPE_SECRET_KEY = 'sk_test_hostile';
  process.env.STRIPE_API_BASE = 'http://127.0.0.1:9';
  app = await startTestApp();
  run = await prepareHostileRun(app);
});
afterAll(async () => {
  await app.close();
});

it('reads every route from /api/openapi.json', () => {
  expect(run.operations.length).toBeGreaterThan(50);
  expect(run.operations.map((op) => `${op.method} ${op.path}`)).toEqual(
    expect.arrayContaining(['POST /api/user/validatecoupon', 'GET /api/catalogue/magazine-search', 'GET /api/article/v1/article-by-url']),
  );
});

it('answers hostile requests to every route with a 2xx, a 3xx or a 4xx { status, message } naming the field, and a refused one changes no row', async () => {
  // In CI the first failure is reported as found: shrinking against a database is slow (bench/fuzz.ts shrinks).
  const statuses = await runHostileRequests(app, run, { seed: SEED, runsPerRoute: RUNS_PER_ROUTE, shrink: false });
  // A run that only ever met 401 or 404 would prove nothing: it must reach the handlers and their validation.
  const answered = (from: number, to: number) => [...statuses].filter(([status]) => status >= from && status < to).reduce((sum, [, n]) => sum + n, 0);
  // The run holds no console role and no feed key, so console and keyed routes cannot answer 2xx: count the others.
  const reachable = run.operations.filter((op) => !op.path.startsWith('/api/admin/') && !op.path.startsWith('/api/feeds/'));
  expect(answered(200, 300)).toBeGreaterThan(reachable.length / 2);
  expect(statuses.get(400) ?? 0).toBeGreaterThan(run.operations.length);
  // About 8 requests to each of some 70 operations, each checked against the database: over 120 s at load 12 on
  // 2 cores (CI shares the machine), so the limit is a hang guard, not a speed check (bench/fuzz.ts measures).
}, 360_000);
