import type { NextApiRequest, NextApiResponse } from 'next';
import { androidAssetLinks, sendAssociationFile } from '@/server/app-links';

/** Served at /.well-known/assetlinks.json (rewrite in next.config.js). */
export default function android(req: NextApiRequest, res: NextApiResponse) {
  sendAssociationFile(req, res, androidAssetLinks());
}
