/**
 * Bad input on purpose against every operation of openapi.yaml:
 * - for each operation that takes strings or integers (query parameters or JSON body fields), a NUL character in every
 *   string and 2^31 in every integer must be a 400 `bad_request` with the one error body — never a 500;
 * - each request broken against its schema (a value of the wrong type, a required field or parameter left out, a
 *   value out of its bounds, not in its list, not of its pattern or format; a form without its photo) must get a 4xx
 *   the operation documents, never a 2xx and never a 5xx; what is sent is checked to break the schema first;
 * - a seeded fuzz of boundary values and wrong types in every documented field never gets a server error or a status
 *   the contract does not document.
 * The fields are read from the contract, so an operation or field added later without a sample fails the coverage
 * test. Runs against API_BASE_URL (any backend, seeded with the demo logins) or an in-process mock-backend, and records
 * every answer for the operator's report (its "bad input" verdicts).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractSchemas } from '../../mock-backend/lib/openapi';
import { checkAnswer, checkRefusal } from './answer-checks';
import { noteNotRun, recordAnswer, reporting, strictFields, writeRecord } from './operation-record';
import { operationSamples, queryPairs, requestOf, type QueryValue, type Sample, type Who } from './samples';
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
  security?: Json[];
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
  /** The sample's value of the field (a string gets a NUL character, an integer becomes 2^31). */
  original: string | number;
  method: string;
  path: string;
  who: Who;
  query: Record<string, QueryValue>;
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
            original,
            method: target.method,
            path: target.path,
            who: sample.who ?? 'visitor',
            query: root === 'query' ? (mutated as Record<string, QueryValue>) : (sample.query ?? {}),
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
/** Why a login is missing (making the report, the requests of that member are not sent and the report says why). */
const missing: Partial<Record<Who, string>> = {};

async function send(
  method: string,
  path: string,
  opts: { cookie?: string | undefined; query?: Record<string, QueryValue>; body?: unknown; form?: FormData } = {},
) {
  const query = new URLSearchParams(queryPairs(opts.query)).toString();
  const json = opts.body !== undefined && !opts.form;
  const res = await fetch(`${base}/api${path}${query ? `?${query}` : ''}`, {
    method,
    headers: {
      'request-type': 'client',
      'accept-language': 'nl',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.form ? { body: opts.form } : json ? { body: JSON.stringify(opts.body) } : {}),
  }).catch((error: unknown) => {
    throw new Error(`${method} /api${path}: the backend did not answer (${error instanceof Error ? error.message : String(error)})`);
  });
  let body: unknown;
  if (res.headers.get('content-type')?.includes('text/event-stream')) await res.body?.cancel();
  else {
    const text = await res.text();
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
  }
  return { status: res.status, body, headers: res.headers, setCookie: res.headers.getSetCookie() };
}

/**
 * The cookie of who sends a request, or undefined for a visitor. Making the report, a member whose login is missing
 * sends nothing: the operation's bad input is "not run", and the report names the login.
 */
function cookieOf(who: Who, operationId: string): string | undefined | null {
  const reason = missing[who];
  if (reason === undefined) return cookies[who] || undefined;
  noteNotRun('bad input', [operationId], reason);
  return null;
}

/** The operations that take query parameters or a body: what bad input can break. */
const takingInput = Object.values(spec.paths)
  .flatMap((item) => Object.values(item))
  .filter((op) => op.requestBody || (op.parameters ?? []).some((p) => resolve(p).in === 'query'))
  .map((op) => op.operationId);

