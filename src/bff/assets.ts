import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Assets } from './types';

const CLIENT_ENTRY = 'src/client/entry-client.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isDynamicEntry?: boolean;
}

/** A chunk's file and the files of its static imports, transitively (into `files`). */
function walkImports(manifest: Record<string, ManifestChunk>, key: string, files: Set<string>, styles?: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) styles?.add(css);
  for (const imported of chunk.imports ?? []) walkImports(manifest, imported, files, styles);
}

/** Per lazy chunk (keyed by its source module without extension), what it needs beyond the entry. */
function lazyFromManifest(
  manifest: Record<string, ManifestChunk>,
  entry: string,
  pick: (files: Set<string>, styles: Set<string>) => Set<string>,
): Record<string, string[]> {
  const inEntry = new Set<string>();
  const entryStyles = new Set<string>();
  walkImports(manifest, entry, inEntry, entryStyles);
  const out: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const files = new Set<string>();
    const styles = new Set<string>();
    walkImports(manifest, key, files, styles);
    out[key.replace(/\.tsx?$/, '')] = [...pick(files, styles)].filter((f) => !inEntry.has(f) && !entryStyles.has(f)).map((f) => `/${f}`);
  }
  return out;
}

/**
 * Scripts each lazy page needs beyond the entry (its chunk and its static imports), keyed by its source module
 * without extension (`src/client/app/pages/members-page`): the page names them in modulepreload links, so the
 * route's chunk downloads with the entry instead of after it.
 */
export function lazyChunksFromManifest(manifest: Record<string, ManifestChunk>, entry = CLIENT_ENTRY): Record<string, string[]> {
  return lazyFromManifest(manifest, entry, (files) => files);
}

/**
 * Stylesheets each lazy chunk carries beyond the entry's (the CSS of the chunk and of its static imports, in that
 * order), keyed like `lazyChunksFromManifest`: the sheets of the pages further in (src/client/styles/sheets.ts), which
 * the page links in its `<head>` for the route it renders and for a member's parts, so it is styled on its first paint.
 */
export function lazyStylesFromManifest(manifest: Record<string, ManifestChunk>, entry = CLIENT_ENTRY): Record<string, string[]> {
  return lazyFromManifest(manifest, entry, (_files, styles) => styles);
}

/**
 * Script and style URLs of the client entry from the Vite manifest (`DIST_DIR/.vite/manifest.json`):
 * the entry's `file`, its `css`, and the css of every chunk it imports (transitively).
 */
export function assetsFromManifest(manifest: Record<string, ManifestChunk>, entry = CLIENT_ENTRY): Assets | null {
  const root = manifest[entry];
  if (!root) return null;
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return { scripts: [`/${root.file}`], styles: [...styles] };
}

/**
 * The compiled catalogue of each locale (`DIST_DIR/.vite/messages.json`, written by vite.config.ts): its URL for the
 * browser and its file for the renderer. Without it (an older build) pages carry their messages in the state.
 */
function catalogueFiles(distDir: string, logger: Logger): NonNullable<Assets['messages']> {
  const listPath = path.join(distDir, '.vite', 'messages.json');
  try {
    const list = JSON.parse(readFileSync(listPath, 'utf8')) as Record<string, string>;
    return Object.fromEntries(Object.entries(list).map(([locale, file]) => [locale, { url: `/${file}`, file: path.join(distDir, file) }]));
  } catch (error) {
    logger.warn({ listPath, err: error }, 'No compiled catalogues in the build; pages carry their messages in the state');
    return {};
  }
}

export function loadAssets(distDir: string, logger: Logger): Assets {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const assets = assetsFromManifest(manifest);
    if (assets) {
      return {
        ...assets,
        messages: catalogueFiles(distDir, logger),
        lazyChunks: lazyChunksFromManifest(manifest),
        lazyStyles: lazyStylesFromManifest(manifest),
      };
    }
    logger.error({ manifestPath, entry: CLIENT_ENTRY }, 'The Vite manifest has no entry for the client; run `npm run build`');
  } catch (error) {
    logger.error({ manifestPath, err: error }, 'Cannot read the Vite manifest; pages will have no scripts or styles. Run `npm run build`');
  }
  return { scripts: [], styles: [] };
}

/**
 * `/assets`: the hashed build output, served from the files compressed at build time (vite.config.ts precompress:
 * `.br` preferred, then `.gz`, else the plain file), cached for a year as immutable. Source maps (`.map`) and the
 * compressed twins themselves are never served by name; a missing asset is a plain 404, never an SSR page.
 */
export function staticAssets(assetsDir: string): RequestHandler[] {
  const serve = expressStaticGzip(assetsDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      fallthrough: true,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    },
  });
  const notFound: RequestHandler = (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  };
  const refuseHidden: RequestHandler = (req, res, next) => (/\.(?:map|br|gz)$/i.test(req.path) ? notFound(req, res, next) : next());
  return [refuseHidden, serve, notFound];
}
