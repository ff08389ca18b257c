import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { globSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES } from './src/shared/locales';
import { libraryTrim, libraryTrimWanted } from './scripts/library-trim';
import { stripDefaultMessages } from './scripts/strip-default-messages';
import { purgeUnusedCss, siteMentions, type Mentions } from './scripts/purge-css';
import { CHUNK_STYLESHEETS } from './src/client/styles/sheets';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|webmanifest)$/;

/**
 * Every text asset of the build is compressed once, here (brotli at quality 11 and gzip at level 9, next to
 * the file as .br and .gz), so the BFF serves the precompressed file (express-static-gzip) and never compresses
 * a static file per request. Files under 1 KB stay plain (the headers would outweigh the gain).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const data = await readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** Where the build lists the compiled catalogue of each locale (read by the BFF, src/bff/assets.ts). */
export const MESSAGES_MANIFEST = '.vite/messages.json';

/**
 * One precompiled catalogue per locale, as its own cacheable file (`assets/messages-<locale>-<hash>.json`),
 * instead of the whole catalogue inlined in every page's state. Each is the locale's messages over the nl fallback
 * (English has none), compiled to the ICU AST by `formatjs compile --ast` (@formatjs/cli), so neither the
 * server nor the browser parses a message at run time. The browser fetches its page's file (preloaded in <head>),
 * the server renders from the same files.
 */
