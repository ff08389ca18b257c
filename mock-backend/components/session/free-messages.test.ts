import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MESSAGES } from '../../../src/shared/chat';
import { sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginAsMember, loginCookie, type TestContext } from '../../test/context';

/**
 * The user answer says how many text messages the member may still send free (`free_messages_left`), the number the
 * match pop-up and the credits page show before he writes: the same count the chat's allowance keeps.
 */
let ctx: TestContext;
let freeId: number;
let others: number[];

beforeAll(async () => {
  ctx = await createTestContext({ members: 8 });
  const rows = await ctx.db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%'
       AND u.site_id = (SELECT id FROM sites WHERE is_default)
     ORDER BY u.id LIMIT 3`,
  );
  [freeId, ...others] = rows.map((r) => r.id) as [number, ...number[]];
});
afterAll(() => ctx?.close());

const me = async (cookie: string) => (await request(ctx.app).get('/api/user.php').set('request-type', 'client').set('cookie', cookie)).body;
const send = (cookie: string, profileId: number, text: string) =>
  request(ctx.app)
    .post('/api/message.php')
    .set('cookie', cookie)
    .set('Idempotency-Key', `k-${Math.random()}`)
    .send({ profile_id: profileId, text });

describe('free messages left, in the user answer', () => {
  it('When a free member who has written nothing asks for himself, then he has all his free messages; each free send takes one, as the chat counts it, down to 0', async () => {
    const cookie = await loginAsMember(ctx, freeId, { free: true });
    expect((await me(cookie)).user.free_messages_left).toBe(FREE_MESSAGES);
    const to = others[0] as number;
    for (let left = FREE_MESSAGES - 1; left >= 0; left--) {
      const sent = await send(cookie, to, `Hello ${left}`);
      expect(sent.ok).toBe(true);
      expect(sent.body.allowance.free_messages_left).toBe(left);
      expect((await me(cookie)).user.free_messages_left).toBe(left);
    }
    // The next one is not free (he has no credits): refused, and the count stays at 0.
    expect((await send(cookie, to, 'One more')).status).toBe(402);
    expect((await me(cookie)).user.free_messages_left).toBe(0);
  });

  it("When a premium member asks for himself, then he has no free messages: every message of his costs the site's message_credits", async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const { user } = await me(cookie);
    expect(user.paid_user).toBe(true);
    expect(user.free_messages_left).toBe(0);
  });

  it('When a free member buys credits (premium now), then the free messages he had not used are no longer offered', async () => {
    const id = others[1] as number;
    const cookie = await loginAsMember(ctx, id, { free: true });
    expect((await me(cookie)).user.free_messages_left).toBe(FREE_MESSAGES);
    await ctx.db.query(sql`UPDATE users SET paid_user = true WHERE id = ${id}`);
    expect((await me(cookie)).user.free_messages_left).toBe(0);
  });
});
