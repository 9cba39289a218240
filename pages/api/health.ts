import type { NextApiRequest, NextApiResponse } from 'next';

/** Liveness: the process answers. Touches nothing else (the trivial route benchmarks compare against). */
export default function health(_req: NextApiRequest, res: NextApiResponse) {
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).json({ status: 'ok' });
}
