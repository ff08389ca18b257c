import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load as parse } from 'js-yaml';
import {
  CONTRACT_METHODS as METHODS,
  contractBasePath as basePath,
  contractLoginOperationsOf,
  isJsonObject as isObject,
  operationKey,
  type SessionUse,
} from '../shared/contract-sessions';

/**
 * The BFF's reader of the contract (openapi.yaml), parsed once: which operations exist (their operationIds), which
 * honour `Idempotency-Key`, which need or use the session (their `security`), and which response headers it declares.
 *
 * An operation honours `Idempotency-Key` when its `parameters` (or its path item's) list
 * `$ref: '#/components/parameters/IdempotencyKey'` (or an inline header parameter named `Idempotency-Key`). Every
 * operation is kept as `"METHOD /api/<path>"` — the spec's `servers` url prefixed — so the BFF can ask "may I repeat
 * this write?" or "does this call need a login?" with the request's method and path. Templated paths (`/x/{id}`) are
 * taken literally; the contract has none (every call is `/api/<name>.php`).
 */

export type IdempotentOperations = ReadonlySet<string>;

export { contractLoginOperationsOf, operationKey, type SessionUse };

const OPENAPI_PATH = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

const PARAMETER_REF = /^#\/components\/parameters\/(.+)$/;

function isIdempotencyKeyHeader(parameter: unknown): boolean {
  return (
    isObject(parameter) &&
    parameter.in === 'header' &&
    typeof parameter.name === 'string' &&
    parameter.name.toLowerCase() === 'idempotency-key'
  );
}

/** The honouring operations of an already parsed OpenAPI document. */
function idempotentOperationsOf(spec: unknown): Set<string> {
  const result = new Set<string>();
  if (!isObject(spec) || !isObject(spec.paths)) return result;
  const components = isObject(spec.components) && isObject(spec.components.parameters) ? spec.components.parameters : {};
  const honours = (parameter: unknown): boolean => {
    if (isObject(parameter) && typeof parameter.$ref === 'string') {
      const name = PARAMETER_REF.exec(parameter.$ref)?.[1];
      return name !== undefined && isIdempotencyKeyHeader(components[name]);
    }
    return isIdempotencyKeyHeader(parameter);
  };
  const listsKey = (item: Record<string, unknown>): boolean => Array.isArray(item.parameters) && item.parameters.some(honours);

  const base = basePath(spec);
  for (const [path, item] of Object.entries(spec.paths)) {
    if (!isObject(item)) continue;
    const pathLevel = listsKey(item);
    for (const method of METHODS) {
      const operation = item[method];
      if (isObject(operation) && (pathLevel || listsKey(operation))) result.add(operationKey(method, `${base}${path}`));
    }
  }
  return result;
}

/** Parses the YAML text of an OpenAPI document (js-yaml: a tenth of the CPU of the `yaml` package for the contract). */
export function parseIdempotentOperations(yamlText: string): Set<string> {
  return idempotentOperationsOf(parse(yamlText));
}

/**
 * Every operation of an already parsed OpenAPI document: `"GET /api/user.php"` → `getUser` (its operationId, or the
 * key itself when it has none). The BFF names metrics, routes and shadow reads by these.
 */
function operationIdsOf(spec: unknown): Map<string, string> {
  const result = new Map<string, string>();
  if (!isObject(spec) || !isObject(spec.paths)) return result;
  const base = basePath(spec);
  for (const [path, item] of Object.entries(spec.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const key = operationKey(method, `${base}${path}`);
      result.set(key, typeof operation.operationId === 'string' ? operation.operationId : key);
    }
  }
  return result;
}

let contractDocument: unknown;

function readContract(): unknown {
  if (contractDocument === undefined) {
    let text: string;
    try {
      text = readFileSync(OPENAPI_PATH, 'utf8');
    } catch (error) {
      throw new Error(
        `Cannot read the API contract ${OPENAPI_PATH} (the BFF reads its operations, the writes it may retry and the headers it passes from it)`,
        { cause: error },
      );
    }
    contractDocument = parse(text);
  }
  return contractDocument;
}

let fromContract: IdempotentOperations | undefined;
let idsFromContract: ReadonlyMap<string, string> | undefined;
let loginFromContract: ReadonlyMap<string, SessionUse> | undefined;

/** The set from the project's openapi.yaml, read and parsed on first use, then kept. */
export function contractIdempotentOperations(): IdempotentOperations {
  fromContract ??= idempotentOperationsOf(readContract());
  return fromContract;
}

/** `"METHOD /api/x.php"` → operationId for every operation of the project's openapi.yaml (read once). */
export function contractOperationIds(): ReadonlyMap<string, string> {
  idsFromContract ??= operationIdsOf(readContract());
  return idsFromContract;
}

/** The headers (lower-cased) that any response of an already parsed OpenAPI document declares, shared ones included. */
function responseHeadersOf(spec: unknown): Set<string> {
  const result = new Set<string>();
  if (!isObject(spec)) return result;
  const collect = (response: unknown) => {
    if (isObject(response) && isObject(response.headers)) for (const name of Object.keys(response.headers)) result.add(name.toLowerCase());
  };
  const components = isObject(spec.components) ? spec.components : {};
  if (isObject(components.responses)) Object.values(components.responses).forEach(collect);
  if (!isObject(spec.paths)) return result;
  for (const item of Object.values(spec.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (isObject(operation) && isObject(operation.responses)) Object.values(operation.responses).forEach(collect);
    }
  }
  return result;
}

let headersFromContract: ReadonlySet<string> | undefined;

/** The response headers the project's openapi.yaml declares (`etag`, `retry-after`, `idempotent-replayed`…), read once. */
export function contractResponseHeaders(): ReadonlySet<string> {
  headersFromContract ??= responseHeadersOf(readContract());
  return headersFromContract;
}

/**
 * `"METHOD /api/x.php"` → how the operation of the project's openapi.yaml uses the session (read once): `required`
 * (a visitor gets 403 `authentication_required`) or `optional`; anonymous operations are absent.
 */
export function contractLoginOperations(): ReadonlyMap<string, SessionUse> {
  loginFromContract ??= contractLoginOperationsOf(readContract());
  return loginFromContract;
}

/** The operationId of a request (`getUser`), or `undocumented` for a path/method the contract does not describe. */
export function operationNameOf(method: string, path: string): string {
  const ids = contractOperationIds();
  const id = ids.get(operationKey(method, path)) ?? (method.toUpperCase() === 'HEAD' ? ids.get(operationKey('GET', path)) : undefined);
  return id ?? 'undocumented';
}
