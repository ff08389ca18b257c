import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The transfer format, version 1 (docs/import-format/README.md): a directory with a manifest.json and one JSON Lines
 * file per kind of record, each line checked against the kind's JSON Schema in docs/import-format/v1 — the schemas a
 * PHP team reads are the ones the import runs.
 */
export const FORMAT_VERSION = 1;
const SCHEMA_DIR = fileURLToPath(new URL('../../../docs/import-format/v1/', import.meta.url));

/** The kinds in the order they are imported: a record only refers to kinds before it (a like to members). */
export const KINDS = ['members', 'photos', 'likes', 'blocks', 'conversations', 'messages', 'ledger'] as const;
export type Kind = (typeof KINDS)[number];

export const fileOf = (kind: Kind): string => `${kind}.jsonl`;

/** A row's id on the side that first wrote it: the PHP service's integer id, or `new:<id>` (exports of this backend). */
export type RecordKey = number | string;
export const keyText = (key: RecordKey): string => String(key);
/** How this backend's own rows are named in an export. */
export const newKey = (id: number | string): string => `new:${id}`;
/** The key of a row in an export: the key it came with, or its own id. PHP ids come back as numbers. */
export const exportKey = (legacyKey: string | null, id: number | string): RecordKey =>
  legacyKey === null ? newKey(id) : /^\d+$/.test(legacyKey) ? Number(legacyKey) : legacyKey;

interface MemberRecord {
  id: number;
  site?: string;
  email?: string;
  status: 'active' | 'not_confirmed' | 'deleted';
  language?: string;
  signup_date: string;
  last_active_at?: string;
  deleted_at?: string;
  paid_user?: boolean;
  mail_off?: string[];
  profile: {
    name: string;
    status?: 'active' | 'disabled';
    country?: string | null;
    region?: string | null;
    birth_date?: string | null;
    about?: string;
    gender?: string | null;
    sexuality?: string | null;
    relationship_status?: string | null;
    hair_colour?: string | null;
    eye_colour?: string | null;
    body_type?: string | null;
    tattoos?: boolean | null;
    looking_for?: string[];
    position?: string | null;
    tribes?: string[];
    height_cm?: number | null;
    weight_kg?: number | null;
    pronouns?: string | null;
    invisible?: boolean;
    fictional?: boolean;
    interests?: string[];
    lat?: number | null;
    lon?: number | null;
  };
}

interface PhotoRecord {
  id: RecordKey;
  member: number;
  file: string;
  status: 'approved' | 'pending' | 'rejected';
  main?: boolean;
  position?: number;
  uploaded_at?: string;
}

interface LikeRecord {
  liker: number;
  liked: number;
  created_at: string;
  seen?: boolean;
  auto?: boolean;
}

interface BlockRecord {
  blocker: number;
  blocked: number;
  created_at: string;
}

interface ConversationRecord {
  id: RecordKey;
  members: [number, number];
  started_by?: number;
  created_at: string;
}

interface MessageRecord {
  id: RecordKey;
  conversation: RecordKey;
  sender: number;
  kind?: 'text' | 'gift';
  body: string;
  gift_key?: string;
  credits_cost?: number;
  sent_at: string;
}

interface LedgerRecord {
  id: RecordKey;
  member: number;
  delta: number;
  reason: string;
  created_at: string;
  purchase?: { amount_minor: number; currency: string; payment_ref?: string };
  ref?: string;
}

export interface RecordOf {
  members: MemberRecord;
  photos: PhotoRecord;
  likes: LikeRecord;
  blocks: BlockRecord;
  conversations: ConversationRecord;
  messages: MessageRecord;
  ledger: LedgerRecord;
}

export interface Manifest {
  format: 'manmatch-members';
  version: 1;
  created_at: string;
  source?: string;
  since?: string;
}

/** The id a report names a record by: its own id, or the pair of members of a like or a block. */
export function recordId(kind: Kind, value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const part = (name: string): string => (typeof v[name] === 'number' || typeof v[name] === 'string' ? String(v[name]) : '?');
  if (kind === 'likes') return `${part('liker')}→${part('liked')}`;
  if (kind === 'blocks') return `${part('blocker')}→${part('blocked')}`;
  return v.id === undefined ? null : part('id');
}

