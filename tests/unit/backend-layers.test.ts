import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseOptions, type IFlattenedRuleSet } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The backend's layers and the circles (.dependency-cruiser.cjs, checked by
// `npx depcruise mock-backend src tests bench scripts --config .dependency-cruiser.cjs`): the real tree passes, and a
// small tree that breaks every rule once is refused by each.
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
  forbidden: NonNullable<IFlattenedRuleSet['forbidden']>;
  options: ICruiseOptions;
};
const root = path.resolve(import.meta.dirname, '../..');

async function violatedRules(baseDir: string, dirs: string[], tsConfig?: string): Promise<string[]> {
  const result = await cruise(dirs, {
    ...config.options,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    baseDir,
    ...(tsConfig ? { tsConfig: { fileName: tsConfig } } : { tsConfig: undefined }),
    outputType: 'json',
  });
  const output = typeof result.output === 'string' ? (JSON.parse(result.output) as typeof result.output) : result.output;
  if (typeof output === 'string') throw new Error('dependency-cruiser answered no JSON');
  return [...new Set(output.summary.violations.map((v) => v.rule.name))].sort();
}

/** Each file imports the modules named: `import { a as a0 } from '…'` and exports `a`. */
const planted: Record<string, string[]> = {
  // A circle: chat's face → chat's service → likes' face → likes' service → chat's face.
  'mock-backend/components/chat/index.ts': ['./service'],
  'mock-backend/components/chat/service.ts': ['../likes/index', './repository'],
  'mock-backend/components/likes/index.ts': ['./service', './routes'], // a face re-exporting routes
  'mock-backend/components/likes/service.ts': ['../chat/index', '../chat/repository'], // past chat's face
  'mock-backend/components/likes/routes.ts': ['./service'],
  'mock-backend/components/likes/repository.ts': ['./service', '../../use-cases/match'], // a repository reaching up
  'mock-backend/components/chat/repository.ts': ['../../lib/db'],
  'mock-backend/components/chat/stream.ts': ['./routes', '../../app'], // domain importing routes and the wiring
  'mock-backend/components/chat/routes.ts': ['./stream'],
  'mock-backend/lib/db.ts': [],
  'mock-backend/lib/bus.ts': ['../components/chat/index', '../../src/bff/app'], // lib reaching up, the BFF
  'mock-backend/use-cases/match.ts': ['../components/likes/service', '../app'], // past likes' face, up to the wiring
  'mock-backend/app.ts': ['./components/chat/routes'],
  'src/bff/app.ts': [],
};

describe('backend layers (dependency-cruiser)', () => {
  let fixture = '';
  beforeAll(async () => {
    fixture = await mkdtemp(path.join(tmpdir(), 'layers-'));
    for (const [file, imports] of Object.entries(planted)) {
      await mkdir(path.dirname(path.join(fixture, file)), { recursive: true });
      const lines = imports.map((from, i) => `import { a as a${i} } from '${from}';`);
      const used = imports.map((_, i) => `a${i}`).join(', ');
      await writeFile(path.join(fixture, file), `${lines.join('\n')}\nexport const a = [${used}];\n`);
    }
  });
  afterAll(async () => {
    if (fixture) await rm(fixture, { recursive: true, force: true });
  });

  it('When the real tree is cruised, then no rule is broken', async () => {
    expect(await violatedRules(root, ['mock-backend', 'src', 'tests', 'bench', 'scripts'], 'tsconfig.json')).toEqual([]);
  }, 60_000);

  it('When a tree breaks each rule once, then every rule refuses it', async () => {
    const names = config.forbidden.map((rule) => rule.name).sort();
    expect(names).toEqual(
      [
        'backend-not-outside',
        'component-through-face',
        'components-not-above',
        'domain-not-http',
        'face-no-http',
        'lib-not-above',
        'no-circular',
        'outside-through-face',
        'repository-not-domain',
        'use-cases-not-above',
      ].sort(),
    );
    expect(await violatedRules(fixture, ['mock-backend'])).toEqual(names);
  }, 60_000);

  it('When the rules are checked, then each is an error (the check fails the build)', () => {
    for (const rule of config.forbidden) expect(rule.severity).toBe('error');
  });
});
