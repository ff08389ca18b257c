/**
 * Who the bytes of a built chunk belong to. Reads the chunk's source map (the build writes them next to
 * the chunks, `sourcemap: 'hidden'`), gives every generated character to the source its mapping segment points at,
 * and adds the characters up per npm package (`node_modules/<package>`) or, for our own code, per folder. Characters
 * no segment covers (the bundler's glue: import/export lists, helpers it writes itself) count as "(bundler glue)".
 *
 * Gzip cannot be split exactly; the table gives two estimates: "gz share" (the chunk's gzip size in proportion to
 * the characters; the shares add up to the chunk) and "gz alone" (the package's code gzipped on its own, an upper
 * bound of what leaving it out saves).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface SourceShare {
  /** npm package name, or our own folder (e.g. `src/client/features/chat`). */
  owner: string;
  chars: number;
  gzShare: number;
  gzAlone: number;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one line's segments of a source map's `mappings` (VLQ); returns [generated column, source index | -1]. */
function decodeLine(line: string, state: { source: number }): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const ch of segment) {
      const digit = DIGIT.get(ch);
      if (digit === undefined) throw new Error(`bad VLQ digit ${ch}`);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
      } else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0] ?? 0;
    if (fields.length >= 4) {
      state.source += fields[1] ?? 0;
      out.push([column, state.source]);
    } else {
      out.push([column, -1]);
    }
  }
  return out;
}

/** The owner of a source path: the npm package for node_modules files, else the folder under the project. */
export function ownerOf(source: string, depth = 3): string {
  const normalized = source.replace(/\\/g, '/');
  const nm = normalized.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = normalized.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? normalized);
  }
  const parts = normalized.replace(/^(\.\.\/)+/, '').split('/');
  if (parts.length <= depth) return parts.join('/');
  return parts.slice(0, depth).join('/');
}

/** Per-owner shares of one built JS file (path of the .js; its .map must sit next to it). */
export function attributeChunk(jsFile: string, depth = 3): SourceShare[] {
  const mapFile = `${jsFile}.map`;
  if (!existsSync(mapFile)) return [];
  const code = readFileSync(jsFile, 'utf8');
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const mapLines = map.mappings.split(';');
  const pieces = new Map<string, string[]>();
  const add = (owner: string, text: string) => {
    if (!text) return;
    const list = pieces.get(owner);
    if (list) list.push(text);
    else pieces.set(owner, [text]);
  };
  const state = { source: 0 };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const segments = decodeLine(mapLines[i] ?? '', state);
    let from = 0;
    let owner = '(bundler glue)';
    for (const [column, source] of segments) {
      add(owner, line.slice(from, column));
      from = column;
      owner = source >= 0 ? ownerOf(map.sources[source] ?? '?', depth) : '(bundler glue)';
    }
    add(owner, `${line.slice(from)}\n`);
  }
  const totalChars = code.length;
  const chunkGz = gzipSync(code, { level: 9 }).length;
  return [...pieces.entries()]
    .map(([owner, texts]) => {
      const text = texts.join('');
      return { owner, chars: text.length, gzShare: (chunkGz * text.length) / totalChars, gzAlone: gzipSync(text, { level: 9 }).length };
    })
    .sort((a, b) => b.chars - a.chars);
}

/** Per-owner shares over several built files (e.g. an entry chunk and its static imports). */
export function attributeFiles(dist: string, files: Iterable<string>, depth = 3): SourceShare[] {
  const total = new Map<string, SourceShare>();
  for (const file of files) {
    for (const share of attributeChunk(path.join(dist, file), depth)) {
      const sum = total.get(share.owner);
      if (sum) {
        sum.chars += share.chars;
        sum.gzShare += share.gzShare;
        sum.gzAlone += share.gzAlone;
      } else {
        total.set(share.owner, { ...share });
      }
    }
  }
  return [...total.values()].sort((a, b) => b.gzShare - a.gzShare);
}

/** The table as text: one owner a line, largest first, with a total line. */
export function formatShares(shares: SourceShare[], title: string): string {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const width = Math.max(24, ...shares.map((s) => s.owner.length));
  const total = shares.reduce((acc, s) => ({ chars: acc.chars + s.chars, gz: acc.gz + s.gzShare }), { chars: 0, gz: 0 });
  const rows = shares.map(
    (s) => `  ${s.owner.padEnd(width)} ${kb(s.chars).padStart(8)} ${kb(s.gzShare).padStart(9)} ${kb(s.gzAlone).padStart(9)}`,
  );
  return [
    title,
    `  ${'package or folder'.padEnd(width)} ${'min KB'.padStart(8)} ${'gz share'.padStart(9)} ${'gz alone'.padStart(9)}`,
    ...rows,
    `  ${'total'.padEnd(width)} ${kb(total.chars).padStart(8)} ${kb(total.gz).padStart(9)}`,
    '',
  ].join('\n');
}
