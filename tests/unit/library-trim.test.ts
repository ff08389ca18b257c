import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRIM_RULES, trimLibrary } from '../../scripts/library-trim';

const routerDir = path.resolve('node_modules/react-router/dist/production');
const helmetFile = path.resolve('node_modules/react-helmet-async/lib/index.esm.js');

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

  it('When react-helmet-async is installed, then only its React 19 path is left reachable', () => {
    const code = readFileSync(helmetFile, 'utf8');
    const result = trimLibrary(code, helmetFile);
    expect(result).not.toBeNull();
    const rule = TRIM_RULES.find((r) => r.file.test(helmetFile))!;
    for (const rewrite of rule.rewrites) expect(result!.counts.get(rewrite)).toBeGreaterThanOrEqual(rewrite.atLeast);
    expect(result!.code).not.toMatch(/\bisReact19\b/);
    expect(result!.code).not.toContain('new HelmetData(data.context, true)');
  });

  it('When a module is none of those files, then it is left alone', () => {
    expect(trimLibrary('var isReact19 = major >= 19;', '/x/node_modules/other/index.js')).toBeNull();
  });
});
