import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
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

export interface Line {
  /** 1-based line number in its file. */
  line: number;
  text: string;
}

/** The lines of a JSON Lines file after line `after` (blank lines are skipped but counted). */
export async function* readLines(path: string, after = 0): AsyncGenerator<Line> {
  const input = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const text of lines) {
      n += 1;
      if (n <= after || text.trim() === '') continue;
      yield { line: n, text };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}
