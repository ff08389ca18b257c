import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * The server half of `npm run build`: the BFF (with the SSR renderer), the backend and the PSP simulator, each bundled
 * by esbuild into one ES module under dist/server, so production runs `node dist/server/<name>.js` — no TypeScript
 * loader, no compile cache, no per-module transform in any process. Packages stay external (node_modules is there at
 * run time; native ones such as sharp and argon2 cannot be bundled anyway), except React Router and faker
 * (packagesExternal).
 *
 * The demo seed is a bundle of its own, dist/server/seed.js (and so is the tracing SDK, dist/server/tracing.js), with faker in it: the backend loads it by `import()` only
 * when it seeds a new database (entriesLoadedLater), so a backend that opens an existing one never loads faker, and
 * production's node_modules (`npm prune --omit=dev`) has no faker — it is a development dependency.
 *
 * Files the code finds at run time next to its own source — the SQL migrations, the locale catalogues, openapi.yaml,
 * the GeoIP database — keep being read from where they are in the repository: every `import.meta.url` of a module is
 * turned into its source file's URL, reached relative to the bundle, so `new URL('../migrations/', import.meta.url)`
 * still names mock-backend/migrations. A `new URL(…)` that names another entry (the BFF forking the backend, the
 * backend forking the PSP simulator) names that entry's compiled file instead.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'dist/server');
/**
 * Where esbuild writes, beside OUT_DIR (same depth, so the bundles' relative URLs hold once moved): the new files then
 * replace the old ones one rename each. A process started from dist/server meanwhile (a test file starting the site
 * while another rebuilds it) finds every bundle, old or new, never a missing or half-written one.
 */
const STAGING_DIR = path.join(ROOT, `dist/.server-${process.pid}`);

/** Source entry → the name of its bundle in dist/server. */
const SERVER_ENTRIES: Record<string, string> = {
  'src/bff/main.ts': 'bff',
  'mock-backend/main.ts': 'backend',
  'mock-backend/psp-simulator/main.ts': 'psp-simulator',
  // Not a process: the backend's `import()` of it when it seeds a new database loads it.
  'mock-backend/seed/seed.ts': 'seed',
  // Not a process either: the tracing SDK, which the BFF and the backend `import()` only when tracing is on
  // (src/shared/trace-hooks.ts), so without it neither loads a module of OpenTelemetry.
  'src/shared/tracing.ts': 'tracing',
};

const entryByFile = new Map(Object.entries(SERVER_ENTRIES).map(([source, name]) => [path.join(ROOT, source), name]));
const fromOutDir = (file: string) => {
  const relative = path.relative(OUT_DIR, file).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
};
const NEW_URL = /new URL\((['"])([^'"]+)\1,\s*import\.meta\.url\)/g;
const PLACEHOLDER = '__BUNDLE_IMPORT_META_URL__';

function sourceLocations(): Plugin {
  return {
    name: 'source-locations',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.')) return undefined;
        if (/import\.meta\.(?:dirname|filename)\b/.test(text)) {
          throw new Error(
            `${path.relative(ROOT, args.path)}: use new URL(…, import.meta.url) (import.meta.dirname/filename would name the bundle)`,
          );
        }
        const contents = text
          .replace(NEW_URL, (_match, _quote: string, relative: string) => {
            const target = path.resolve(path.dirname(args.path), relative);
            const entry = entryByFile.get(target);
            const located = entry ? `./${entry}.js` : fromOutDir(target) + (relative.endsWith('/') ? '/' : '');
            return `new URL(${JSON.stringify(located)}, ${PLACEHOLDER})`;
          })
          .replace(/import\.meta\.url/g, `new URL(${JSON.stringify(fromOutDir(args.path))}, ${PLACEHOLDER}).href`)
          .replaceAll(PLACEHOLDER, 'import.meta.url');
        return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * An `import()` of another entry's source loads that entry's bundle (`import("./seed.js")`, beside the importing one)
 * instead of copying the module, and what it imports, into the importing bundle — where its packages' imports would
 * become the importing bundle's static imports, loaded at its start.
 */
function entriesLoadedLater(): Plugin {
  return {
    name: 'entries-loaded-later',
    setup(builder) {
      builder.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const target = path.resolve(args.resolveDir, args.path);
        const entry = entryByFile.get(target) ?? entryByFile.get(`${target}.ts`);
        return entry ? { path: `./${entry}.js`, external: true } : undefined;
      });
    },
  };
}

/**
 * Packages stay external, except two. React Router: its package's exports name only its development build
 * (invariants, warnings and their messages, which every server render ran), so the server bundles its production
 * build — as the client's Vite build does (vite.config.ts) — with the copies of `cookie` and `set-cookie-parser` React
 * Router depends on (not the application's own `cookie`). React itself stays external: one React in the process.
 * And faker, a development dependency that production's node_modules does not have: only the demo seed imports it, so
 * it is bundled into the seed's bundle (the locales the seed uses), which only a backend seeding a new database loads.
 */
function packagesExternal(): Plugin {
  const router = path.join(ROOT, 'node_modules/react-router');
  return {
    name: 'packages-external',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path === 'react-router') return { path: path.join(router, 'dist/production/index.mjs') };
        if (/^@faker-js\/faker(\/|$)/.test(args.path)) return undefined;
        if (args.importer.startsWith(`${router}${path.sep}`) && !/^react(-dom)?(\/|$)/.test(args.path)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

const started = performance.now();
await rm(STAGING_DIR, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([source, name]) => [name, source])),
  outdir: STAGING_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  tsconfig: path.join(ROOT, 'tsconfig.json'),
  // Maps stay beside the bundles for reading a production stack trace (`node --enable-source-maps` when needed).
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [entriesLoadedLater(), packagesExternal(), sourceLocations()],
});
await mkdir(OUT_DIR, { recursive: true });
const built = new Set(await readdir(STAGING_DIR));
for (const name of built) await rename(path.join(STAGING_DIR, name), path.join(OUT_DIR, name));
// Bundles of an entry that is gone.
for (const name of await readdir(OUT_DIR)) if (!built.has(name)) await rm(path.join(OUT_DIR, name), { recursive: true, force: true });
await rm(STAGING_DIR, { recursive: true, force: true });
process.stdout.write(
  `dist/server: ${Object.values(SERVER_ENTRIES)
    .map((name) => `${name}.js`)
    .join(', ')} in ${Math.round(performance.now() - started)} ms\n`,
);
