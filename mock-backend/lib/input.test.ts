import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../test/context';
import { nulPath } from './input';
import { sql } from './db';

let ctx: TestContext;
let member = '';
beforeAll(async () => {
  ctx = await createTestContext({ members: 8 });
  member = await loginCookie(ctx.app, DEMO_LOGINS.free);
});
afterAll(() => ctx?.close());

const NUL = '\u0000';
const TOO_BIG = 2 ** 31;

/** The one error body, 400 bad_request, in the language the request asked for. */
function expectBadRequest(res: request.Response, message = 'Het verzoek is ongeldig.') {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'bad_request', message });
}

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('bad input is a 400, never a 500', () => {
  it('When a NUL character is in a JSON string, a nested one, a key or the query, then 400 bad_request in Dutch naming the field', async () => {
    const login = await request(ctx.app)
      .post('/api/user.php')
      .set('accept-language', 'nl')
      .send({ email: `a${NUL}@x.test`, password: 'x' });
    expectBadRequest(login);
    expect(login.body.error.params).toEqual({ field: 'body.email' });
    const nested = await request(ctx.app)
      .post('/api/signup.php')
      .set('accept-language', 'nl')
      .send({
        email: 'nul@example.test',
        password: 'correct-horse',
        name: 'Nul',
        date_of_birth: '1990-01-01',
        tracking: { network: `n${NUL}` },
      });
    expectBadRequest(nested);
    expect(nested.body.error.params).toEqual({ field: 'body.tracking.network' });
    const push = await request(ctx.app)
      .post('/api/user.php?push=1')
      .set('cookie', member)
      .set('accept-language', 'nl')
      .send({ subscription: { endpoint: 'https://push.example/x', keys: { [`p${NUL}`]: 'x' } } });
    expectBadRequest(push);
    const query = await request(ctx.app).get('/api/settings.php?host=a%00b').set('accept-language', 'nl');
    expectBadRequest(query);
    expect(query.body.error.params).toEqual({ field: 'query.host' });
    expect(await ctx.db.query(sql`SELECT 1 FROM users WHERE email = 'nul@example.test'`)).toEqual([]);
  });

  it('When ids and integer parameters are 2^31 or more, then 400 bad_request (profile, members region, photo delete)', async () => {
    expectBadRequest(await request(ctx.app).get(`/api/profile.php?id=${TOO_BIG}`).set('accept-language', 'nl'));
    expectBadRequest(await request(ctx.app).get(`/api/members.php?region=${TOO_BIG}`).set('cookie', member).set('accept-language', 'nl'));
    expectBadRequest(
      await request(ctx.app).delete('/api/photos.php').set('cookie', member).set('accept-language', 'nl').send({ id: TOO_BIG }),
    );
    expectBadRequest(await request(ctx.app).get('/api/profile.php?id=99999999999999999999').set('accept-language', 'nl'));
    expectBadRequest(
      await request(ctx.app).put('/api/profile.php').set('cookie', member).set('accept-language', 'nl').send({ region_id: TOO_BIG }),
    );
  });

  it('When a birth date is no calendar date (1990-02-30), then 422 with the Dutch rule, on signup and on the profile', async () => {
    const profile = await request(ctx.app)
      .put('/api/profile.php')
      .set('cookie', member)
      .set('accept-language', 'nl')
      .send({ birth_date: '1990-02-30' });
    expect(profile.status).toBe(422);
    expect(profile.body.error).toMatchObject({
      code: 'profile_birth_date_invalid',
      message: 'Ongeldige geboortedatum.',
      params: { field: 'birth_date' },
    });
    const month = await request(ctx.app).put('/api/profile.php').set('cookie', member).send({ birth_date: '1990-13-01' });
    expect(month.status).toBe(422);
    const signup = await request(ctx.app)
      .post('/api/signup.php')
      .set('accept-language', 'nl')
      .send({ email: 'feb30@example.test', password: 'correct-horse', name: 'Feb', date_of_birth: '1990-02-30' });
    expect(signup.status).toBe(422);
    expect(signup.body.error).toMatchObject({ code: 'birth_date_invalid', message: 'Ongeldige geboortedatum.' });
  });

  it('When the paging cursor of members.php is forged, then 400 bad_request; the real one still pages', async () => {
    const forged = [
      cursorOf(['1', 5]),
      cursorOf(['2020-01-01', 5]),
      cursorOf(['2026-02-30 10:00:00+00', 5]),
      cursorOf(['2026-01-01 25:00:00+00', 5]),
      cursorOf(['2026-01-01 10:00:00+00', TOO_BIG]),
      cursorOf(['2026-01-01 10:00:00+00', -1]),
      cursorOf(['2026-01-01 10:00:00+00', 1e300]),
      cursorOf(['2026-01-01 10:00:00+00', 5, 9]),
      cursorOf({ ts: '2026-01-01 10:00:00+00', id: 5 }),
      'not base64 at all!',
      Buffer.from('["2026-01-01 10:00:00+00",').toString('base64url'),
    ];
    for (const cursor of forged) {
      const res = await request(ctx.app).get('/api/members.php').query({ cursor }).set('cookie', member).set('accept-language', 'nl');
      expectBadRequest(res);
      expect(res.body.error.params, cursor).toEqual({ field: 'cursor' });
    }
    const first = await request(ctx.app).get('/api/members.php?limit=2').set('cookie', member);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const next = await request(ctx.app).get('/api/members.php').query({ limit: 2, cursor: first.body.next_cursor }).set('cookie', member);
    expect(next.status).toBe(200);
    expect(next.body.profiles.map((p: { id: number }) => p.id)).not.toContain(first.body.profiles[0].id);
  });

  it('When a method is not allowed on a path, then 405 carries an Allow header listing the methods', async () => {
    const res = await request(ctx.app).patch('/api/user.php').send({});
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('method_not_allowed');
    expect(res.headers.allow?.split(/,\s*/).sort()).toEqual(['GET', 'POST', 'PUT']);
    expect((await request(ctx.app).put('/api/logout.php')).headers.allow).toBe('GET');
  });

  it('When nulPath walks a value, then it names the first string or key holding a NUL and refuses absurd nesting', () => {
    expect(nulPath({ a: ['x', { b: `y${NUL}` }] }, 'body')).toBe('body.a.1.b');
    expect(nulPath({ ok: 'fine', n: 1, t: true, z: null }, 'body')).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(nulPath(deep, 'body')).not.toBeNull();
  });
});
