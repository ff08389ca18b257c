/**
 * What the contract suites and the operator's report (tests/contract/run.ts) check of every answer, in this order; the
 * first check an answer fails is its difference:
 *
 * 1. status: the operation documents exactly this status (a class such as `4XX`, or `default`, does not count); a 5xx
 *    it does not document is a server error;
 * 2. content type: the answer's `Content-Type` is one the contract names for that status, and a status the contract
 *    documents without content has no body;
 * 3. headers: every header the documented answer marks `required` is there (ETag on a 304, Retry-After on a 429 or
 *    503), and every documented header it sends has its schema's type;
 * 4. body: a JSON body matches the schema of that status, bounds included (an age of -3 is not one);
 * 5. fields the contract does not name: listed for every answer, and a difference in strict mode (the report's
 *    `--strict`, and the suites against this repository's own backend, whose answers name only the contract's fields).
 *
 * Objects of the contract stay open (no `additionalProperties: false`): a backend that adds a harmless field still
 * conforms unless the operator asks for strict mode, and the backend's own tests (`validateResponses`) keep reading the
 * contract as it is.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { contractSchemas, firstSchemaError } from '../../mock-backend/lib/openapi';

type Json = Record<string, unknown>;
interface Schema extends Json {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Response extends Json {
  $ref?: string;
  content?: Record<string, { schema?: Schema }>;
  headers?: Record<string, Json & { $ref?: string; required?: boolean; schema?: Schema }>;
}
interface Operation {
  operationId: string;
  path: string;
  method: string;
  responses: Record<string, Response>;
}

/** What came back: the status, the head, and the body (parsed JSON; the text when it is no JSON; undefined when empty). */
export interface ObservedAnswer {
  status: number;
  headers: Headers | IncomingHttpHeaders;
  body: unknown;
}

export interface AnswerFinding {
  /** The first way the answer breaks the contract; undefined when it conforms. */
  error?: string;
  /** The body's fields that the contract does not name, as JSON pointers (`*` for any element of a list); a difference in strict mode. */
  unnamed?: string[];
}

const schemas = contractSchemas();
const contract = schemas.contract as unknown as { paths: Record<string, Record<string, Operation>> } & Json;

const operations = new Map<string, Operation>();
for (const [path, item] of Object.entries(contract.paths)) {
  for (const [method, op] of Object.entries(item)) operations.set(op.operationId, { ...op, path, method });
}

const escape = (part: string): string => part.replaceAll('~', '~0').replaceAll('/', '~1');
const pointerOf = (...parts: string[]): string => parts.map((p) => `/${escape(p)}`).join('');

function at(pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], contract);
}

