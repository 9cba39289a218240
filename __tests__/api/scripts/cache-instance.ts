/**
 * One instance of the site for the cross-instance cache test: the real service routes over HTTP (as
 * __tests__/api/helpers/app.ts serves them) in a process of its own, on DATABASE_URL, with caching on and the cache
 * bus started as instrumentation.ts starts it in a server. Prints `READY {port} {bus state}` once the bus has settled.
 *
 * Two writes have no route yet (the console will call them): POST /__test/rename-title {mid, name} and
 * POST /__test/exclude-categories {libraryId, names} call the server's own writers, in this process. POST /__test/bus
 * answers the state of the cache bus.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cacheBusState, startCacheBus } from '@/server/cache';
import { renameTitle, setExcludedCategories } from '@/server/catalogue/edits';
import { createServiceHandler } from '@/server/http/handler';
import { SERVICES } from '@/server/services';

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
}

async function testWrite(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const body = await readJson(req);
  if (req.url === '/__test/bus') res.write(cacheBusState());
  else if (req.url === '/__test/rename-title') await renameTitle(Number(body.mid), String(body.name));
  else if (req.url === '/__test/exclude-categories') await setExcludedCategories(Number(body.libraryId), body.names as string[]);
  else res.statusCode = 404;
  res.end();
}

async function main() {
  startCacheBus();
  const started = Date.now();
  while (cacheBusState() === 'starting' && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));

  const handlers = Object.fromEntries(Object.entries(SERVICES).map(([service, routes]) => [service, createServiceHandler(service, routes)]));
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/__test/')) {
      testWrite(req, res).catch((error: unknown) => {
        console.error(error);
        res.statusCode = 500;
        res.end();
      });
      return;
    }
    const service = /^\/api\/([^/?]+)\//.exec(req.url ?? '')?.[1];
    const handler = service ? handlers[service] : undefined;
    if (!handler) {
      res.statusCode = 404;
      res.end();
      return;
    }
    void handler(req, res);
  });
  // PORT and the ports after it up to PORT_LAST (the range the test was given), the first one free.
  const first = Number(process.env.PORT ?? 0);
  const last = Number(process.env.PORT_LAST ?? first);
  for (let port = first; ; port += 1) {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      server.once('error', resolve);
      server.listen(port, '127.0.0.1', () => resolve(null));
    });
    if (!error) break;
    if (error.code !== 'EADDRINUSE' || port >= last) throw error;
  }
  process.stdout.write(`READY ${(server.address() as AddressInfo).port} ${cacheBusState()}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
