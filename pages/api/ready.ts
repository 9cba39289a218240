import type { IncomingMessage, ServerResponse } from 'node:http';
import { getPool } from '@/server/db/client';

/** Readiness: the database answers; 503 when it does not. Also served at /healthcheck/ready (next.config.js). */
export default async function ready(_req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  try {
    await getPool().query('SELECT 1');
    res.statusCode = 200;
    res.end(JSON.stringify({ status: 'ok', database: 'up' }));
  } catch {
    res.statusCode = 503;
    res.setHeader('Retry-After', '30');
    res.end(JSON.stringify({ status: 503, message: 'The database is not reachable', database: 'down' }));
  }
}
