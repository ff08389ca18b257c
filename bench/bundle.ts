/**
 * Bundle budgets: what a first visit to each route downloads, from the build's Vite manifest — the entry
 * and its static imports, the route's lazy page chunk and its static imports (what the SSR page preloads), their
 * CSS (the entry's stylesheet and the route's own sheets), for members' pages the layouts' members-only chunk and the API client too, and the page language's compiled catalogue — in gzip bytes (the .gz files the build wrote, else gzip -9 of the
 * file), printed against the budgets. Prints figures, asserts nothing.
 * Then the entry's bytes per package and per folder of our own code (from the build's source maps, bench/bundle-sources.ts).
 * Run: `npm run build && npx tsx bench/bundle.ts`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { attributeFiles, formatShares } from './bundle-sources';

const DIST = path.resolve(process.env.DIST_DIR ?? 'dist/client');
const ENTRY = 'src/client/entry-client.tsx';
/**
 * Loaded with a member's page, never with a visitor's first page: the layouts' members-only parts
 * (app/layouts/member-shell.tsx) and the API client's code (lib/browser-api-client.ts).
 */
const MEMBER_CHUNKS = ['src/client/app/layouts/member-parts.tsx', 'src/client/lib/openapi-client.ts'];
const KB = 1024;

/**
 * Routes and the modules each one loads lazily (src/client/app/routes.tsx: its layout's when that is not the default
 * one, and its page's), with their budgets.
 */
// The entry's stylesheet carries both colour schemes (dark mode follows the system without a script) and what every
// page shares: 20 KB. The styles of pages further in are sheets of their own (src/client/styles/sheets.ts), bundled
// with those pages' chunks or the members' chunk.
const ROUTES: Array<{ path: string; module: string; layout?: string; jsBudget?: number; cssBudget?: number; member?: boolean }> = [
  { path: '/', module: 'src/client/app/pages/index-page.tsx', jsBudget: 118 * KB, cssBudget: 20 * KB },
  { path: '/members', module: 'src/client/app/pages/members-page.tsx', jsBudget: 150 * KB, member: true },
  { path: '/members/:id', module: 'src/client/app/pages/profile-page.tsx', member: true },
  { path: '/login', module: 'src/client/app/pages/login-page.tsx' },
  { path: '/signup', module: 'src/client/app/pages/signup-page.tsx' },
  { path: '/profile', module: 'src/client/app/pages/my-profile-page.tsx', member: true },
  { path: '/pages/:token', module: 'src/client/app/pages/info-page.tsx' },
  { path: '/landers/:variant', module: 'src/client/app/pages/lander-page.tsx', layout: 'src/client/app/layouts/lander-layout.tsx' },
  { path: '/likes', module: 'src/client/app/pages/likes-pages.tsx', member: true },
  { path: '/chats', module: 'src/client/app/pages/chats-page.tsx', member: true },
  {
    path: '/chats/:id',
    module: 'src/client/app/pages/conversation-page.tsx',
    layout: 'src/client/app/layouts/chat-layout.tsx',
    member: true,
  },
  { path: '/credits', module: 'src/client/app/pages/credits-page.tsx', member: true },
];

interface Chunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

function gzSize(file: string): number {
  const full = path.join(DIST, file);
  if (existsSync(`${full}.gz`)) return statSync(`${full}.gz`).size;
  return gzipSync(readFileSync(full), { level: 9 }).length;
}

/** The chunk's file, the files of its static imports (transitively) and all their CSS. */
function closure(key: string, js = new Set<string>(), css = new Set<string>()): { js: Set<string>; css: Set<string> } {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return { js, css };
  js.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const imported of chunk.imports ?? []) closure(imported, js, css);
  return { js, css };
}

const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzSize(f), 0);
const kb = (bytes: number) => (bytes / KB).toFixed(1);
const verdict = (value: number, budget?: number) =>
  budget === undefined ? '' : value <= budget ? ` ≤ ${kb(budget)} ok` : ` > ${kb(budget)} OVER`;

const entry = closure(ENTRY);
let messages: Record<string, string> = {};
try {
  messages = JSON.parse(readFileSync(path.join(DIST, '.vite', 'messages.json'), 'utf8')) as Record<string, string>;
} catch {
  // a build without compiled catalogues
}
process.stdout.write(
  `Bundle sizes, gzip KB, first visit (entry ${kb(sum(entry.js))} JS + ${kb(sum(entry.css))} CSS shared by all routes)\n`,
);
process.stdout.write(
  `${'route'.padEnd(20)} ${'JS'.padStart(7)} ${'route JS'.padStart(9)} ${'CSS'.padStart(6)} ${'route CSS'.padStart(10)}  budgets\n`,
);
for (const route of ROUTES) {
  const modules = [...(route.layout ? [route.layout] : []), route.module];
  const absent = modules.find((module) => !manifest[module]);
  if (absent) {
    process.stdout.write(`${route.path.padEnd(20)} (no chunk for ${absent} in the manifest)\n`);
    continue;
  }
  const page = { js: new Set(entry.js), css: new Set(entry.css) };
  for (const module of modules) closure(module, page.js, page.css);
  if (route.member) for (const chunk of MEMBER_CHUNKS) closure(chunk, page.js, page.css);
  const js = sum(page.js);
  const css = sum(page.css);
  const own = js - sum(entry.js);
  const ownCss = css - sum(entry.css);
  process.stdout.write(
    `${(route.member ? `${route.path} *` : route.path).padEnd(20)} ${kb(js).padStart(7)} ${kb(own).padStart(9)} ${kb(css).padStart(6)} ${kb(ownCss).padStart(10)}  JS${verdict(js, route.jsBudget) || ' –'}; CSS${verdict(css, route.cssBudget) || ' –'}\n`,
  );
}
process.stdout.write(`  (routes marked * as a member's first visit: with ${MEMBER_CHUNKS.join(' and ')})\n`);
const catalogues = Object.entries(messages).map(([locale, file]) => `${locale} ${kb(gzSize(file))}`);
if (catalogues.length) process.stdout.write(`compiled catalogues (one per page, cached): ${catalogues.join(', ')}\n`);
const maps = Object.values(manifest).filter((c) => existsSync(path.join(DIST, `${c.file}.map`))).length;
process.stdout.write(`source maps: ${maps} in the build directory, none referenced by a script, none served (/assets refuses .map)\n`);
process.stdout.write('\n');
process.stdout.write(
  formatShares(attributeFiles(DIST, entry.js), `First-visit entry (${[...entry.js].join(', ')}) by package and folder, KB:`),
);
