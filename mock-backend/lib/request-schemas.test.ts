import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from './openapi';
import { compileRequestSchemasWithoutPaths } from './request-schemas';

describe('request schemas compiled without the contract’s paths', () => {
  it('When the contract is read, then no $ref points into #/paths (which the lean request schemas leave out)', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).not.toMatch(/\$ref:\s*['"]?#\/paths/);
  });

  it('When express-openapi-validator compiles a route’s schema, then Ajv gets it without paths and with its components', () => {
    compileRequestSchemasWithoutPaths();
    const util = createRequire(import.meta.url)('express-openapi-validator/dist/middlewares/util.js') as {
      useAjvCache: (ajv: unknown, schema: unknown, key: string) => unknown;
    };
    const added: unknown[] = [];
    const ajv = { getSchema: () => (added.length ? () => true : undefined), addSchema: (schema: unknown) => void added.push(schema) };
    util.useAjvCache(ajv, { paths: { '/x.php': {} }, components: { schemas: {} }, properties: { body: {} } }, 'key');
    expect(added).toEqual([{ components: { schemas: {} }, properties: { body: {} } }]);
  });
});
