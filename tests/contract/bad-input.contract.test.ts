/**
 * Bad input against every operation of openapi.yaml: for each operation that takes strings or
 * integers (query parameters or JSON body fields), a NUL character in every string and 2^31 in every integer must be
 * a 400 `bad_request` with the one error body — never a 500. The fields are read from the contract, so an operation or
 * field added later without a sample below fails the coverage test. Runs against API_BASE_URL (any backend, seeded
 * with the demo logins) or an in-process mock-backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractSchemas } from '../../mock-backend/lib/openapi';
import { operationSamples, type Sample, type Who } from './samples';
import { credentialsFor, credentialsHint, loginCookieOf, startContractTarget } from './target';

type Json = Record<string, unknown>;
type Schema = Json & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
interface Operation {
  operationId: string;
  parameters?: (Json & { $ref?: string; name?: string; in?: string; schema?: Schema })[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, Json>;
}

const schemas = contractSchemas();
const spec = schemas.contract as unknown as { paths: Record<string, Record<string, Operation>> };
const errorSchema = schemas.schemaAt('/components/schemas/Error');

function resolve<T extends Json>(node: T & { $ref?: string }): T {
  if (!node.$ref) return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Json)[key], spec);
  return resolve(target as T & { $ref?: string });
}

const typesOf = (schema: Schema) => new Set(([] as string[]).concat(schema.type ?? []));

/** Leaf fields of a schema that are strings or integers, as `a.b`, `list[]`; alternatives of oneOf/anyOf/allOf merged. */
function leaves(node: Schema, path: string, out: Map<string, 'string' | 'integer'>, depth = 0): void {
  const schema = resolve(node);
  if (depth > 10) return;
  for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) leaves(part, path, out, depth + 1);
  const types = typesOf(schema);
  if (types.has('string') && schema.format !== 'binary') out.set(path, 'string');
  if (types.has('integer')) out.set(path, 'integer');
  for (const [name, child] of Object.entries(schema.properties ?? {})) leaves(child, path ? `${path}.${name}` : name, out, depth + 1);
  if (schema.items) leaves(schema.items, `${path}[]`, out, depth + 1);
}

/** The schema of each string or integer leaf (as `leaves` names them), for the fuzz's boundary values. */
function leafSchemas(node: Schema, path: string, out: Map<string, Schema>, depth = 0): void {
  const schema = resolve(node);
  if (depth > 10) return;
  for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) leafSchemas(part, path, out, depth + 1);
  const types = typesOf(schema);
  if ((types.has('string') && schema.format !== 'binary') || types.has('integer')) {
    if (!out.has(path)) out.set(path, schema);
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) leafSchemas(child, path ? `${path}.${name}` : name, out, depth + 1);
  if (schema.items) leafSchemas(schema.items, `${path}[]`, out, depth + 1);
}

interface Target {
  operationId: string;
  method: string;
  path: string;
  /** Every string or integer field, `query.x` or `body.a.b`. */
  fields: Map<string, 'string' | 'integer'>;
  /** The schema of each of those fields. */
  schemas: Map<string, Schema>;
}

const targets: Target[] = [];
for (const [path, item] of Object.entries(spec.paths)) {
  for (const [method, op] of Object.entries(item)) {
    const fields = new Map<string, 'string' | 'integer'>();
    const schemas = new Map<string, Schema>();
    for (const raw of op.parameters ?? []) {
      const param = resolve(raw);
      if (param.in === 'query' && param.schema) {
        leaves(param.schema, `query.${param.name}`, fields);
        leafSchemas(param.schema, `query.${param.name}`, schemas);
      }
    }
    const json = op.requestBody?.content?.['application/json']?.schema;
    if (json) {
      leaves(json, 'body', fields);
      leafSchemas(json, 'body', schemas);
    }
    if (fields.size > 0) targets.push({ operationId: op.operationId, method: method.toUpperCase(), path, fields, schemas });
  }
}

let memberId = 1;
const samples = () => operationSamples(memberId);

/** Every string and integer leaf of a sample as [field, value-path]; array elements count once as `[]`. */
function sampleLeaves(value: unknown, path: string, out: [string, (string | number)[]][], at: (string | number)[] = []): void {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))) out.push([path, at]);
  else if (Array.isArray(value)) value.forEach((v, i) => sampleLeaves(v, `${path}[]`, out, [...at, i]));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) sampleLeaves(v, path ? `${path}.${k}` : k, out, [...at, k]);
  }
}

