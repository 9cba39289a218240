import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Liveness: the process answers. Touches nothing else (the trivial route benchmarks compare against). Also served at
 * /healthcheck (a rewrite in next.config.js). Plain Node response calls, so it runs the same outside Next.
 */
export default function health(_req: IncomingMessage, res: ServerResponse) {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify({ status: 'ok' }));
}
