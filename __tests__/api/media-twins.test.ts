// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { IMPORT_MEDIA_DIR, mediaFiles } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { renderCoverImage } from '@/server/media/render';
import { startTestApp, type TestApp } from './helpers/app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('/api/media: a JPEG stored without a WebP twin (the demo seed writes JPEGs only)', () => {
  it('answers a browser that accepts WebP with a WebP made once and stored beside the JPEG, and others with the JPEG', async () => {
    const folder = 'covers/seeded-700';
    const jpeg = await renderCoverImage({ magazineName: 'Harbour Weekly', issueName: 'May 2026', categoryName: 'Travel', palette: { background: '#1d3557', accent: '#e63946', ink: '#f1faee' }, coverLines: ['The quiet harbour'], isSpecial: false, variant: 1 }, 2);
    fs.mkdirSync(path.join(IMPORT_MEDIA_DIR, folder, 'view'), { recursive: true });
    fs.writeFileSync(path.join(IMPORT_MEDIA_DIR, folder, 'view', '2.jpg'), jpeg);
    const address = `${app.baseUrl}/api/media/${folder}/view/2.jpg`;

    const plain = await fetch(address, { headers: { accept: 'image/jpeg,*/*' } });
    expect([plain.status, plain.headers.get('content-type'), plain.headers.get('vary')]).toEqual([200, 'image/jpeg', 'Accept']);
    expect(Buffer.from(await plain.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(mediaFiles()).not.toContain(`${folder}/view/2.webp`);

    const modern = await fetch(address, { headers: { accept: 'image/avif,image/webp,image/*' } });
    expect([modern.status, modern.headers.get('content-type'), modern.headers.get('vary')]).toEqual([200, 'image/webp', 'Accept']);
    const webp = Buffer.from(await modern.arrayBuffer());
    const [jpegSize, webpSize] = await Promise.all([sharp(jpeg).metadata(), sharp(webp).metadata()]);
    expect([webpSize.format, webpSize.width, webpSize.height]).toEqual(['webp', jpegSize.width, jpegSize.height]);
    // Stored, so the next browser is served the same file without making it again.
    expect(fs.readFileSync(path.join(IMPORT_MEDIA_DIR, folder, 'view', '2.webp')).equals(webp)).toBe(true);
  });

  it('still answers 404 for a JPEG that is not stored, whatever the browser accepts', async () => {
    const missing = await fetch(`${app.baseUrl}/api/media/covers/seeded-missing/view/2.jpg`, { headers: { accept: 'image/webp' } });
    expect(missing.status).toBe(404);
    expect(mediaFiles().some((file) => file.includes('seeded-missing'))).toBe(false);
  });
});
