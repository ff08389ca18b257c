import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

// The import rules between the parts ("never" imports), enforced by eslint.config.js.
describe('import boundaries', () => {
  it.each([
    ['src/client/app/x.tsx', "import { createApp } from '../../bff/app';"],
    ['src/client/app/x.tsx', "import { renderPage } from '../../server/render';"],
    ['src/client/app/x.tsx', "import { createApp } from '../../../mock-backend/app';"],
    ['src/shared/x.ts', "import { routes } from '../client/app/routes';"],
    ['src/bff/x.ts', "import { createApp } from '../../mock-backend/app';"],
    ['src/server/x.ts', "import { createApp } from '../bff/app';"],
    ['mock-backend/x.ts', "import { createApp } from '../src/bff/app';"],
    // A client feature reaches another only through its face.
    ['src/client/features/likes/components/x.tsx', "import { createApp } from '../../social/api/list-likes';"],
    ['src/client/features/accounts/x.ts', "import { createApp } from '../session/api/get-user';"],
  ])('When %s does %s, then lint refuses it', async (file, code) => {
    expect(
      await restrictedImportErrors(file, `${code}\nexport const used = createAppOrOther;\ndeclare const createAppOrOther: unknown;\n`),
    ).not.toEqual([]);
  });

  it('When React code calls fetch on an /api path by hand, then lint refuses it', async () => {
    expect(await restrictedImportErrors('src/client/app/x.ts', "export const r = fetch('/api/user.php');\n")).not.toEqual([]);
  });

  it('When the allowed directions are used, then lint accepts them', async () => {
    expect(await restrictedImportErrors('src/server/x.ts', "import { routes } from '../client/app/routes';\nexport { routes };\n")).toEqual(
      [],
    );
    expect(
      await restrictedImportErrors('src/bff/x.ts', "import { renderPage } from '../server/render';\nexport { renderPage };\n"),
    ).toEqual([]);
    expect(
      await restrictedImportErrors('src/client/app/x.ts', "import { badgeText } from '../../shared/constants';\nexport { badgeText };\n"),
    ).toEqual([]);
    // A feature's own files, another feature's face, and the shared client code.
    for (const code of [
      "import { likeProfile } from '../api/likes';",
      "import { useLikes } from '../../social/index';",
      "import { useApi } from '../../../lib/api-client';",
    ])
      expect(await restrictedImportErrors('src/client/features/likes/components/x.tsx', `${code}\nexport const used = 1;\n`)).toEqual([]);
  });
});
