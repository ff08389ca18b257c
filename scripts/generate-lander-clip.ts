/**
 * Generates the clip of the video lander (/landers/video) locally: frames drawn as SVG and rendered with sharp,
 * encoded with ffmpeg (Debian's `apt-get install ffmpeg`) into public/clips/match.{webm,mp4} plus a poster.
 * Nothing is downloaded. The clip has no text, so one file serves all eleven languages; the page lays its
 * translated captions over it. Run: `npx tsx scripts/generate-lander-clip.ts` (only needed to change the clip).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

const WIDTH = 480;
const HEIGHT = 600;
const FPS = 24;
const SECONDS = 6;
const OUT = join('public', 'clips');

const clamp = (v: number) => Math.max(0, Math.min(1, v));
const ease = (v: number) => 1 - (1 - clamp(v)) ** 3;
/** 0 → 1 between `from` and `to` (seconds), eased. */
const phase = (t: number, from: number, to: number) => ease((t - from) / (to - from));

function person(x: number, y: number, scale: number, skin: string, hair: string, shirt: string): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <circle r="118" fill="#ffffff" opacity="0.95"/>
    <clipPath id="c${x | 0}"><circle r="110"/></clipPath>
    <g clip-path="url(#c${x | 0})">
      <rect x="-110" y="-110" width="220" height="220" fill="#f3e9f7"/>
      <path d="M-90 110 C -82 40, -40 22, 0 22 C 40 22, 82 40, 90 110 Z" fill="${shirt}"/>
      <rect x="-16" y="-8" width="32" height="34" rx="10" fill="${skin}"/>
      <ellipse cx="0" cy="-38" rx="44" ry="52" fill="${skin}"/>
      <path d="M-44 -44 C -42 -82, -18 -94, 0 -94 C 22 -94, 46 -82, 44 -44 C 34 -66, 14 -70, 0 -70 C -16 -70, -34 -66, -44 -44 Z" fill="${hair}"/>
    </g>
  </g>`;
}

function heart(x: number, y: number, size: number, opacity: number, colour = '#ff5a36'): string {
  const s = size / 100;
  return `<path transform="translate(${x} ${y}) scale(${s})" opacity="${opacity}" fill="${colour}"
    d="M0 30 C -10 10, -50 0, -50 -25 C -50 -45, -30 -55, -15 -50 C -7 -47, -2 -40, 0 -35 C 2 -40, 7 -47, 15 -50 C 30 -55, 50 -45, 50 -25 C 50 0, 10 10, 0 30 Z"/>`;
}

function bubble(x: number, y: number, show: number, left: boolean, t: number): string {
  if (show <= 0) return '';
  const dots = [0, 1, 2]
    .map((i) => `<circle cx="${-18 + i * 18}" cy="0" r="6" fill="#4b2a5e" opacity="${0.35 + 0.65 * ((Math.sin(t * 8 - i) + 1) / 2)}"/>`)
    .join('');
  const tail = left ? 'M -40 22 L -52 40 L -22 24 Z' : 'M 40 22 L 52 40 L 22 24 Z';
  return `<g transform="translate(${x} ${y + (1 - show) * 20}) scale(${0.6 + 0.4 * show})" opacity="${show}">
    <rect x="-60" y="-28" width="120" height="56" rx="26" fill="#ffffff"/>
    <path d="${tail}" fill="#ffffff"/>${dots}
  </g>`;
}

function frame(t: number): string {
  const hue = 285 + 20 * Math.sin((t / SECONDS) * Math.PI * 2);
  const enter = phase(t, 0.2, 1.4);
  const fadeOut = 1 - phase(t, SECONDS - 0.5, SECONDS);
  const leftX = -140 + enter * (WIDTH / 2 - 100 + 140);
  const rightX = WIDTH + 140 - enter * (WIDTH / 2 - 100 + 140 + 0);
  const beat = t > 1.6 ? 1 + 0.12 * Math.max(0, Math.sin((t - 1.6) * 7)) : 0;
  const heartIn = phase(t, 1.4, 2.0);
  const floaters = [0, 1, 2, 3, 4]
    .map((i) => {
      const start = 2 + i * 0.55;
      const p = clamp((t - start) / 1.8);
      if (p <= 0 || p >= 1) return '';
      const x = WIDTH / 2 + Math.sin(i * 1.7 + p * 4) * 60;
      return heart(x, 250 - p * 200, 26 + (i % 3) * 8, (1 - p) * 0.9, i % 2 ? '#ffb199' : '#ff7a59');
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 45%, 22%)"/><stop offset="0.6" stop-color="hsl(${hue + 40}, 55%, 35%)"/>
      <stop offset="1" stop-color="hsl(18, 85%, 52%)"/></linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
    <g opacity="${fadeOut}">
      ${person(leftX, 330, 0.78, '#e0ac69', '#3b2a20', '#2f6f8f')}
      ${person(rightX, 330, 0.78, '#c68642', '#1d1d1d', '#8a3b6b')}
      ${heartIn > 0 ? heart(WIDTH / 2, 250, 90 * heartIn * (beat || 1), heartIn) : ''}
      ${floaters}
      ${bubble(150, 470, phase(t, 3.0, 3.4), true, t)}
      ${bubble(330, 520, phase(t, 3.9, 4.3), false, t)}
    </g>
  </svg>`;
}

const dir = mkdtempSync(join(tmpdir(), 'lander-clip-'));
try {
  const frames = FPS * SECONDS;
  for (let i = 0; i < frames; i++) {
    const png = await sharp(Buffer.from(frame(i / FPS)))
      .png()
      .toBuffer();
    writeFileSync(join(dir, `f${String(i).padStart(4, '0')}.png`), png);
  }
  const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', join(dir, 'f%04d.png')];
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '38',
    '-pix_fmt',
    'yuv420p',
    '-an',
    join(OUT, 'match.webm'),
  ]);
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libx264',
    '-crf',
    '26',
    '-preset',
    'slow',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    join(OUT, 'match.mp4'),
  ]);
  await sharp(Buffer.from(frame(2.6)))
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(join(OUT, 'match-poster.jpg'));
  process.stdout.write(`wrote ${OUT}/match.webm, match.mp4 and match-poster.jpg (${frames} frames)\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
