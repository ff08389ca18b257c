import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
// 20 KB: the product's ceiling for the landing page's CSS, both colour schemes in it (dark mode follows the system in
// CSS only). The styles of pages further in are sheets of their own (src/client/styles/sheets.ts).
const LANDING_CSS_BUDGET = 20 * 1024;
/**
 * Classes of the members' sheet that modules of the entry put on an element for a member only, whose every page links
 * that sheet (they only mean something beside it: the phone's tab bar takes the footer's and the top bar's place).
 */
const MEMBER_ONLY_IN_ENTRY = new Set(['app-shell-tabs', 'site-footer-members']);

interface Chunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

function readManifest(): Record<string, Chunk> {
  const file = path.join(DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`No build in ${DIST}: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Chunk>;
}

function closure(manifest: Record<string, Chunk>, key: string, files = new Set<string>(), css?: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const sheet of chunk.css ?? []) css?.add(sheet);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files, css);
  return files;
}

/** The classes a stylesheet names. */
const classesOf = (css: string) => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] as string));

/** The first class of each selector of a stylesheet: without it on the page (or around it) the rule draws nothing. */
function anchorsOf(css: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}@;]+)\{/g)) {
    for (const selector of (m[1] ?? '').split(',')) {
      const first = /\.(-?[_a-zA-Z][\w-]*)/.exec(selector);
      if (first) anchors.add(first[1] as string);
    }
  }
  return anchors;
}

/** Class names written in className attributes (string literals, templates) of every client module, by module. */
function classNamesByModule(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8');
        const names = new Set<string>();
        const literals: string[] = [];
        for (const m of text.matchAll(/className=(?:"([^"]*)"|\{([^}]*)\})/g)) {
          if (m[1] !== undefined) literals.push(m[1]);
          else for (const s of (m[2] ?? '').matchAll(/(['"`])((?:(?!\1).)*)\1/g)) literals.push((s[2] ?? '').replace(/\$\{[^}]*\}/g, ' '));
        }
        for (const m of text.matchAll(/className = (['"])([^'"]*)\1/g)) literals.push(m[2] ?? '');
        for (const literal of literals) for (const name of literal.split(/\s+/).filter(Boolean)) names.add(name);
        out.set(path.relative(process.cwd(), full).split(path.sep).join('/'), names);
      }
    }
  };
  walk(path.resolve('src/client'));
  return out;
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

  it(`When a visitor opens the landing page, then its CSS is at most ${LANDING_CSS_BUDGET / 1024} KB gzip, one sheet with both colour schemes`, () => {
    const css = new Set<string>();
    closure(manifest, LANDING, new Set(), css);
    closure(manifest, ENTRY, new Set(), css);
    expect(css.size).toBe(1);
    const [sheet] = [...css] as [string];
    expect(readFileSync(path.join(DIST, sheet), 'utf8')).toMatch(/prefers-color-scheme:\s*dark/);
    expect(gz(sheet)).toBeLessThanOrEqual(LANDING_CSS_BUDGET);
  });

  it("When a page's sheet is split from the entry's, then every chunk whose modules put its classes on an element carries it", () => {
    const entryCss = new Set<string>();
    closure(manifest, ENTRY, new Set(), entryCss);
    const entryClasses = new Set([...entryCss].flatMap((sheet) => [...classesOf(readFileSync(path.join(DIST, sheet), 'utf8'))]));
    // The chunks each module is in (from the source maps), and the CSS that loads with each entry and lazy chunk.
    const chunksOf = new Map<string, string[]>();
    for (const chunk of Object.values(manifest))
      for (const source of sourcesOf([chunk.file])) chunksOf.set(source, [...(chunksOf.get(source) ?? []), chunk.file]);
    const loads = Object.entries(manifest)
      .filter(([, chunk]) => chunk.isEntry || chunk.isDynamicEntry)
      .map(([key]) => {
        const css = new Set<string>();
        return { key, files: closure(manifest, key, new Set(), css), css };
      });
    const split = new Set(Object.values(manifest).flatMap((chunk) => (chunk.css ?? []).filter((sheet) => !entryCss.has(sheet))));
    expect(split.size).toBeGreaterThan(0);
    const uncovered: string[] = [];
    const modules = classNamesByModule();
    for (const sheet of split) {
      // The classes its rules hang on that the entry's sheet does not name (those are on every page anyway).
      const own = [...anchorsOf(readFileSync(path.join(DIST, sheet), 'utf8'))].filter((name) => !entryClasses.has(name));
      for (const [module, names] of modules) {
        const used = own.filter((name) => names.has(name) && !MEMBER_ONLY_IN_ENTRY.has(name));
        if (used.length === 0) continue;
        for (const file of chunksOf.get(module) ?? []) {
          for (const load of loads) {
            if (load.files.has(file) && !load.css.has(sheet))
              uncovered.push(`${module} (.${used.join(', .')}) in ${load.key} without ${sheet}`);
          }
        }
      }
    }
    expect(uncovered).toEqual([]);
  });
});
