import type { NextApiRequest, NextApiResponse } from 'next';
import { appleAppSiteAssociation, sendAssociationFile } from '@/server/app-links';

/** Served at /apple-app-site-association and /.well-known/apple-app-site-association (rewrites in next.config.js). */
export default function apple(req: NextApiRequest, res: NextApiResponse) {
  sendAssociationFile(req, res, appleAppSiteAssociation());
}
