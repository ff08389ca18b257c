import { join } from 'node:path';
import * as sass from 'sass';
import { CHUNK_STYLESHEETS } from '../../src/client/styles/sheets';

const ROOT = join(import.meta.dirname, '..', '..');

/** The entry's stylesheet, then the sheets of the pages further in (src/client/styles/sheets.ts), by path. */
const STYLESHEETS = ['src/client/styles/main.scss', ...Object.keys(CHUNK_STYLESHEETS)];

/**
 * Sheets compiled in this process, by style and path: the style tests of one worker (theme, Bootstrap's components,
 * contrast) read the same sheets, and Dart Sass takes seconds for Bootstrap's.
 */
const compiled = new Map<string, string>();

/** One stylesheet compiled as the build compiles it (before the build's purge of unused rules). */
export function compileSheet(sheet: string, style: 'expanded' | 'compressed' = 'expanded'): string {
  const key = `${style}:${sheet}`;
  let css = compiled.get(key);
  if (css === undefined) {
    css = compileUncached(sheet, style);
    compiled.set(key, css);
  }
  return css;
}

function compileUncached(sheet: string, style: 'expanded' | 'compressed'): string {
  return sass.compile(join(ROOT, sheet), {
    loadPaths: [join(ROOT, 'node_modules')],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'mixed-decls', 'if-function'],
    logger: sass.Logger.silent,
    style,
  }).css;
}

/** Every stylesheet of the site compiled, by path. */
export function compileSheets(style: 'expanded' | 'compressed' = 'expanded'): Map<string, string> {
  return new Map(STYLESHEETS.map((sheet) => [sheet, compileSheet(sheet, style)]));
}
