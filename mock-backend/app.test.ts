import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 5 });
});
afterAll(() => ctx?.close());

describe('app', () => {
  it('When the JSON body is malformed, then 400 bad_request (never 500)', async () => {
    const res = await request(ctx.app).post('/api/user.php').set('content-type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('When fields have wrong types or are missing, then 400 bad_request', async () => {
    const wrongType = await request(ctx.app).post('/api/user.php').send({ email: 42, password: true });
    const missing = await request(ctx.app).put('/api/user.php').send({});
    const badLocale = await request(ctx.app).put('/api/user.php').send({ language: 'xx' });
    const badQuery = await request(ctx.app).get('/api/members.php').query({ limit: 'many' });
    const badChat = await request(ctx.app).delete('/api/chat.php').send({ conversation: 'one' });
    for (const res of [wrongType, missing, badLocale, badQuery, badChat]) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });

  it('When a query parameter is unknown outside settings.php, then 400', async () => {
    expect((await request(ctx.app).get('/api/interests.php').query({ x: 1 })).status).toBe(400);
  });

  it('When an unknown API path or method is used, then 404 not_found or 405', async () => {
    const res = await request(ctx.app).get('/api/nothing.php');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    expect((await request(ctx.app).patch('/api/user.php').send({})).status).toBe(405);
  });

  it('When an error answers in German, then the message is German', async () => {
    const res = await request(ctx.app).get('/api/nothing.php').set('accept-language', 'de-AT');
    expect(res.body.error.message).toBe('Nicht gefunden.');
  });

  it('When a seeded photo is fetched by the signed path an answer gave, then it is served as a JPEG with nosniff; unsigned it is not', async () => {
    const members = await request(ctx.app).get('/api/members.php');
    const thumb = (members.body.profiles as Array<{ main_image: { thumb_filename: string } | null }>).find((p) => p.main_image)?.main_image
      ?.thumb_filename;
    expect(thumb).toMatch(/^s\/\d+\/[\w-]+\/avatars\//);
    const res = await request(ctx.app).get(`/media/${thumb}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await request(ctx.app).get('/media/avatars/avatar-01-thumb.jpg')).status).toBe(404);
  });

  it('When a media path tries to leave the media folder, then 404', async () => {
    for (const p of [
      '/media/../package.json',
      '/media/..%2f..%2fpackage.json',
      '/media/avatars/..%5c..%5cpackage.json',
      '/media/%2e%2e/x',
    ]) {
      const res = await request(ctx.app).get(p);
      expect(res.status, p).toBe(404);
    }
  });

  it('When a request id is given, then it is echoed back', async () => {
    const res = await request(ctx.app).get('/api/settings.php').set('x-request-id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});
