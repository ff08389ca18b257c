/**
 * The demo data's generator, faker, is a development dependency: production's node_modules (`npm prune --omit=dev` in
 * the Docker image) has no faker, yet a new, empty database is seeded there as everywhere. The server build bundles
 * faker into the seed's own bundle, dist/server/seed.js, which the backend imports only when it seeds; the backend's
 * bundle imports no faker, so a backend opening an existing database never loads it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverBuildIsCurrent } from '../support/server-build';

const FAKER = '@faker-js/faker';

interface PackageJson {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
interface PackageLock {
  packages: Record<string, Partial<PackageJson> & { dev?: boolean }>;
}

/** The specifiers a bundle imports when it is loaded (its top-level `import … from "…"` and `import "…"`). */
const staticImports = (code: string): string[] =>
  [...code.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?"([^"]+)";?$/gms)].map((match) => match[1] as string);

/** Refuses every faker import, as a node_modules without faker would: run in the process before anything loads. */
const NO_FAKER_HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === '${FAKER}' || specifier.startsWith('${FAKER}/')) {
    throw Object.assign(new Error('Cannot find package ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
  }
  return next(specifier, context);
}`;
const dataUrl = (code: string) => `data:text/javascript,${encodeURIComponent(code)}`;
const WITHOUT_FAKER = dataUrl(`import { register } from 'node:module'; register(${JSON.stringify(dataUrl(NO_FAKER_HOOKS))});`);

beforeAll(() => {
  // `npm test` builds first; a build older than the sources is made again here.
  if (!serverBuildIsCurrent() || !existsSync('dist/server/seed.js')) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'ignore' });
  }
}, 120_000);

describe('the demo seed without faker in node_modules', () => {
  it('When the production dependencies are installed, then faker is not among them', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson;
    expect(Object.keys(pkg.dependencies)).not.toContain(FAKER);
    expect(Object.keys(pkg.devDependencies)).toContain(FAKER);
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as PackageLock;
    expect(Object.keys(lock.packages['']?.dependencies ?? {})).not.toContain(FAKER);
    expect(lock.packages[`node_modules/${FAKER}`]?.dev).toBe(true);
  });

  it('When the compiled backend starts, then it loads neither faker nor the seed, which it imports only to seed', () => {
    const backend = readFileSync('dist/server/backend.js', 'utf8');
    const imports = staticImports(backend);
    expect(imports).toContain('@electric-sql/pglite');
    expect(imports.filter((specifier) => specifier.startsWith(FAKER) || specifier.startsWith('.'))).toEqual([]);
    // Neither imported nor copied in.
    expect(backend).not.toContain(FAKER);
    expect(backend.match(/\bimport\("\.\/seed\.js"\)/g)).toHaveLength(1);
  });

  it('When faker cannot be found in node_modules, then the seed bundle still loads, with faker bundled in', () => {
    const seedBundle = readFileSync('dist/server/seed.js', 'utf8');
    expect(staticImports(seedBundle).filter((specifier) => specifier.startsWith(FAKER))).toEqual([]);
    const script = `
      const refused = await import('${FAKER}').then(() => false, (err) => err.code === 'ERR_MODULE_NOT_FOUND');
      const seedModule = await import(new URL('dist/server/seed.js', 'file://' + process.cwd() + '/').href);
      process.stdout.write(JSON.stringify({ refused, seed: typeof seedModule.seed, logins: seedModule.DEMO_LOGINS }));`;
    const out = execFileSync(process.execPath, ['--import', WITHOUT_FAKER, '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ refused: true, seed: 'function', logins: expect.objectContaining({ free: 'free@demo.test' }) });
  });
});