function withValue(value: unknown, at: (string | number)[], leaf: unknown): unknown {
  if (at.length === 0) return leaf;
  const [head, ...rest] = at as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Json) }) as Record<string | number, unknown>;
  copy[head] = withValue(copy[head], rest, leaf);
  return copy;
}

const badValue = (value: string | number) => (typeof value === 'string' ? `${value.slice(0, 1)}\u0000${value.slice(1)}` : 2 ** 31);

interface Variant {
  operationId: string;
  field: string;
  method: string;
  path: string;
  who: Who;
  query: Record<string, string | number>;
  body: unknown;
}

/** Each sample once per leaf, that leaf made bad. */
function variants(all: Record<string, Sample[]>): Variant[] {
  const out: Variant[] = [];
  for (const target of targets) {
    for (const sample of all[target.operationId] ?? []) {
      for (const [root, value] of [
        ['query', sample.query],
        ['body', sample.body],
      ] as const) {
        if (value === undefined) continue;
        const leafs: [string, (string | number)[]][] = [];
        sampleLeaves(value, root, leafs);
        for (const [field, at] of leafs) {
          const original = at.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value) as string | number;
          const mutated = withValue(value, at, badValue(original));
          out.push({
            operationId: target.operationId,
            field,
            method: target.method,
            path: target.path,
            who: sample.who ?? 'visitor',
            query: root === 'query' ? (mutated as Record<string, string | number>) : (sample.query ?? {}),
            body: root === 'body' ? mutated : sample.body,
          });
        }
      }
    }
  }
  return out;
}

let base = '';
let stop: () => Promise<void> = async () => {};
const cookies: Record<Who, string> = { visitor: '', free: '', moderator: '' };

