/**
 * The app icons the web manifest names (public/manifest.webmanifest), drawn with sharp from public/logo-mark.svg:
 * 192 and 512 px (what Chromium's install criteria ask for), a maskable 512 px (the mark's book inside the 80 % safe zone,
 * on the brand colour) and the 180 px apple-touch-icon. Run after the mark changes: `npx tsx scripts/make-icons.ts`;
 * the PNGs are committed, so nothing is drawn at install or run time.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC = path.join(process.cwd(), 'public');
const BRAND = '#B71C1C';

async function main() {
  const mark = fs.readFileSync(path.join(PUBLIC, 'logo-mark.svg'));
  const out = path.join(PUBLIC, 'icons');
  fs.mkdirSync(out, { recursive: true });
  for (const size of [180, 192, 512]) {
    const file = size === 180 ? 'apple-touch-icon.png' : `app-${size}.png`;
    await sharp(mark, { density: (72 * size) / 40 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, file));
    console.log(`public/icons/${file}: ${size}×${size}`);
  }
  // Maskable: the platform may crop to a circle (the safe zone is 80 % across), so the mark's red square takes 80 %,
  // on the same red: the book inside it stays well within the zone.
  const inner = Math.round(512 * 0.8);
  const drawn = await sharp(mark, { density: (72 * inner) / 40 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
    .composite([{ input: drawn, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, 'app-maskable-512.png'));
  console.log('public/icons/app-maskable-512.png: 512×512 (maskable)');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
