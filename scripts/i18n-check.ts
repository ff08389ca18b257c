/**
 * Catalogue check (part of `npm test`) of the client's catalogues (locales/) and the backend's (mock-backend/locales/):
 * fails when
 *  - the messages in the client's code (formatjs extract) differ from locales/en.json,
 *  - a key is missing from (or extra in) any of the eleven catalogues,
 *  - a non-English entry equals the English one (unless allow-listed in the folder's allow-identical.json),
 *  - a translation does not parse as ICU, uses other arguments (or uses them otherwise: plain, plural, select, date)
 *    than the English message, or a plural lacks a category a whole count takes in its language.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALES } from '../src/shared/locales';
import { checkCatalogues } from './lib/catalogue-check';

type Catalogue = Record<string, string>;
const problems: string[] = [];
const read = (file: string): Catalogue => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
const catalogues = (dir: string) =>
  Object.fromEntries(
    LOCALES.filter((l) => l !== 'en').map((l) => [l, existsSync(`${dir}/${l}.json`) ? read(`${dir}/${l}.json`) : undefined]),
  );
const allowed = (file: string) => new Set<string>(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : []);

function extract(): Catalogue {
  const dir = mkdtempSync(join(tmpdir(), 'i18n-'));
  try {
    const out = join(dir, 'en.json');
    execFileSync(
      join('node_modules', '.bin', 'formatjs'),
      ['extract', 'src/client/**/*.{ts,tsx}', '--format', 'simple', '--out-file', out, '--ignore', '**/*.test.{ts,tsx}'],
      { stdio: 'pipe' },
    );
    return read(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const extracted = extract();
const en = read('locales/en.json');
const allow = allowed('locales/allow-identical.json');

for (const id of Object.keys(extracted)) {
  if (!(id in en)) problems.push(`en: "${id}" is in the code but not in locales/en.json (run the extraction)`);
  else if (en[id] !== extracted[id]) problems.push(`en: "${id}" differs from its defaultMessage in the code (run the extraction)`);
}
for (const id of Object.keys(en)) if (!(id in extracted)) problems.push(`en: "${id}" is no longer used in the code`);

problems.push(...checkCatalogues({ label: 'locales', reference: en, catalogues: catalogues('locales'), allowIdentical: allow }));

// The backend's catalogues (mails, pushes, errors, statements of reasons): the same rules, English the reference.
const backendEn = read('mock-backend/locales/en.json');
problems.push(
  ...checkCatalogues({
    label: 'mock-backend/locales',
    reference: backendEn,
    catalogues: catalogues('mock-backend/locales'),
    allowIdentical: allowed('mock-backend/locales/allow-identical.json'),
    ignoreTag: true,
    sameStructure: true,
  }),
);

if (problems.length > 0) {
  process.stderr.write(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write(
  `i18n check ok: ${Object.keys(en).length} client and ${Object.keys(backendEn).length} backend messages in ${LOCALES.length} locales\n`,
);
