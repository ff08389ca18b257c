import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimLibrary } from '../../scripts/library-trim';

const routerDir = path.resolve('node_modules/react-router/dist/production');

describe('library trim', () => {
  it('When react-router is installed, then its production chunks lose the DevTools names and get pure calls, line by line', () => {
    const chunks = readdirSync(routerDir).filter((f) => /^chunk-[\w-]+\.mjs$/.test(f));
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

  it('When a module is none of those files, then it is left alone', () => {
    expect(trimLibrary('var isReact19 = major >= 19;', '/x/node_modules/other/index.js')).toBeNull();
  });
});