beforeAll(async () => {
  // The backend and who logs in: target.ts (API_BASE_URL in either form, credentials from the environment).
  ({ base, stop } = await startContractTarget());
  for (const [who, email] of [
    ['free', 'free@demo.test'],
    ['moderator', 'moderator@demo.test'],
  ] as const) {
    const credentials = await credentialsFor(email, base);
    const res = credentials
      ? await send('POST', '/user.php', { body: credentials }).catch((error: unknown) => {
          // Making the report, a backend that does not answer leaves every bad input not run, with the reason.
          if (!reporting) throw error;
          return { status: `no answer (${error instanceof Error ? error.message : String(error)})`, setCookie: [] as string[] };
        })
      : undefined;
    const auth = res ? (loginCookieOf(res.setCookie) ?? credentials?.cookie) : undefined;
    if (auth) {
      cookies[who] = auth;
      continue;
    }
    const reason = credentials
      ? `the login of ${credentials.email} failed: postUser answered ${res?.status}`
      : `no login for ${email} on this backend: set ${credentialsHint(email)}`;
    if (!reporting) throw new Error(reason);
    missing[who] = reason;
  }
  const page = missing.free
    ? undefined
    : await send('GET', '/members.php', { cookie: cookies.free, query: { limit: 1 } }).catch(() => undefined);
  const listed = (page?.body as { profiles?: { id?: unknown }[] } | undefined)?.profiles?.[0]?.id;
  memberId = typeof listed === 'number' ? listed : 1;
});
afterAll(async () => {
  writeRecord('bad input');
  await stop();
});
// A test that stops (the backend no longer answers) leaves the bad input it had not sent yet without a verdict: the
// report says why.
beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    noteNotRun('bad input', takingInput, (task.result?.errors?.[0]?.message ?? 'its test failed').split('\n')[0] as string);
  });
});

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
    // The suite's own completeness, not the backend's: the report does not stop at it.
    if (reporting) return;
    expect(missing).toEqual([]);
    expect(targets.length).toBeGreaterThan(20);
  });

  it('When a NUL character is put in each string and 2^31 in each integer of every operation, then each answer is 400 bad_request with the error body', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const v of variants(samples())) {
      const cookie = cookieOf(v.who, v.operationId);
      if (cookie === null) continue;
      const res = await send(v.method, v.path, { cookie, query: v.query, body: v.body });
      sent += 1;
      const error = (res.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      const documented = spec.paths[v.path]?.[v.method.toLowerCase()]?.responses['400'] !== undefined;
      // The contract's own rule for these two: 400 bad_request, never another refusal.
      const wrong =
        checkRefusal(v.operationId, res, strictFields) ??
        (res.status !== 400 || error?.code !== 'bad_request' || typeof error.message !== 'string' || !errorSchema(res.body)
          ? `${res.status} ${typeof error?.code === 'string' ? error.code : ''}`.trimEnd() + ', not the 400 bad_request the contract names'
          : undefined);
      const what = `${v.field} ${typeof v.original === 'string' ? 'with a NUL character' : '= 2^31'}`;
      recordAnswer(v.operationId, { check: 'bad input', status: res.status, request: what, ...(wrong ? { error: wrong } : {}) });
      if (wrong || !documented) {
        failures.push(
          `${v.operationId} ${v.field}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}${documented ? '' : ' (400 not documented)'}`,
        );
      }
    }
    if (!reporting) {
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(75);
    }
  });
});

// Requests that break the request schema ------------------------------------------------------------------------------

/** The contract with query values read as the backend reads them (`limit=5` is the integer 5), to tell a broken one. */
const queryAjv = new Ajv2020({ strict: false, allErrors: false, coerceTypes: true });
addFormats.default(queryAjv);
queryAjv.addSchema(schemas.contract as unknown as Json, 'openapi.json');
const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

interface Broken {
  operationId: string;
  method: string;
  path: string;
  who: Who;
  query: Record<string, QueryValue>;
  body?: unknown;
  form?: FormData;
  /** What is wrong with it, in the report's words: `body.age = -1 (below its minimum 18)`. */
  what: string;
}

/** The operation's `security` names only the login (`[{cookieAuth: []}]`): a visitor gets 403 whatever he sends. */
function needsLogin(op: Operation): boolean {
  const security = op.security ?? (schemas.contract as unknown as { security?: Json[] }).security;
  return Array.isArray(security) && security.length > 0 && security.every((s) => 'cookieAuth' in s);
}

/**
 * Values a field of this schema does not take, each with what is wrong with it (the schema decides before one is
 * sent), most telling first: a value of the wrong type, then one out of its bounds, list, pattern or format, then the
 * rest.
 */
function invalidValues(node: Schema, inQuery: boolean, depth = 0): { value: unknown; why: string }[] {
  const schema = resolve(node);
  if (depth > 5) return [];
  const types = typesOf(schema);
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const out: { value: unknown; why: string }[] = [];
  const later: { value: unknown; why: string }[] = [];
  if (types.has('integer') || types.has('number')) out.push({ value: 'twelve', why: 'not a number' });
  if (types.has('integer')) later.push({ value: 1.5, why: 'not a whole number' });
  if (types.has('boolean')) out.push({ value: 'perhaps', why: 'not a boolean' });
  if (types.has('string') && !inQuery) out.push({ value: 12345, why: 'a number, not a string' });
  if (types.has('object') && !inQuery) out.push({ value: 'text', why: 'a string, not an object' });
  if (types.has('array') && !inQuery) out.push({ value: 'text', why: 'a string, not a list' });
  if (!inQuery) later.push({ value: null, why: 'null' });
  const minimum = num('minimum');
  const maximum = num('maximum');
  const maxLength = num('maxLength');
  const minLength = num('minLength');
  if (minimum !== undefined) out.push({ value: minimum - 1, why: `below its minimum ${minimum}` });
  if (maximum !== undefined) out.push({ value: maximum + 1, why: `above its maximum ${maximum}` });
  if (maxLength !== undefined) out.push({ value: 'x'.repeat(maxLength + 1), why: `longer than its ${maxLength} characters` });
  if (minLength !== undefined && minLength > 0)
    out.push({ value: 'x'.repeat(minLength - 1), why: `shorter than its ${minLength} characters` });
  if (Array.isArray(schema.enum)) out.push({ value: 'zz_not_in_the_list', why: 'not one of its values' });
  if (typeof schema.pattern === 'string') out.push({ value: '!! not this pattern !!', why: `not of its pattern ${schema.pattern}` });
  if (typeof schema.format === 'string' && schema.format !== 'binary')
    out.push({ value: `not-a-${schema.format}`, why: `not a ${schema.format}` });
  for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])])
    out.push(...invalidValues(part, inQuery, depth + 1));
  return [...out, ...later].map((v) => (inQuery ? { ...v, value: String(v.value) } : v));
}