function compiledCatalogues(): Plugin {
  const run = promisify(execFile);
  return {
    name: 'compiled-catalogues',
    apply: 'build',
    async generateBundle() {
      const read = async (locale: string) => JSON.parse(await readFile(`locales/${locale}.json`, 'utf8')) as Record<string, string>;
      const nl = await read(FALLBACK_LOCALE);
      const dir = await mkdtemp(path.join(tmpdir(), 'catalogues-'));
      const files: Record<string, string> = {};
      try {
        for (const locale of LOCALES) {
          const merged = locale === DEFAULT_LOCALE ? await read(locale) : { ...nl, ...(await read(locale)) };
          const input = path.join(dir, `${locale}.json`);
          const output = path.join(dir, `${locale}.ast.json`);
          await writeFile(input, JSON.stringify(merged));
          await run(process.execPath, [
            'node_modules/@formatjs/cli/bin/formatjs',
            'compile',
            input,
            '--ast',
            '--format',
            'simple',
            '--out-file',
            output,
          ]);
          const ref = this.emitFile({ type: 'asset', name: `messages-${locale}.json`, source: await readFile(output, 'utf8') });
          files[locale] = this.getFileName(ref);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      this.emitFile({ type: 'asset', fileName: MESSAGES_MANIFEST, source: JSON.stringify(files) });
    },
  };
}

/**
 * The stylesheets of the pages further in (src/client/styles/sheets.ts): each module named there gets an
 * `import '<sheet>'` in front of its code, in the client build only, so the sheet is its chunk's CSS in the manifest —
 * the server links it for the route, Vite's preload helper on a client-side navigation — while the server, which runs
 * these modules itself, never imports Sass. A module named there that the build never reads stops the build.
 */
function chunkStylesheets(): Plugin {
  const sheetsOf = new Map<string, string[]>();
  for (const [sheet, modules] of Object.entries(CHUNK_STYLESHEETS)) {
    for (const module of modules) sheetsOf.set(path.resolve(module), [...(sheetsOf.get(path.resolve(module)) ?? []), path.resolve(sheet)]);
  }
  const seen = new Set<string>();
  return {
    name: 'chunk-stylesheets',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const module = id.split('?')[0] ?? id;
      const sheets = sheetsOf.get(module);
      if (!sheets) return null;
      seen.add(module);
      // On the module's first line, so its other lines keep their numbers.
      return { code: sheets.map((sheet) => `import ${JSON.stringify(sheet)};`).join('') + code, map: null };
    },
    buildEnd(error) {
      const missing = [...sheetsOf.keys()].filter((module) => !seen.has(module));
      if (!error && missing.length)
        this.error(`chunk-stylesheets: not in the build: ${missing.map((m) => path.relative('.', m)).join(', ')}`);
    },
  };
}

/** The words of the site's sources, read once per build (scripts/purge-css.ts). */
let mentions: Mentions | null = null;
const buildMentions = () => {
  const roots = [path.resolve('src'), path.resolve('mock-backend')];
  return (mentions ??= siteMentions(roots, path.resolve('src/client'), path.resolve('node_modules/reactstrap/esm')));
};

// Client build only: the server renders from source with tsx, and reads the manifest to link the assets.
/**
 * The build id: the push worker is registered as `/push-sw.js?v=<build id>`, so a build that changes the client
 * updates it. Derived from what the client build reads (BUILD_ID overrides it), so the same sources build the same
 * files: a build stamped with the time gave every build other chunk names, and the landing page's gzip size moved by
 * tens of bytes between two builds of one commit, a budget's test passing or failing by chance.
 */
const buildId = () =>
  process.env.BUILD_ID ??
  sourcesDigest(['src/client', 'src/shared', 'public', 'locales', 'scripts'], ['package-lock.json', 'vite.config.ts']);

function sourcesDigest(folders: string[], files: string[]): string {
  const hash = createHash('sha256');
  const all = [
    ...files,
    ...folders.flatMap((folder) =>
      globSync(`${folder}/**/*`, { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => path.join(f.parentPath, f.name)),
    ),
  ];
  for (const file of all.sort()) hash.update(`${file}\0`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 8);
}

export default defineConfig(({ command }) => ({
  // LIBRARY_TRIM=off: react-router's build as published (scripts/library-trim.ts rewrites its private files).
  plugins: [
    libraryTrim({ trim: libraryTrimWanted(process.env.LIBRARY_TRIM) }),
    chunkStylesheets(),
    react(),
    stripDefaultMessages(),
    compiledCatalogues(),
    precompress(),
  ],
  define: command === 'build' ? { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId()) } : {},
  resolve: {
    // The browser only ever formats the precompiled catalogues (ICU AST), so the build leaves out the ICU parser
    // (formatjs's documented `no-parser` entry; about 10 KB gzip, in three copies before). A message missing from a
    // catalogue — which npm run i18n:check prevents — would show its id (the browser's build has no default texts).
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: path.resolve('node_modules/@formatjs/icu-messageformat-parser/no-parser.js'),
            },
            // react-router's package exports only its development build (warnings, invariants and their messages);
            // the browser gets the production build it ships next to it. One copy for the whole client build.
            { find: /^react-router$/, replacement: path.resolve('node_modules/react-router/dist/production/index.mjs') },
            // SWR's shim of useSyncExternalStore for React 17 and older: React 19 has the hook itself.
            { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: path.resolve('src/client/lib/sync-external-store.ts') },
          ]
        : [],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    // Maps for reading production stack traces stay in the build directory; no script names them and the BFF
    // never serves a .map file (assets.ts), so the source is not public.
    sourcemap: 'hidden',
    rollupOptions: {
      input: 'src/client/entry-client.tsx',
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        // Lazy chunks by hash alone: the entry lists every chunk it may preload by file name, and the names were a
        // fifth of those bytes (0.7 KB gzip of every first visit); the manifest and the source maps still name them.
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Everything the entry imports statically ships as one file. Left to itself Rolldown split the
        // modules the entry shares with lazy chunks (react, react-intl, react-router…) into files of their own, which
        // every first visit downloads anyway, each compressed apart (about 1 KB gzip more in all).
        // The member card and the small parts it shows (photo, badges, country, host mark, distance) are shared by
        // the landing page's preview and the members' pages; apart they were seven chunks of a few hundred bytes,
        // each with its own gzip and import overhead on the landing page.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            {
              name: 'member-card',
              test: /src\/client\/(components\/(country-label|host-label|member-photo|online-dot|premium-badge|verified-badge)|features\/members\/components\/member-card|lib\/distance-messages)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  css: {
    // Bootstrap rules for classes no source mentions are left out of the built stylesheet.
    postcss: { plugins: command === 'build' ? [purgeUnusedCss({ mentions: buildMentions })] : [] },
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions; keep the build output readable.
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'mixed-decls', 'if-function'],
        quietDeps: true,
      },
    },
  },
}));
