#!/usr/bin/env node
/**
 * Writes the web app's icons (public/icons/*.png) from the brand mark of src/app/icon.svg: the hills and sun on
 * the brand green. "any" icons are the round mark on a transparent ground; "maskable" ones fill the square with
 * the green and keep the mark inside the safe zone (the middle 80 %), so a phone's mask never cuts it.
 * Run after changing the mark: `node web/scripts/make-icons.mjs`, then commit the PNGs.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const GREEN = '#1f5c4a';
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const MARK = '<path d="M7 25c3-8 6-12 11-12s8 4 11 12" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/><circle cx="18" cy="10" r="3" fill="#fff"/>';

const round = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><circle cx="18" cy="18" r="18" fill="${GREEN}"/>${MARK}</svg>`;
// The mark scaled to 70 % about the centre: well inside a maskable icon's safe zone.
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="${GREEN}"/><g transform="translate(5.4 5.4) scale(0.7)">${MARK}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', svg: round, size: 192 },
  { file: 'icon-512.png', svg: round, size: 512 },
  { file: 'maskable-192.png', svg: square, size: 192 },
  { file: 'maskable-512.png', svg: square, size: 512 },
  // iOS uses the square and rounds its corners itself.
  { file: 'apple-touch-icon.png', svg: square, size: 180 },
];

mkdirSync(OUT, { recursive: true });
for (const { file, svg, size } of ICONS) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 36 }).resize(size, size).png({ compressionLevel: 9 }).toFile(join(OUT, file));
  console.log(`wrote ${join(OUT, file)}`);
}
