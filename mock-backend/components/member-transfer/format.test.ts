import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEIGHT_CM, LOOKING_FOR, POSITIONS, PRONOUNS, TRIBES, TRIBES_MAX, WEIGHT_KG } from '../../../src/shared/profile-words';
import { MAX_LEGACY_MEMBER_ID } from '../../lib/legacy-sync';
import { readLines, type ReadLine } from './format';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'transfer-format-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function linesOf(content: string | Buffer, maxBytes: number, after = 0): Promise<ReadLine[]> {
  const file = path.join(scratch, `lines-${Math.random().toString(36).slice(2)}.jsonl`);
  await writeFile(file, content);
  const out: ReadLine[] = [];
  for await (const line of readLines(file, after, maxBytes)) out.push(line);
  return out;
}

describe('member transfer: the line reader', () => {
  it('When a line is longer than the limit, then it comes without its text, with its number and length, and the lines after it come whole', async () => {
    // Lines across the read stream's chunks (64 KiB), one of them far over the limit, \n and \r\n breaks, blank lines.
    const long = 'x'.repeat(300_000);
    const content = `first\r\n${long}\n\n{"a":"${'é'.repeat(40_000)}"}\r\n   \nlast`;

    const lines = await linesOf(content, 100_000);

    expect(lines).toEqual([
      { line: 1, text: 'first' },
      { line: 2, text: null, bytes: 300_000 },
      { line: 4, text: `{"a":"${'é'.repeat(40_000)}"}` },
      { line: 6, text: 'last' },
    ]);
  });

  it('When a line has exactly the limit, then it is read; one byte more and it is not (its line break never counts)', async () => {
    const lines = await linesOf(`${'a'.repeat(10)}\r\n${'b'.repeat(10)}\n${'c'.repeat(11)}\r\n${'d'.repeat(11)}`, 10);

    expect(lines).toEqual([
      { line: 1, text: 'a'.repeat(10) },
      { line: 2, text: 'b'.repeat(10) },
      { line: 3, text: null, bytes: 11 },
      { line: 4, text: null, bytes: 11 },
    ]);
  });

  it('When a run goes on after a line, then the lines up to it are skipped but counted', async () => {
    expect(await linesOf('one\ntwo\n\nfour\n', 10, 2)).toEqual([{ line: 4, text: 'four' }]);
  });
});

describe('member transfer: the schemas', () => {
  /** Every field of the format that names a member, by schema file and path of properties. */
  const MEMBER_FIELDS: [string, string[]][] = [
    ['members', ['id']],
    ['photos', ['member']],
    ['likes', ['liker']],
    ['likes', ['liked']],
    ['blocks', ['blocker']],
    ['blocks', ['blocked']],
    ['conversations', ['members', 'items']],
    ['conversations', ['started_by']],
    ['messages', ['sender']],
    ['ledger', ['member']],
  ];

  it('When a field names a member, then its schema allows ids up to the ceiling of PHP member ids and no further', async () => {
    for (const [kind, at] of MEMBER_FIELDS) {
      const schema = JSON.parse(await readFile(new URL(`../../../docs/import-format/v1/${kind}.schema.json`, import.meta.url), 'utf8')) as {
        properties: Record<string, Record<string, unknown>>;
      };
      const [field, ...rest] = at as [string, ...string[]];
      const node = rest.reduce<Record<string, unknown>>((n, key) => n[key] as Record<string, unknown>, schema.properties[field] ?? {});
      expect([kind, ...at, node.maximum]).toEqual([kind, ...at, MAX_LEGACY_MEMBER_ID]);
    }
  });

  it('When a member carries his own words, then the schema allows the values and limits the site has and no others (so a record is refused alone, never by the database)', async () => {
    const schema = JSON.parse(await readFile(new URL('../../../docs/import-format/v1/members.schema.json', import.meta.url), 'utf8')) as {
      properties: { profile: { properties: Record<string, Record<string, unknown>> } };
    };
    const words = schema.properties.profile.properties;
    expect(words.looking_for).toEqual({
      type: 'array',
      maxItems: LOOKING_FOR.length,
      uniqueItems: true,
      items: { enum: [...LOOKING_FOR] },
    });
    expect(words.tribes).toEqual({ type: 'array', maxItems: TRIBES_MAX, uniqueItems: true, items: { enum: [...TRIBES] } });
    expect(words.position).toEqual({ enum: [...POSITIONS, null] });
    expect(words.pronouns).toEqual({ enum: [...PRONOUNS, null] });
    expect(words.height_cm).toEqual({ type: ['integer', 'null'], minimum: HEIGHT_CM.min, maximum: HEIGHT_CM.max });
    expect(words.weight_kg).toEqual({ type: ['integer', 'null'], minimum: WEIGHT_KG.min, maximum: WEIGHT_KG.max });
  });
});
