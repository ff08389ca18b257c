import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { grantCredits } from '../credits/ledger';
import { sql } from '../../lib/db';

let ctx: TestContext;
let premium: string;
let premiumId: number;
let otherId: number;
beforeAll(async () => {
  ctx = await createTestContext({ members: 6 });
  premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  premiumId = (await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGINS.premium}`))[0]?.id as number;
  otherId = (
    await ctx.db.query<{ id: number }>(
      sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
       WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%'
         AND u.site_id = (SELECT site_id FROM users WHERE id = ${premiumId}) ORDER BY u.id LIMIT 1`,
    )
  )[0]?.id as number;
  await grantCredits(ctx.db, { userId: premiumId, credits: 100, kind: 'promo', reason: 'bonus' });
});
afterAll(() => ctx?.close());

const INVISIBLE = ['\u200b\u200b\u200b', '\u200d \u2060\ufeff', '\u3164', '\u202e\u200e'];
const state = async () => ({
  reservations: (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM credit_reservations WHERE user_id = ${premiumId}`))[0]
    ?.n,
  credits: (await ctx.db.query<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${premiumId}`))[0]?.credits,
  messages: (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${premiumId}`))[0]?.n,
});

describe('texts with nothing visible', () => {
  it('When a message is only zero-width, format or blank characters, then 422 text_invisible in the member language, nothing stored or charged', async () => {
    const before = await state();
    for (const text of INVISIBLE) {
      const res = await request(ctx.app)
        .post('/api/message.php')
        .set('cookie', premium)
        .set('accept-language', 'de')
        .set('Idempotency-Key', crypto.randomUUID())
        .send({ profile_id: otherId, text });
      expect(res.status, JSON.stringify(text)).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'text_invisible',
        params: { field: 'text' },
        message: 'Dieser Text hat keine sichtbaren Zeichen. Schreib etwas, das man lesen kann.',
      });
    }
    expect(await state()).toEqual(before);
    // Visible text among invisible characters goes through.
    const ok = await request(ctx.app)
      .post('/api/message.php')
      .set('cookie', premium)
      .set('Idempotency-Key', crypto.randomUUID())
      .send({ profile_id: otherId, text: '\u200bHi\u200b' });
    expect(ok.status).toBe(201);
  });

  it('When a photo caption is only invisible characters, then 422 text_invisible before the price is held', async () => {
    const before = await state();
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const res = await request(ctx.app)
      .post('/api/photo-message.php')
      .set('cookie', premium)
      .set('Idempotency-Key', crypto.randomUUID())
      .field('profile_id', String(otherId))
      .field('text', '\u200b\u2060')
      .attach('photo', photo, { filename: 'a.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'text_invisible', params: { field: 'text' } });
    expect(await state()).toEqual(before);
  });

  it('When a profile name or a signup name is only invisible characters, then it is refused and nothing changes', async () => {
    const edit = await request(ctx.app)
      .put('/api/profile.php')
      .set('cookie', premium)
      .send({ name: '\u200b\u200b\u3164', about: 'not saved' });
    expect(edit.status).toBe(422);
    expect(edit.body.error).toMatchObject({ code: 'text_invisible', params: { field: 'name' } });
    const me = await request(ctx.app).get('/api/my-profile.php').set('cookie', premium);
    expect(me.body.profile.about).not.toBe('not saved');
    const signup = await request(ctx.app)
      .post('/api/signup.php')
      .send({
        email: `invisible-${Date.now()}@example.test`,
        password: 'correct-horse',
        name: '\u200b\u200d',
        date_of_birth: '1990-01-01',
      });
    expect(signup.status).toBe(422);
    expect(signup.body.error).toMatchObject({ code: 'name_required', params: { field: 'name' } });
  });
});
