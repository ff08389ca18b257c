/**
 * Writes the web app icons (public/icons/*.png) from the brand mark: an orange disc with a white heart on the dark
 * purple of the theme. Run once with `npx tsx scripts/generate-icons.ts`; the PNGs are committed and Vite copies
 * public/ into the build.
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const heart = 'M12 18s-5-3-6.4-6.2A3.5 3.5 0 0 1 12 8a3.5 3.5 0 0 1 6.4 3.8C17 15 12 18 12 18Z';
const svg = (
  size: number,
  padding: number,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24">
  <rect width="24" height="24" fill="#2d1b45"/>
  <g transform="translate(${padding} ${padding}) scale(${(24 - 2 * padding) / 24})">
    <circle cx="12" cy="12" r="12" fill="#cc4b0c"/>
    <path fill="#ffffff" d="${heart}"/>
  </g>
</svg>`;

mkdirSync('public/icons', { recursive: true });
const jobs: Array<[string, number, number]> = [
  ['public/icons/icon-192.png', 192, 1.5],
  ['public/icons/icon-512.png', 512, 1.5],
  // Maskable: the mark inside the 80% safe zone.
  ['public/icons/icon-maskable-512.png', 512, 3],
];
await Promise.all(
  jobs.map(([file, size, padding]) =>
    sharp(Buffer.from(svg(size, padding)))
      .png({ compressionLevel: 9 })
      .toFile(file),
  ),
);
