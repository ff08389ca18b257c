import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { load as parseYaml } from 'js-yaml';
import type { OperationId } from './operations';
import { OPENAPI_PATH } from './openapi';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  schema?: Json;
}

/** One failed rule of a request, as the 400 answer's `params.errors` lists it (`/query/limit`, `must be <= 100`). */
export interface RequestProblem {
  path: string;
  message: string;
}

/** A request body's media types the operation takes, each with its validator. */
interface BodyRule {
  required: boolean;
  /** Media type (`application/json`, `multipart/form-data`, `text/plain`, …) → validator of the parsed body. */
  media: ReadonlyMap<string, ValidateFunction>;
}

/** An operation of the contract, with its validators compiled at start. */
export interface CompiledOperation {
  readonly id: OperationId;
  readonly method: string;
  readonly path: string;
  /** Validates and coerces the query (strings to the contract's numbers and booleans, defaults filled). */
  readonly query: ValidateFunction;
  readonly headers: ValidateFunction | null;
  readonly body: BodyRule | null;
  /** The JSON schemas of its success answers (2xx), as written in the contract (for shaping answers). */
  readonly answers: readonly unknown[];
}

/** The contract's operations by `METHOD /api/path`, and each path's methods (for 405's `Allow`). */
export interface CompiledContract {
  /** The parsed contract. */
  readonly document: Json;
  readonly operations: ReadonlyMap<string, CompiledOperation>;
  readonly methodsByPath: ReadonlyMap<string, readonly string[]>;
}

/** `#/components/…` inside a schema copied out of the contract, pointed at the contract added to Ajv under this id. */
const CONTRACT_ID = 'request-contract.json';

function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof item === 'string' && item.startsWith('#/') ? `${CONTRACT_ID}${item}` : rebase(item);
  }
  return out;
}

function newAjv(coerce: boolean | 'array', contract: Json): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes: coerce, useDefaults: true });
  // Formats by their shape ('fast'): a date that is no calendar date reaches the service, whose 422 names the rule.
  addFormats.default(ajv, { mode: 'fast' });
  // OpenAPI's own formats: a file part of a form, and number widths the types already bound.
  for (const format of ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password']) ajv.addFormat(format, true);
  const { paths: _paths, ...components } = contract;
  ajv.addSchema(components, CONTRACT_ID);
  return ajv;
}

function resolveRef<T>(contract: Json, value: T | { $ref: string }): T {
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string') return value as T;
  let at: unknown = contract;
  for (const part of ref.replace(/^#\//, '').split('/')) at = (at as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return resolveRef(contract, at as T);
}

function objectSchema(params: Parameter[], lowerCase: boolean, closed: boolean): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const p of params) {
    const name = lowerCase ? p.name.toLowerCase() : p.name;
    properties[name] = rebase(p.schema ?? {});
    if (p.required) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: !closed };
}

/**
 * Reads openapi.yaml and compiles, for every operation, a validator of its query, its headers and each media type of
 * its body — all at once, so no request pays for a compile and a lookup is one map read (no walk over the paths).
 * Ajv (2020-12, the dialect of OpenAPI 3.1) with the contract's components added once: query and headers are
 * coerced from text the way OpenAPI's `form` style means (a single value of an array parameter is a list of one),
 * bodies are not.
 */
export function compileContract(file = OPENAPI_PATH): CompiledContract {
  const contract = parseYaml(readFileSync(file, 'utf8')) as Json & { paths: Record<string, Record<string, Json>> };
  const base = new URL((contract.servers as { url: string }[] | undefined)?.[0]?.url ?? '/', 'http://contract').pathname.replace(/\/$/, '');
  // 'array': a query array parameter given once (`tribes=bear`, which the query parser leaves a string) is a list of
  // one, as OpenAPI's exploded `form` style means; a parameter given twice where one value is expected stays a 400.
  const params = newAjv('array', contract);
  const bodies = newAjv(false, contract);
  const operations = new Map<string, CompiledOperation>();
  const methodsByPath = new Map<string, string[]>();
  for (const [path, item] of Object.entries(contract.paths)) {
    const fullPath = `${base}${path}`;
    const shared = ((item.parameters as Parameter[] | undefined) ?? []).map((p) => resolveRef(contract, p));
    for (const method of METHODS) {
      const op = item[method] as (Json & { operationId: OperationId; parameters?: Parameter[] }) | undefined;
      if (!op) continue;
      const upper = method.toUpperCase();
      methodsByPath.set(fullPath, [...(methodsByPath.get(fullPath) ?? []), upper]);
      const all = [...shared, ...(op.parameters ?? []).map((p) => resolveRef(contract, p))];
      const allowUnknown = op['x-eov-allow-unknown-query-parameters'] === true;
      const headerParams = all.filter((p) => p.in === 'header');
      let body: BodyRule | null = null;
      if (op.requestBody) {
        const rb = resolveRef(contract, op.requestBody as Json & { required?: boolean; content?: Record<string, { schema?: Json }> });
        const media = new Map<string, ValidateFunction>();
        for (const [type, content] of Object.entries(rb.content ?? {})) {
          media.set(type, bodies.compile(rebase(content.schema ?? {}) as Json));
        }
        body = { required: rb.required === true, media };
      }
      operations.set(`${upper} ${fullPath}`, {
        id: op.operationId,
        method: upper,
        path: fullPath,
        query: params.compile(
          objectSchema(
            all.filter((p) => p.in === 'query'),
            false,
            !allowUnknown,
          ),
        ),
        headers: headerParams.length ? params.compile(objectSchema(headerParams, true, false)) : null,
        body,
        answers: successSchemas(contract, op.responses as Record<string, Json> | undefined),
      });
    }
  }
  return { document: contract, operations, methodsByPath };
}

function successSchemas(contract: Json, responses: Record<string, Json> | undefined): unknown[] {
  return Object.entries(responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => resolveRef(contract, response as Json & { content?: Record<string, { schema?: unknown }> }))
    .map((response) => (response as { content?: Record<string, { schema?: unknown }> }).content?.['application/json']?.schema)
    .filter((schema) => schema !== undefined);
}

/** Ajv's errors as the answer lists them: where (`/query/limit`, `/body/profile_id`) and what. */
export function problemsOf(where: string, errors: readonly ErrorObject[] | null | undefined): RequestProblem[] {
  return (errors ?? []).slice(0, 10).map((e) => {
    const missing = e.keyword === 'required' ? `/${String((e.params as { missingProperty?: unknown }).missingProperty)}` : '';
    const extra =
      e.keyword === 'additionalProperties' ? `/${String((e.params as { additionalProperty?: unknown }).additionalProperty)}` : '';
    return { path: `/${where}${e.instancePath}${missing}${extra}`, message: e.message ?? 'is not valid' };
  });
}
