import { describe, expect, it } from 'vitest';
import { load as parse } from 'js-yaml';
import { contractLoginOperations, contractLoginOperationsOf } from '../../src/bff/idempotent-operations';

const document = (security: string, operations: string) =>
  parse(`
openapi: 3.1.0
servers: [{ url: https://backend.example/api/ }]
${security}
components:
  securitySchemes:
    cookieAuth: { type: apiKey, in: cookie, name: auth }
    bearer: { type: http, scheme: bearer }
paths:
${operations}
`) as unknown;

describe('which calls need a login (the contract’s security)', () => {
  it('When operations declare their security, then required, optional and anonymous ones are told apart by the session scheme', () => {
    const operations = contractLoginOperationsOf(
      document(
        '',
        `
  /likes.php:
    get: { security: [{ cookieAuth: [] }] }
  /members.php:
    get: { security: [{}, { cookieAuth: [] }] }
  /settings.php:
    get: { security: [] }
  /interests.php:
    get: {}
  /token.php:
    get: { security: [{ bearer: [] }] }
  /both.php:
    post: { security: [{ cookieAuth: [], bearer: [] }] }
`,
      ),
    );
    expect(Object.fromEntries(operations)).toEqual({
      'GET /api/likes.php': 'required',
      'GET /api/members.php': 'optional',
      'POST /api/both.php': 'required',
    });
  });

  it('When the document declares a default security, then operations without their own take it and an empty list overrides it', () => {
    const operations = contractLoginOperationsOf(
      document(
        'security: [{ cookieAuth: [] }]',
        `
  /chats.php:
    get: {}
    delete: {}
  /signup.php:
    post: { security: [] }
`,
      ),
    );
    expect(Object.fromEntries(operations)).toEqual({ 'GET /api/chats.php': 'required', 'DELETE /api/chats.php': 'required' });
  });

  it('When the document is not an OpenAPI document, then no operation needs a login', () => {
    expect(contractLoginOperationsOf(null).size).toBe(0);
    expect(contractLoginOperationsOf({ paths: 'x' }).size).toBe(0);
  });

  it("When the project's contract is read, then the member's lists need a login, the search serves visitors too and the site's settings are anonymous", () => {
    const operations = contractLoginOperations();
    expect(operations.get('GET /api/likes.php')).toBe('required');
    expect(operations.get('GET /api/events.php')).toBe('required');
    expect(operations.get('POST /api/photos.php')).toBe('required');
    expect(operations.get('GET /api/members.php')).toBe('optional');
    expect(operations.get('POST /api/user.php')).toBe('optional');
    expect(operations.has('GET /api/settings.php')).toBe(false);
    expect(operations.has('POST /api/signup.php')).toBe(false);
    expect(contractLoginOperations()).toBe(operations);
  });
});
