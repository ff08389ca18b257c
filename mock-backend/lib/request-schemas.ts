import { createRequire } from 'node:module';

/**
 * express-openapi-validator compiles two schemas for each route on its first request (the parameters, the body), and
 * puts the contract's whole `paths` into each of them beside its `components`, so that a `$ref` into `#/paths/…` could
 * resolve. Ajv walks all of it for every compile: for a route of this contract about three fifths of the work is
 * walking the other routes' definitions, which it never uses — our contract refers only to `#/components/…`
 * (request-schemas.test.ts checks that). Every process pays it once per route: each backend start, each test worker.
 *
 * This hands Ajv each of those schemas without `paths`. It wraps the library's one compile-and-cache helper
 * (`useAjvCache` in its `dist/middlewares/util.js`, which its request validator calls through the module's exports),
 * and leaves it as it is when a later version no longer has it there: the validator then works as before, only slower.
 */
let installed = false;

export function compileRequestSchemasWithoutPaths(): void {
  if (installed) return;
  installed = true;
  let util: { useAjvCache?: (ajv: unknown, schema: unknown, key: string) => unknown };
  try {
    util = createRequire(import.meta.url)('express-openapi-validator/dist/middlewares/util.js') as typeof util;
  } catch {
    return;
  }
  const compile = util.useAjvCache;
  if (typeof compile !== 'function') return;
  util.useAjvCache = (ajv, schema, key) => {
    if (schema && typeof schema === 'object' && 'paths' in schema && 'components' in schema) {
      const { paths: _paths, ...lean } = schema as Record<string, unknown>;
      return compile(ajv, lean, key);
    }
    return compile(ajv, schema, key);
  };
}
