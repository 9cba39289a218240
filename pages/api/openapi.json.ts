import type { NextApiRequest, NextApiResponse } from 'next';
import { buildOpenApi } from '@/server/http/openapi';
import { SERVICES } from '@/server/services';

const document = buildOpenApi(SERVICES);

export default function openApi(_req: NextApiRequest, res: NextApiResponse) {
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.status(200).json(document);
}
