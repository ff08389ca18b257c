import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { grantCredits } from '../credits/ledger';
import { idOf, moderatorCookie, otherMember } from '../safety/fixtures';
import { sql } from '../../lib/db';

/** A suspended or banned member is no longer available in his partners' conversations: nothing can be sent to him. */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ members: 12 });
});
afterAll(async () => {
  await ctx?.close();
});

const books = async (id: number) => {
  const [row] = await ctx.db.query<{ credits: number; entries: number }>(
    sql`SELECT u.credits, (SELECT count(*)::int FROM credit_ledger l WHERE l.user_id = u.id) AS entries FROM users u WHERE u.id = ${id}`,
  );
  return row;
};

describe('a partner who is suspended', () => {
  it('When member B is suspended, then A sees him as unavailable and his text, gift and photo are refused free of charge; once lifted, B is available again', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const me = await idOf(ctx, DEMO_LOGINS.premium);
    await grantCredits(ctx.db, { userId: me, credits: 100, kind: 'promo', reason: 'bonus' });
    const partner = await otherMember(ctx, 2);
    expect(
      (await request(ctx.app).post('/api/message.php').set('cookie', cookie).send({ profile_id: partner.id, text: 'Hi!' })).status,
    ).toBe(201);
    const open = () => request(ctx.app).get('/api/conversation.php').query({ profile_id: partner.id }).set('cookie', cookie);
    expect((await open()).body.partner_available).toBe(true);

    await request(ctx.app)
      .post('/api/report-decision.php')
      .set('cookie', await moderatorCookie(ctx))
      .send({ member: partner.id, reports: [], action: 'suspend', days: 7, rule: 'other', facts: 'Spam.' })
      .expect(201);

    const conv = await open();
    expect(conv.status).toBe(200);
    expect(conv.body.partner_available).toBe(false);
    expect(conv.body.messages.length).toBeGreaterThan(0);

    const before = await books(me);
    const text = await request(ctx.app)
      .post('/api/message.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .send({ profile_id: partner.id, text: 'Are you there?' });
    expect(text.status).toBe(409);
    expect(text.body.error).toMatchObject({ code: 'partner_unavailable', message: expect.stringContaining('niet meer beschikbaar') });
    const gift = await request(ctx.app).post('/api/gift.php').set('cookie', cookie).send({ profile_id: partner.id, gift: 'rose' });
    expect(gift.status).toBe(409);
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const photo = await request(ctx.app)
      .post('/api/photo-message.php')
      .set('cookie', cookie)
      .field('profile_id', String(partner.id))
      .attach('photo', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' });
    expect(photo.status).toBe(409);
    expect(await books(me)).toEqual(before);
    const [held] = await ctx.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM credit_reservations WHERE user_id = ${me} AND status = 'held'`,
    );
    expect(held?.n).toBe(0);

    // The suspension lifted (what a reversed decision leaves on the member's row).
    await ctx.db.query(sql`UPDATE safety_decisions SET reversed_at = now() WHERE member_id = ${partner.id}`);
    await ctx.db.query(sql`UPDATE users SET suspended_until = NULL WHERE id = ${partner.id}`);
    expect((await open()).body.partner_available).toBe(true);
    expect(
      (await request(ctx.app).post('/api/message.php').set('cookie', cookie).send({ profile_id: partner.id, text: 'Welcome back' })).status,
    ).toBe(201);
  });
});
