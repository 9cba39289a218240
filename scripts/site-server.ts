/**
 * The site's HTTP server for `npm start` (scripts/run.ts starts it where it used to start `next start`): Next.js's
 * request handler behind a guard that answers what Next.js cannot (TRACE and `OPTIONS *` made it throw, a 500 with
 * no security headers) with 405 or 400 and the headers every answer carries (server/http/odd-requests.ts). It also
 * knows the address it listens on: SITE_LOCAL_URL for absolute links when SITE_URL is unset, recorded under DATA_DIR
 * for `npm run operator`.
 *
 * Arguments as `next start` takes them: -p/--port, -H/--hostname (PORT and HOSTNAME otherwise).
 */
import http from 'node:http';
import next from 'next';
import { forgetRunningSite, recordRunningSite } from '../server/db/cli';
import { siteUrlWarning } from '../server/http/origin';
import { oddRequest, sendRefusal, writeRawRefusal } from '../server/http/odd-requests';

/** How long a stop waits for the running jobs to end before the process ends regardless. */
const STOP_JOBS_MS = 20_000;

function option(names: string[]): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i += 1) {
    const [name, inline] = args[i].split('=', 2);
    if (names.includes(name)) return inline ?? args[i + 1];
  }
  return undefined;
}

async function main() {
  const port = Number(option(['-p', '--port']) ?? process.env.PORT ?? 3000);
  const hostname = option(['-H', '--hostname']) ?? process.env.HOSTNAME;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`port: ${port} is not a port number`);
  const app = next({ dev: false, dir: process.cwd(), port, hostname });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer((req, res) => {
    const refusal = oddRequest(req.method, req.url);
    if (refusal) return sendRefusal(req, res, refusal);
    void handle(req, res);
  });
  // CONNECT never reaches the request handler, and a request Node cannot parse (TRACK) gets its bare 400 otherwise.
  server.on('connect', (_req, socket) => writeRawRefusal(socket, { status: 405, message: 'Method CONNECT not allowed', allow: 'GET, HEAD' }));
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET') return socket.destroy();
    writeRawRefusal(socket, { status: 400, message: 'The request could not be read' });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => resolve());
  });
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname.includes(':') ? `[${hostname}]` : hostname;
  process.env.PORT = String(listening);
  process.env.SITE_LOCAL_URL = `http://${host}:${listening}`;
  recordRunningSite({ url: process.env.SITE_LOCAL_URL, pid: process.pid });
  console.log(`[site] ready on ${process.env.SITE_LOCAL_URL}`);
  const warning = siteUrlWarning(true);
  if (warning) console.warn(`[site] WARNING: ${warning}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    forgetRunningSite();
    // Open keep-alive connections must not hold the stop.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    // The job queue stops taking jobs; a drawing under way hands its issue back to the queue, an import finishes
    // (server/jobs/workers.ts stopJobs). Past STOP_JOBS_MS the process ends anyway: liveness.ts hands on what it held.
    const jobs = import('../server/jobs/workers').then(({ stopJobs }) => stopJobs());
    // Then the usage counts accepted but not written yet land, and the database connections end (closeDb; the pool and
    // the counts are process-wide, shared with Next's bundles).
    const drained = Promise.allSettled([closed, jobs])
      .then(() => import('../server/db/client').then(({ closeDb }) => closeDb()))
      .catch(() => undefined);
    const limit = new Promise<void>((resolve) => setTimeout(resolve, STOP_JOBS_MS).unref());
    void Promise.race([drained, limit]).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[site] could not start:', error);
  process.exit(1);
});