export interface Validators {
  manifest: ValidateFunction<Manifest>;
  records: { [K in Kind]: ValidateFunction<RecordOf[K]> };
}

let validators: Promise<Validators> | undefined;

/** The compiled schemas of version 1 (compiled once per process). */
export function loadValidators(): Promise<Validators> {
  validators ??= (async () => {
    const ajv = new Ajv({ allErrors: false, strict: true, strictRequired: false, allowUnionTypes: true });
    addFormats(ajv);
    const compile = async <T>(name: string): Promise<ValidateFunction<T>> =>
      ajv.compile<T>(JSON.parse(await readFile(`${SCHEMA_DIR}${name}.schema.json`, 'utf8')) as object);
    const entries = await Promise.all(KINDS.map(async (kind) => [kind, await compile(kind)] as const));
    return {
      manifest: await compile<Manifest>('manifest'),
      records: Object.fromEntries(entries) as unknown as Validators['records'],
    };
  })();
  return validators;
}

/** ajv's first error as one line: where in the record and what is wrong. */
export function describeSchemaError(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return 'does not match the schema';
  const where = e.instancePath || '(record)';
  const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
  return `${where} ${e.message ?? 'is invalid'}${extra}`;
}

/**
 * The longest line the import reads: 1 MiB of UTF-8, not counting its line break. The longest valid record (a member
 * with every text field full, escaped) is a few tens of KB. A longer line is refused (`line_too_long`) without being
 * held: the reader keeps at most this many bytes of a line and only counts the rest while it looks for the line's end.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

/** A line of a JSON Lines file: its 1-based number and its text, or — over the limit — only how long it is. */
export type ReadLine = { line: number; text: string } | { line: number; text: null; bytes: number };

const LF = 0x0a;
const CR = 0x0d;

/**
 * The lines of a JSON Lines file after line `after` (blank lines are skipped but counted). A line ends at `\n`, and a
 * `\r` before it is dropped. Memory stays bounded whatever the file holds: one read chunk and at most `maxBytes` (+1
 * for a `\r`) of the current line; a longer line comes as its number and length, its bytes discarded as they are read.
 */
export async function* readLines(path: string, after = 0, maxBytes = MAX_LINE_BYTES): AsyncGenerator<ReadLine> {
  const input = createReadStream(path);
  let n = 0;
  /** The current line's bytes while it fits (with room for a `\r` before its `\n`). */
  let parts: Buffer[] = [];
  let kept = 0;
  /** The current line's length in bytes, kept or not, and its last byte. */
  let length = 0;
  let last = -1;
  let tooLong = false;

  const lineOf = (): ReadLine | null => {
    const bytes = last === CR ? length - 1 : length;
    if (n <= after) return null;
    if (tooLong || bytes > maxBytes) return { line: n, text: null, bytes };
    const text = Buffer.concat(parts, kept).toString('utf8', 0, bytes);
    return text.trim() === '' ? null : { line: n, text };
  };

  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      let start = 0;
      while (start <= chunk.length) {
        const end = chunk.indexOf(LF, start);
        const stop = end === -1 ? chunk.length : end;
        if (stop > start) {
          length += stop - start;
          last = chunk[stop - 1] as number;
          if (!tooLong && kept + (stop - start) <= maxBytes + 1) {
            parts.push(chunk.subarray(start, stop));
            kept += stop - start;
          } else if (!tooLong) {
            tooLong = true;
            parts = [];
            kept = 0;
          }
        }
        if (end === -1) break;
        n += 1;
        const line = lineOf();
        parts = [];
        kept = 0;
        length = 0;
        last = -1;
        tooLong = false;
        if (line) yield line;
        start = end + 1;
      }
    }
    if (length > 0) {
      n += 1;
      const line = lineOf();
      if (line) yield line;
    }
  } finally {
    input.destroy();
  }
}
