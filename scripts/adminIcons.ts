/**
 * The back office's home-screen icons (web/public/admin-icon-*.png, committed), made from the shop's favicon
 * (web/public/favicon.svg) with sharp: 192 and 512 px, and a maskable 512 px one whose artwork keeps inside the
 * central 80% a phone may crop to a circle or squircle. Run again after changing the favicon: `node scripts/adminIcons.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../web/public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'));
/** The favicon's own background, filling the maskable icon's edges. */
const BACKGROUND = '#18181b';

for (const size of [192, 512]) {
  await sharp(svg, { density: 72 * (size / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, `admin-icon-${size}.png`));
}
const inner = Math.round(512 * 0.7);
const artwork = await sharp(svg, { density: 72 * (inner / 32) })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
  .composite([{ input: artwork, gravity: 'centre' }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(publicDir, 'admin-icon-maskable-512.png'));
console.log('admin-icon-192.png, admin-icon-512.png, admin-icon-maskable-512.png written to web/public');
