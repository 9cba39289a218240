import type { NextApiRequest, NextApiResponse } from 'next';
import { serveMedia } from '@/server/media/serve';

export default async function media(req: NextApiRequest, res: NextApiResponse) {
  await serveMedia(req, res, ([] as string[]).concat(req.query.path ?? []));
}
