import fs from 'node:fs';
import path from 'node:path';
import type { NextApiRequest, NextApiResponse } from 'next';
import { MEDIA_DIR } from '@/server/config';

/** Public media kinds; issue page images are not among them (the reader serves those with a code). */
const PUBLIC_KINDS = new Set(['covers', 'stories', 'logos', 'categories']);
const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.svg': 'image/svg+xml', '.webp': 'image/webp' };

export default function media(req: NextApiRequest, res: NextApiResponse) {
  const parts = ([] as string[]).concat(req.query.path ?? []);
  const type = TYPES[path.extname(parts[parts.length - 1] ?? '')];
  if (!PUBLIC_KINDS.has(parts[0] ?? '') || !type || parts.some((p) => p === '..' || p.includes('/') || p.includes('\\') || p === '')) {
    res.status(404).json({ status: 404, message: 'Not found' });
    return;
  }
  const root = path.resolve(MEDIA_DIR);
  const file = path.resolve(root, ...parts);
  if (!file.startsWith(root + path.sep)) {
    res.status(404).json({ status: 404, message: 'Not found' });
    return;
  }
  // Imported covers and story pictures have a WebP twin beside each JPEG, served to browsers that accept it.
  const twin = type === 'image/jpeg' && req.headers.accept?.includes('image/webp') ? file.replace(/\.jpg$/, '.webp') : null;
  res.setHeader('Vary', 'Accept');
  fs.stat(twin ?? file, (twinError, twinStat) => {
    if (twin && !twinError && twinStat.isFile()) {
      send(req, res, twin, 'image/webp', twinStat.size);
      return;
    }
    fs.stat(file, (error, stat) => {
      if (error || !stat.isFile()) {
        res.status(404).json({ status: 404, message: 'Not found' });
        return;
      }
      send(req, res, file, type, stat.size);
    });
  });
}

function send(req: NextApiRequest, res: NextApiResponse, file: string, type: string, size: number) {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', size);
  // Media files never change under a path: a new image gets a new path.
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  if (req.method === 'HEAD') {
    res.status(200).end();
    return;
  }
  fs.createReadStream(file).pipe(res);
}