/** A node of the contract with its `$ref` followed, and the JSON pointer it was found at. */
function resolved<T extends Json & { $ref?: string }>(node: T, pointer: string): { node: T; pointer: string } {
  let current = node;
  let where = pointer;
  while (current.$ref) {
    where = current.$ref.replace(/^#/, '');
    current = at(where) as T;
  }
  return { node: current, pointer: where };
}

function header(headers: ObservedAnswer['headers'], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** No body at all (an empty JSON object counts as none, as a backend's `res.json({})` on a 204 is sent empty). */
const isEmpty = (body: unknown) => body === undefined || body === '' || (isRecord(body) && Object.keys(body).length === 0);

/** `application/json` matches `application/json`, `application/*` and `*\/*`. */
function mediaMatches(documented: string, sent: string): boolean {
  const [type, subtype] = documented.toLowerCase().split('/');
  const [sentType, sentSubtype] = sent.split('/');
  return (type === '*' || type === sentType) && (subtype === '*' || subtype === sentSubtype);
}

const isJsonMedia = (type: string) => /^application\/(?:[\w.-]+\+)?json$/.test(type);

/** The statuses the operation documents, as the contract lists them. */
function documentedStatuses(operationId: string): string[] {
  return Object.keys(operations.get(operationId)?.responses ?? {});
}

/** The operation's answer to `status` as the contract documents it (exactly that status), its `$ref` followed. */
function documented(op: Operation, status: number): { response: Response; pointer: string } | undefined {
  const response = op.responses[String(status)];
  if (!response) return undefined;
  const found = resolved(response, pointerOf('paths', op.path, op.method, 'responses', String(status)));
  return { response: found.node, pointer: found.pointer };
}

/** A header's text as its schema's type: `"30"` is the integer 30 for `Retry-After`. */
function headerValue(value: string, schema: Schema): unknown {
  const types = ([] as string[]).concat(schema.type ?? []);
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(?:\.\d+)?$/.test(value.trim())) return Number(value);
  return value;
}

/** The checks above for one answer of `operationId`. */
export function checkAnswer(operationId: string, answer: ObservedAnswer, strict: boolean): AnswerFinding {
  const op = operations.get(operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  const { status, body } = answer;
  const found = documented(op, status);
  const listed = documentedStatuses(operationId).join(', ');
  if (!found) {
    return {
      error:
        status >= 500
          ? `a server error: ${status} is not an answer the contract documents (it documents ${listed})`
          : `status ${status} is not documented (the contract documents ${listed})`,
    };
  }
  const { response, pointer } = found;
  const content = response.content;
  const sentType = header(answer.headers, 'content-type')?.split(';')[0]?.trim().toLowerCase() || undefined;
  let media: string | undefined;
  if (!content) {
    if (!isEmpty(body)) return { error: `status ${status} must have no body` };
  } else {
    const types = Object.keys(content);
    if (!sentType) return { error: `has no Content-Type (the contract says ${types.join(' or ')})` };
    media = types.find((t) => mediaMatches(t, sentType));
    if (!media) return { error: `Content-Type ${sentType} is not the contract's ${types.join(' or ')}` };
  }
  for (const [name, declared] of Object.entries(response.headers ?? {})) {
    const headerAt = resolved(declared, `${pointer}/headers/${escape(name)}`);
    const value = header(answer.headers, name);
    if (value === undefined) {
      if (headerAt.node.required) return { error: `the ${name} header is missing (the contract promises it with ${status})` };
      continue;
    }
    if (!headerAt.node.schema) continue;
    const validate = schemas.schemaAt(`${headerAt.pointer}/schema`);
    if (!validate(headerValue(value, headerAt.node.schema))) {
      return {
        error: `the ${name} header ${JSON.stringify(value)} ${firstSchemaError(validate.errors)?.replace(/^\(body\) /, '') ?? 'does not match'}`,
      };
    }
  }
  const bodySchema = media && isJsonMedia(media) ? content?.[media]?.schema : undefined;
  if (!media || !bodySchema) return {};
  const validate = schemas.schemaAt(`${pointer}/content/${escape(media)}/schema`);
  if (!validate(body)) return { error: firstSchemaError(validate.errors) ?? 'does not match' };
  // One line per field, not per element of a list: `/profiles/*/internal_score`.
  const unnamed = [...new Set(unnamedFields([bodySchema], body, '').map((p) => p.replace(/\/\d+(?=\/|$)/g, '/*')))];
  if (unnamed.length === 0) return {};
  const names = unnamed.slice(0, 5).join(', ') + (unnamed.length > 5 ? ` and ${unnamed.length - 5} more` : '');
  return strict ? { error: `${unnamed.length === 1 ? 'a field' : 'fields'} the contract does not name: ${names}`, unnamed } : { unnamed };
}

// Fields the contract does not name ------------------------------------------------------------------------------------

const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(at(schema.$ref.replace(/^#/, '')) as Schema) : schema);

/** The schemas that hold at once for a value: each with its `$ref` followed and its `allOf` parts added. */
function together(list: Schema[]): Schema[] {
  const out: Schema[] = [];
  const visit = (schema: Schema) => {
    const s = resolve(schema);
    out.push(s);
    for (const part of s.allOf ?? []) visit(part);
  };
  list.forEach(visit);
  return out;
}

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

/** Whether a branch of a `oneOf`/`anyOf` could be the value's (its declared type admits it). */
function couldBe(schema: Schema, value: unknown): boolean {
  const types = ([] as string[]).concat(resolve(schema).type ?? []);
  if (types.length === 0) return true;
  const type = jsonType(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/**
 * The JSON pointers of the value's fields that none of the schemas names, recursively. A `oneOf`/`anyOf` counts by
 * the branch that names the most; an object schema with `additionalProperties` (true or a schema), pattern properties
 * or no properties at all is a map: its keys are data, not fields.
 */
function unnamedFields(list: Schema[], value: unknown, path: string): string[] {
  const all = together(list);
  const choice = all.find((s) => s.oneOf ?? s.anyOf);
  if (choice) {
    const rest = all.filter((s) => s !== choice);
    const own: Schema = { ...choice, oneOf: undefined, anyOf: undefined };
    let best: string[] | undefined;
    for (const branch of (choice.oneOf ?? choice.anyOf) as Schema[]) {
      if (!couldBe(branch, value)) continue;
      const found = unnamedFields([...rest, own, branch], value, path);
      if (!best || found.length < best.length) best = found;
    }
    return best ?? [];
  }
  if (Array.isArray(value)) {
    const items = all.map((s) => s.items).filter((s): s is Schema => s !== undefined);
    return items.length === 0 ? [] : value.flatMap((v, i) => unnamedFields(items, v, `${path}/${i}`));
  }
  if (!isRecord(value)) return [];
  const named = new Map<string, Schema[]>();
  for (const s of all) for (const [key, child] of Object.entries(s.properties ?? {})) named.set(key, [...(named.get(key) ?? []), child]);
  const extra = all.map((s) => s.additionalProperties).filter((s): s is Schema => typeof s === 'object');
  const closed = all.some((s) => s.additionalProperties === false);
  const map =
    all.some((s) => s.additionalProperties === true || s.patternProperties) || (named.size === 0 && extra.length === 0 && !closed);
  const out: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const where = `${path}/${escape(key)}`;
    const declared = named.get(key);
    if (declared) out.push(...unnamedFields(declared, child, where));
    else if (extra.length > 0) out.push(...unnamedFields(extra, child, where));
    else if (!map) out.push(where);
  }
  return out;
}

/**
 * What a request the contract does not take (bad input on purpose) must get: a 4xx the operation documents, in an
 * answer the contract allows (its error body). Accepting it (2xx, 3xx) and failing on it (5xx) are differences.
 */
export function checkRefusal(operationId: string, answer: ObservedAnswer, strict: boolean): string | undefined {
  if (answer.status < 400) return `accepted with ${answer.status}; a request the contract does not take must get a documented 4xx`;
  if (answer.status >= 500) return `a server error (${answer.status}) instead of a documented 4xx`;
  return checkAnswer(operationId, answer, strict).error;
}