/** A value as the report shows it: JSON, a long text by its length. */
const shown = (value: unknown) =>
  typeof value === 'string' && value.length > 40 ? `a text of ${value.length} characters` : JSON.stringify(value);

/** The schemas that may describe the value at `keys` of a body of this schema (alternatives and parts merged). */
function schemasAt(root: Schema, keys: (string | number)[]): Schema[] {
  let at: Schema[] = [root];
  for (const key of keys) {
    const next: Schema[] = [];
    const visit = (node: Schema, depth: number) => {
      const schema = resolve(node);
      if (depth > 8) return;
      for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) visit(part, depth + 1);
      if (typeof key === 'number' && schema.items) next.push(schema.items);
      const property = typeof key === 'string' ? schema.properties?.[key] : undefined;
      if (property) next.push(property);
    };
    at.forEach((s) => visit(s, 0));
    at = next;
  }
  return at;
}

/** The required fields of an object at `keys` (of every schema that may describe it). */
function requiredAt(root: Schema, keys: (string | number)[]): string[] {
  const out = new Set<string>();
  const visit = (node: Schema, depth: number) => {
    const schema = resolve(node);
    if (depth > 8) return;
    for (const name of (schema.required as string[] | undefined) ?? []) out.add(name);
    for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) visit(part, depth + 1);
  };
  schemasAt(root, keys).forEach((s) => visit(s, 0));
  return [...out];
}

/** Every value of a sample with its place (`[]` for the whole), containers included. */
function places(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (at.length > 0) out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => places(v, [...at, i], out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) places(v, [...at, k], out);
  return out;
}

function withoutKey(value: unknown, at: (string | number)[], key: string): unknown {
  if (at.length === 0) {
    const { [key]: _left, ...rest } = value as Json;
    return rest;
  }
  const [head, ...tail] = at as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Json) }) as Record<string | number, unknown>;
  copy[head] = withoutKey(copy[head], tail, key);
  return copy;
}

const named = (root: string, at: (string | number)[]) =>
  [root, ...at.map((k) => (typeof k === 'number' ? '[]' : k))].join('.').replace('.[]', '[]');
const PER_FIELD = 4;

