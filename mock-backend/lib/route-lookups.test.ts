import { createRequire } from 'node:module';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { memoizeRouteLookups } from './route-lookups';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 3 });
});
afterAll(() => ctx?.close());

describe('the contract validator’s route lookups, remembered', () => {
  it('When the app is made, then the validator’s metadata middleware is the remembering one (so the tests below exercise it)', () => {
    memoizeRouteLookups();
    const require = createRequire(import.meta.url);
    const { OpenApiValidator } = require(require.resolve('express-openapi-validator/dist/openapi.validator.js')) as {
      OpenApiValidator: { prototype: { metadataMiddleware: { toString(): string } } };
    };
    expect(OpenApiValidator.prototype.metadataMiddleware.toString()).toContain('found.get(key)');
  });

  it('When a route was found before, then a later request to it is still validated in full: a bad query is 400, another method 405, the same path in other letters the same route', async () => {
    for (let i = 0; i < 3; i++) expect((await request(ctx.app).get('/api/members.php').query({ limit: 5 })).status).toBe(200);
    const badQuery = await request(ctx.app).get('/api/members.php').query({ limit: 'many' });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.code).toBe('bad_request');
    expect((await request(ctx.app).get('/api/members.php').query({ nonsense: 1 })).status).toBe(400);
    expect((await request(ctx.app).patch('/api/members.php').send({})).status).toBe(405);
    expect((await request(ctx.app).patch('/api/members.php').send({})).status).toBe(405);
    const body = await request(ctx.app).post('/api/user.php').send({ email: 42, password: true });
    expect(body.status).toBe(400);
    expect((await request(ctx.app).post('/api/user.php').send({ email: 'nobody@example.test', password: 'wrong-password' })).status).toBe(
      401,
    );
    expect((await request(ctx.app).post('/api/user.php').send({ email: 42, password: true })).status).toBe(400);
    expect((await request(ctx.app).get('/api/nothing.php')).status).toBe(404);
    expect((await request(ctx.app).get('/api/nothing.php')).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      expect((await request(ctx.app).get('/api/Members.php').query({ limit: 5 })).status).toBe(200);
      expect((await request(ctx.app).get('/api/Members.php').query({ limit: 'many' })).status).toBe(400);
    }
  });
});
