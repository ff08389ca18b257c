import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('generated API types', () => {
  it('When openapi.yaml is regenerated, then the committed src/shared/api/schema.d.ts is identical', () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-types-'));
    try {
      const out = join(dir, 'schema.d.ts');
      execFileSync(join('node_modules', '.bin', 'openapi-typescript'), ['openapi.yaml', '-o', out], { stdio: 'pipe' });
      const committed = readFileSync('src/shared/api/schema.d.ts', 'utf8');
      expect(readFileSync(out, 'utf8'), 'run `npm run gen:api` and commit the result').toBe(committed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
