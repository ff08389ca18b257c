import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * On the build `npm run build` left in dist/client (like the rest of the e2e suite): what every first visit
 * downloads — the entry chunk and its static imports — stays free of the code it was cut from, and the landing page
 * stays within its budget. The sources of each chunk come from its source map (the build writes them, unserved).
 */
const DIST = path.resolve(process.env.DIST_DIR ?? 'dist/client');
const ENTRY = 'src/client/entry-client.tsx';
const LANDING = 'src/client/app/pages/index-page.tsx';
const MEMBER_PARTS = 'src/client/app/layouts/member-parts.tsx';
// 118 KB: the product's ceiling for the landing page. The router's data mode (the data router, loaders, lazy routes)
// is the growth it allows; SWR, the members' parts and the lazily loaded layouts stay out of it.
const LANDING_JS_BUDGET = 118 * 1024;

interface Chunk {
  file: string;
  imports?: string[];
}

function readManifest(): Record<string, Chunk> {
  const file = path.join(DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`No build in ${DIST}: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Chunk>;
}

function closure(manifest: Record<string, Chunk>, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

/** Source paths of the built files, relative to the project (`node_modules/…`, `src/…`). */
function sourcesOf(files: Iterable<string>): string[] {
  return [...files].flatMap((file) => {
    // The bundler's own runtime helpers (a chunk of generated code only) come without a source map.
    const mapFile = path.join(DIST, `${file}.map`);
    if (!existsSync(mapFile)) return [];
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    return map.sources.map((s) => s.replace(/\\/g, '/').replace(/^(\.\.\/)+/, ''));
  });
}

const gz = (file: string) => {
  const full = path.join(DIST, file);
  return existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : gzipSync(readFileSync(full), { level: 9 }).length;
};

describe('landing page bundle', () => {
  const manifest = readManifest();
  const entry = closure(manifest, ENTRY);
  const sources = sourcesOf(entry);

  it('When the entry is built, then it carries none of the libraries taken out of it', () => {
    expect(sources.some((s) => s.startsWith('node_modules/react-dom/'))).toBe(true);
    const left = [
      'immer',
      'reactstrap',
      'react-transition-group',
      'openapi-fetch',
      'react-redux',
      'use-sync-external-store/shim',
      'swr',
      'dequal',
    ];
    expect(sources.filter((s) => left.some((lib) => s.startsWith(`node_modules/${lib}/`)))).toEqual([]);
    // react-router's production build, not the development one its package exports point at.
    const router = sources.filter((s) => s.startsWith('node_modules/react-router/'));
    expect(router.length).toBeGreaterThan(0);
    expect(router.filter((s) => !s.startsWith('node_modules/react-router/dist/production/'))).toEqual([]);
  });

  it('When the entry is built, then the members-only parts (event stream, toasts, push, pop-ups, banners, photo upload) are in chunks of their own', () => {
    const memberOnly = [
      'src/client/app/layouts/member-parts.tsx',
      'src/client/app/layouts/chat-realtime.tsx',
      'src/client/features/chat/realtime/',
      'src/client/features/chat/components/message-toasts.tsx',
      'src/client/features/push/push-client.ts',
      'src/client/features/push/components/push-alert.tsx',
      'src/client/features/likes/components/like-popups.tsx',
      'src/client/features/credits/components/time-bonus.tsx',
      'src/client/features/accounts/components/activation-reminder.tsx',
      'src/client/features/photos/components/photo-upload.tsx',
    ];
    expect(sources.filter((s) => memberOnly.some((m) => s.startsWith(m)))).toEqual([]);
    const members = sourcesOf(closure(manifest, MEMBER_PARTS));
    expect(members).toContain('src/client/app/layouts/chat-realtime.tsx');
    expect(members).toContain('src/client/features/push/member-push.ts');
    // Registering the push worker, subscribing and the ask's sheet load when needed, not with every member's page.
    expect(members).not.toContain('src/client/features/push/push-client.ts');
    expect(members).not.toContain('src/client/features/push/components/push-alert.tsx');
  });

  it(`When a visitor opens the landing page, then its JavaScript is at most ${LANDING_JS_BUDGET / 1024} KB gzip`, () => {
    const landing = closure(manifest, LANDING, new Set(entry));
    const total = [...landing].reduce((n, f) => n + gz(f), 0);
    expect(total).toBeLessThanOrEqual(LANDING_JS_BUDGET);
  });
});