/** Each operation's valid request broken against its schema, one thing at a time; only what the schema refuses. */
function brokenRequests(): Broken[] {
  const out: Broken[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const request = requestOf(op.operationId, memberId);
      // A login-required operation's request goes with the free member's login, so that its input is what is refused.
      const who = request.who ?? (needsLogin(op) ? 'free' : 'visitor');
      const base = { operationId: op.operationId, method: method.toUpperCase(), path, who, query: request.query ?? {} };
      // Query parameters: each required one left out, and values of each that its schema does not take.
      (op.parameters ?? []).forEach((raw, index) => {
        const param = resolve(raw);
        if (param.in !== 'query' || !param.name || !param.schema) return;
        const pointer = raw.$ref
          ? `${raw.$ref.replace(/^#/, '')}/schema`
          : `/paths/${escapePointer(path)}/${method}/parameters/${index}/schema`;
        const validate = queryAjv.getSchema(`openapi.json#${pointer}`);
        if (param.required) {
          const { [param.name]: _left, ...query } = base.query;
          out.push({ ...base, query, body: request.body, form: request.form?.(), what: `query.${param.name} left out (required)` });
        }
        const values = invalidValues(param.schema, true).filter((v) => validate && !validate(v.value));
        for (const { value, why } of dedupe(values).slice(0, PER_FIELD))
          out.push({
            ...base,
            query: { ...base.query, [param.name]: value as string },
            body: request.body,
            form: request.form?.(),
            what: `query.${param.name} = ${shown(value)} (${why})`,
          });
      });
      // A form without its photo.
      if (request.form) {
        const form = new FormData();
        for (const [name, value] of request.form().entries()) if (name !== 'photo') form.append(name, value);
        out.push({ ...base, form, what: 'a form without its photo (required)' });
        continue;
      }
      const root = op.requestBody?.content?.['application/json']?.schema;
      if (!root || request.body === undefined) continue;
      const validate = schemas.schemaAt(`/paths/${escapePointer(path)}/${method}/requestBody/content/application~1json/schema`);
      const broken = (body: unknown, what: string) => {
        if (!validate(body)) out.push({ ...base, body, what });
      };
      broken([], 'a list instead of the body');
      for (const at of [[], ...places(request.body)]) {
        for (const name of requiredAt(root, at)) {
          const holder = at.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], request.body);
          if (typeof holder === 'object' && holder !== null && name in holder)
            broken(withoutKey(request.body, at, name), `${named('body', [...at, name])} left out (required)`);
        }
        if (at.length === 0) continue;
        const values = dedupe(schemasAt(root, at).flatMap((schema) => invalidValues(schema, false)));
        let sent = 0;
        for (const { value, why } of values) {
          if (sent >= PER_FIELD) break;
          const body = withValue(request.body, at, value);
          if (validate(body)) continue;
          sent += 1;
          out.push({ ...base, body, what: `${named('body', at)} = ${shown(value)} (${why})` });
        }
      }
    }
  }
  return out;
}

function dedupe(values: { value: unknown; why: string }[]): { value: unknown; why: string }[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('requests that break the contract on purpose', () => {
  it('When each request is broken against its schema (a wrong type, a required field left out, a value out of its bounds or list), then every answer is a 4xx the operation documents', async () => {
    const failures: string[] = [];
    const reached = new Set<string>();
    for (const broken of brokenRequests()) {
      const cookie = cookieOf(broken.who, broken.operationId);
      if (cookie === null) continue;
      const res = await send(broken.method, broken.path, {
        cookie,
        query: broken.query,
        body: broken.body,
        ...(broken.form ? { form: broken.form } : {}),
      });
      reached.add(broken.operationId);
      const error = checkRefusal(broken.operationId, res, strictFields);
      recordAnswer(broken.operationId, { check: 'bad input', status: res.status, request: broken.what, ...(error ? { error } : {}) });
      if (error) failures.push(`${broken.operationId} ${broken.what}: ${error}`);
    }
    if (!reporting) {
      expect(failures).toEqual([]);
      // Every operation that takes input got some of it broken.
      expect(takingInput.filter((id) => !reached.has(id))).toEqual([]);
    }
  }, 300_000);
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
  it('When every field of every operation gets boundary values and wrong types (seeded), then no answer is a server error or undocumented', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20261123);
    const perField = Number(process.env.FUZZ_VALUES_PER_FIELD ?? 6);
    const random = seeded(seed);
    const failures: string[] = [];
    let sent = 0;
    const all = samples();
    // A value may be valid (the fuzz does not know): its answer must be one the contract documents, never a 5xx.
    const check = async (target: Target, cookie: string | undefined, what: string, query: Sample['query'], body: unknown) => {
      const res = await send(target.method, target.path, { cookie, query: query ?? {}, body });
      sent += 1;
      const error = res.status >= 500 ? `a server error (${res.status})` : checkAnswer(target.operationId, res, strictFields).error;
      if (!error) return;
      failures.push(`${target.operationId} ${what}: ${res.status} ${error}`);
      recordAnswer(target.operationId, { check: 'bad input', status: res.status, request: `${what} (fuzz, FUZZ_SEED=${seed})`, error });
    };
    for (const target of targets) {
      for (const sample of all[target.operationId] ?? []) {
        const cookie = cookieOf(sample.who ?? 'visitor', target.operationId);
        if (cookie === null) continue;
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
              const query = root === 'query' ? (mutated as Record<string, QueryValue>) : (sample.query ?? {});
              const body = root === 'body' ? mutated : sample.body;
              await check(target, cookie, `${field} = ${JSON.stringify(leaf).slice(0, 60)}`, query, body);
            }
          }
        }
        // The whole body of the wrong type.
        if (sample.body !== undefined) {
          for (const body of [null, [], 'text', 42, {}]) await check(target, cookie, `body = ${JSON.stringify(body)}`, sample.query, body);
        }
      }
    }
    if (!reporting) {
      expect(failures, `FUZZ_SEED=${seed}`).toEqual([]);
      expect(sent).toBeGreaterThan(500);
    }
  }, 600_000);
});
