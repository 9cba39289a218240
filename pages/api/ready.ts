import type { NextApiRequest, NextApiResponse } from 'next';
import { getPool } from '@/server/db/client';

/** Readiness: the database answers. 503 when it does not. */
export default async function ready(_req: NextApiRequest, res: NextApiResponse) {
  res.setHeader('Cache-Control', 'no-store');
  try {
    await getPool().query('SELECT 1');
    res.status(200).json({ status: 'ok', database: 'up' });
  } catch {
    res.status(503).json({ status: 503, message: 'The database is not reachable', database: 'down' });
  }
}