async function send(method: string, path: string, opts: { cookie?: string; query?: Record<string, string | number>; body?: unknown } = {}) {
  const query = new URLSearchParams(Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${base}/api${path}${query ? `?${query}` : ''}`, {
    method,
    headers: {
      'request-type': 'client',
      'accept-language': 'nl',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as unknown, setCookie: res.headers.getSetCookie() };
}

beforeAll(async () => {
  // The backend and who logs in: target.ts (API_BASE_URL in either form, credentials from the environment).
  ({ base, stop } = await startContractTarget());
  for (const [who, email] of [
    ['free', 'free@demo.test'],
    ['moderator', 'moderator@demo.test'],
  ] as const) {
    const credentials = await credentialsFor(email, base);
    if (!credentials) throw new Error(`no login for ${email} on this backend: set ${credentialsHint(email)}`);
    const res = await send('POST', '/user.php', { body: credentials });
    const auth = loginCookieOf(res.setCookie) ?? credentials.cookie;
    if (!auth) throw new Error(`login of ${credentials.email} failed: ${res.status}`);
    cookies[who] = auth;
  }
  const page = await send('GET', '/members.php', { cookie: cookies.free, query: { limit: 1 } });
  memberId = (page.body as { profiles: { id: number }[] }).profiles[0]?.id ?? 1;
});
afterAll(() => stop());

describe('bad input against every operation of the contract', () => {
  it('When the contract is read, then every operation with string or integer fields has samples that reach each field', () => {
    const all = samples();
    const missing: string[] = [];
    for (const target of targets) {
      const covered = new Set<string>();
      for (const sample of all[target.operationId] ?? []) {
        const leafs: [string, (string | number)[]][] = [];
        sampleLeaves(sample.query ?? {}, 'query', leafs);
        sampleLeaves(sample.body ?? {}, 'body', leafs);
        for (const [field] of leafs) covered.add(field);
      }
      for (const field of target.fields.keys()) if (!covered.has(field)) missing.push(`${target.operationId} ${field}`);
    }
    expect(missing).toEqual([]);
    expect(targets.length).toBeGreaterThan(20);
  });

  it('When a NUL character is put in each string and 2^31 in each integer of every operation, then each answer is 400 bad_request with the error body', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const v of variants(samples())) {
      const res = await send(v.method, v.path, { cookie: cookies[v.who] || undefined, query: v.query, body: v.body });
      sent += 1;
      const error = (res.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      const documented = spec.paths[v.path]?.[v.method.toLowerCase()]?.responses['400'] !== undefined;
      if (
        res.status !== 400 ||
        error?.code !== 'bad_request' ||
        typeof error.message !== 'string' ||
        !errorSchema(res.body) ||
        !documented
      ) {
        failures.push(
          `${v.operationId} ${v.field}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}${documented ? '' : ' (400 not documented)'}`,
        );
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(75);
  });
});

/** mulberry32: a small seeded generator, so a failing run repeats with its seed (FUZZ_SEED). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Boundary and wrong-typed values for one field of the contract: huge, negative and out-of-range integers, empty,
 * blank, invisible, over-long and unknown-enum strings, and values of the wrong JSON type. Query values travel as text.
 */
function boundaryValues(schema: Schema, inQuery: boolean): unknown[] {
  const types = typesOf(schema);
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const values: unknown[] = [];
  if (types.has('integer')) {
    values.push(0, -1, -(2 ** 31), 2 ** 31 - 1, Number.MAX_SAFE_INTEGER, 1e21);
    const min = num('minimum');
    const max = num('maximum');
    if (min !== undefined) values.push(min - 1, min);
    if (max !== undefined) values.push(max, max + 1);
  }
  if (types.has('string')) {
    const maxLength = num('maxLength') ?? 5000;
    values.push(
      '',
      '   ',
      '\u200b\u200d\u2060',
      'x'.repeat(maxLength),
      'x'.repeat(Math.min(maxLength + 1, 70_000)),
      'zz_not_in_the_enum',
      '🙂'.repeat(40),
      "' OR 1=1 --",
      '-1',
      '2147483648',
      '2026-02-30',
    );
  }
  if (!inQuery) values.push(null, true, 1.5, [], {}, ['x'], types.has('string') ? 12345 : 'twelve');
  return values.map((v) => (inQuery && typeof v !== 'string' ? String(v) : v));
}

describe('fuzz: boundary values and wrong types in every documented field', () => {
  it('When every field of every operation gets boundary values and wrong types (seeded), then no answer is a server error', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20261123);
    const perField = Number(process.env.FUZZ_VALUES_PER_FIELD ?? 6);
    const random = seeded(seed);
    const failures: string[] = [];
    let sent = 0;
    const all = samples();
    for (const target of targets) {
      for (const sample of all[target.operationId] ?? []) {
        for (const [root, value] of [
          ['query', sample.query],
          ['body', sample.body],
        ] as const) {
          if (value === undefined) continue;
          const leafs: [string, (string | number)[]][] = [];
          sampleLeaves(value, root, leafs);
          for (const [field, at] of leafs) {
            const schema = target.schemas.get(field);
            if (!schema) continue;
            // A seeded choice of the field's values (all of them with FUZZ_VALUES_PER_FIELD=0).
            const candidates = boundaryValues(schema, root === 'query');
            const chosen =
              perField > 0
                ? candidates
                    .map((v) => [random(), v] as const)
                    .sort((a, b) => a[0] - b[0])
                    .slice(0, perField)
                    .map(([, v]) => v)
                : candidates;
            for (const leaf of chosen) {
              const mutated = withValue(value, at, leaf);
              const query = root === 'query' ? (mutated as Record<string, string | number>) : (sample.query ?? {});
              const body = root === 'body' ? mutated : sample.body;
              const status = await statusOf(target.method, target.path, {
                cookie: cookies[sample.who ?? 'visitor'] || undefined,
                query,
                body,
              });
              sent += 1;
              if (status >= 500) failures.push(`${target.operationId} ${field}=${JSON.stringify(leaf).slice(0, 60)}: ${status}`);
            }
          }
        }
        // The whole body of the wrong type.
        if (sample.body !== undefined) {
          for (const body of [null, [], 'text', 42, {}]) {
            const status = await statusOf(target.method, target.path, {
              cookie: cookies[sample.who ?? 'visitor'] || undefined,
              query: sample.query ?? {},
              body,
            });
            sent += 1;
            if (status >= 500) failures.push(`${target.operationId} body=${JSON.stringify(body)}: ${status}`);
          }
        }
      }
    }
    expect(failures, `FUZZ_SEED=${seed}`).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 600_000);
});

/** The status of one request; an event stream that opens is closed at once (its status is all that counts). */
async function statusOf(
  method: string,
  path: string,
  opts: { cookie?: string | undefined; query: Record<string, string | number>; body?: unknown },
): Promise<number> {
  const query = new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${base}/api${path}${query ? `?${query}` : ''}`, {
    method,
    headers: {
      'request-type': 'client',
      'accept-language': 'nl',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  if (res.headers.get('content-type')?.includes('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}
