/**
 * Catalogue check (part of `npm test`): fails when
 *  - the messages in the code (formatjs extract) differ from locales/en.json,
 *  - a key is missing from (or extra in) any of the eleven catalogues,
 *  - a non-English entry equals the English one (unless allow-listed in locales/allow-identical.json),
 *  - a translation does not parse as ICU or uses other placeholders than the English message.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '../src/shared/locales';

type Catalogue = Record<string, string>;
const problems: string[] = [];
const read = (file: string): Catalogue => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;

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

function placeholders(message: string, where: string): Set<string> | null {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        names.add(el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      }
      if (el.type === TYPE.tag) {
        names.add(`<${el.value}>`);
        walk(el.children);
      }
    }
  };
  try {
    walk(parse(message));
    return names;
  } catch (error) {
    problems.push(`${where}: not valid ICU (${(error as Error).message})`);
    return null;
  }
}

const extracted = extract();
const en = read('locales/en.json');
const allow = new Set<string>(
  existsSync('locales/allow-identical.json') ? (JSON.parse(readFileSync('locales/allow-identical.json', 'utf8')) as string[]) : [],
);

for (const id of Object.keys(extracted)) {
  if (!(id in en)) problems.push(`en: "${id}" is in the code but not in locales/en.json (run the extraction)`);
  else if (en[id] !== extracted[id]) problems.push(`en: "${id}" differs from its defaultMessage in the code (run the extraction)`);
}
for (const id of Object.keys(en)) if (!(id in extracted)) problems.push(`en: "${id}" is no longer used in the code`);

for (const locale of LOCALES) {
  if (locale === 'en') continue;
  const file = `locales/${locale}.json`;
  if (!existsSync(file)) {
    problems.push(`${file} is missing`);
    continue;
  }
  const catalogue = read(file);
  for (const [id, english] of Object.entries(en)) {
    const text = catalogue[id];
    if (text === undefined) {
      problems.push(`${locale}: missing "${id}"`);
      continue;
    }
    if (text === english && !allow.has(id)) problems.push(`${locale}: "${id}" is the English text ("${english}")`);
    const want = placeholders(english, `en:${id}`);
    const got = placeholders(text, `${locale}:${id}`);
    if (want && got && [...want].sort().join() !== [...got].sort().join()) {
      problems.push(`${locale}: "${id}" uses {${[...got].join(', ')}} but English uses {${[...want].join(', ')}}`);
    }
  }
  for (const id of Object.keys(catalogue)) if (!(id in en)) problems.push(`${locale}: unknown key "${id}"`);
}

if (problems.length > 0) {
  process.stderr.write(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write(`i18n check ok: ${Object.keys(en).length} messages in ${LOCALES.length} locales\n`);
