import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { libraryTrim, libraryTrimWanted, trimLibrary } from '../../scripts/library-trim';

const routerDir = path.resolve('node_modules/react-router/dist/production');
const routerChunks = () => readdirSync(routerDir).filter((f) => /^chunk-[\w-]+\.mjs$/.test(f));

/** The plugin's transform hook as Vite calls it on a module (it uses nothing of Vite's context). */
function transformOf(plugin: Plugin): (code: string, id: string) => { code: string } | null {
  const hook = plugin.transform;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error('library-trim has no transform hook');
  return (code, id) => handler.call({} as ThisParameterType<typeof handler>, code, id) as { code: string } | null;
}

/** The names a module exports, as esbuild reads it; esbuild throws on a module that does not parse. */
function exportsOf(code: string, file: string): string[] {
  const result = buildSync({
    stdin: { contents: code, loader: 'js', sourcefile: file },
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return [...(Object.values(result.metafile.outputs)[0]?.exports ?? [])].sort();
}

describe('library trim', () => {
  it('When react-router is installed, then its production chunks lose the DevTools names and get pure calls, line by line', () => {
    const chunks = routerChunks();
    let names = 0;
    let pure = 0;
    for (const chunk of chunks) {
      const code = readFileSync(path.join(routerDir, chunk), 'utf8');
      const result = trimLibrary(code, path.join(routerDir, chunk));
      expect(result).not.toBeNull();
      const [displayNames, calls] = [...result!.counts.values()];
      names += displayNames ?? 0;
      pure += calls ?? 0;
      expect(result!.code.split('\n').length).toBe(code.split('\n').length);
      expect(result!.code).not.toMatch(/^[A-Za-z_$][\w$]*\.displayName = "/m);
    }
    expect(names).toBeGreaterThan(0);
    expect(pure).toBeGreaterThan(0);
  });

  it('When react-router is installed, then the browser router options the site never passes and the RSC error handling are written out', () => {
    const file = readdirSync(routerDir).find(
      (f) => /^chunk-[\w-]+\.mjs$/.test(f) && readFileSync(path.join(routerDir, f), 'utf8').includes('function createRouter('),
    )!;
    const code = readFileSync(path.join(routerDir, file), 'utf8');
    const result = trimLibrary(code, path.join(routerDir, file))!;
    expect(result.code).not.toMatch(/if \(init\.instrumentations\)/);
    expect(result.code).not.toMatch(/init\.patchRoutesOnNavigation/);
    expect(result.code).not.toMatch(/this\.context && typeof error/);
  });

  it('When the plugin trims the installed chunks, then each still parses and exports what the published file exports', () => {
    const transform = transformOf(libraryTrim());
    let changed = 0;
    for (const chunk of routerChunks()) {
      const file = path.join(routerDir, chunk);
      const code = readFileSync(file, 'utf8');
      const trimmed = transform(code, file);
      expect(trimmed).not.toBeNull();
      if (trimmed!.code !== code) changed += 1;
      const published = exportsOf(code, file);
      expect(published.length).toBeGreaterThan(0);
      expect(exportsOf(trimmed!.code, file)).toEqual(published);
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('When LIBRARY_TRIM is off, then the plugin leaves every installed chunk as published', () => {
    const transform = transformOf(libraryTrim({ trim: libraryTrimWanted('off') }));
    for (const chunk of routerChunks()) {
      const file = path.join(routerDir, chunk);
      const code = readFileSync(file, 'utf8');
      // null: Vite keeps the module's code as it read it.
      expect(transform(code, file)?.code ?? code).toBe(code);
    }
  });

  it('When LIBRARY_TRIM is unset, on or off, then it is read so; another value is refused', () => {
    expect([undefined, '', 'on', 'off'].map(libraryTrimWanted)).toEqual([true, true, true, false]);
    expect(() => libraryTrimWanted('no')).toThrow(/LIBRARY_TRIM must be on or off/);
  });

  it('When a module is none of those files, then it is left alone', () => {
    expect(trimLibrary('var isReact19 = major >= 19;', '/x/node_modules/other/index.js')).toBeNull();
  });
});
