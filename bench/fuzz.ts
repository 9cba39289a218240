/**
 * The hostile-input property test (__tests__/api/hostile.test.ts) at a larger size, shrinking what it finds:
 * `npx tsx bench/fuzz.ts [seed] [runs per route]` (defaults: a random seed, 200). Every operation of
 * /api/openapi.json over HTTP on a fresh embedded database (or TEST_DATABASE_URL). Prints the seed first, so a
 * failure can be run again, and how often each status came back.
 */
import { startTestApp } from '../__tests__/api/helpers/app';
import { prepareHostileRun, runHostileRequests } from '../__tests__/api/helpers/hostile-run';

async function main() {
  const seed = process.argv[2] ? Number(process.argv[2]) : Math.floor(Math.random() * 2 ** 31);
  const runsPerRoute = Number(process.argv[3] ?? 200);
  if (!Number.isInteger(seed) || !Number.isInteger(runsPerRoute) || runsPerRoute < 1) {
    throw new Error('usage: npx tsx bench/fuzz.ts [seed] [runs per route]');
  }
  console.log(`seed ${seed}, ${runsPerRoute} requests per route`);
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_hostile_test_secret';
  process.env.STRIPE_SECRET_KEY = 'sk_test_hostile';
  process.env.STRIPE_API_BASE = 'http://127.0.0.1:9';
  const app = await startTestApp();
  const started = Date.now();
  let failed = false;
  try {
    const run = await prepareHostileRun(app);
    const statuses = await runHostileRequests(app, run, { seed, runsPerRoute, shrink: true });
    const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    console.log(`${total} requests to ${run.operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s: no 5xx, no stack trace, every 4xx well formed, no row changed by a refused request`);
    console.log([...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', '));
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await app.close();
  }
  process.exit(failed ? 1 : 0);
}

void main();
