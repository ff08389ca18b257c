import { createHash } from 'node:crypto';
import request from 'supertest';
import { sql } from '../../lib/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, fromClient, loginCookie, type TestContext } from '../../test/context';
import { balanceOf, completeCheckout, expectBooksBalance, newBuyer, waitForStatus, webhooksSettled } from '../../test/payments';
import { moderatorCookie, otherMember } from './fixtures';

let ctx: TestContext;
let moderator: string;
let viewer: string;

beforeAll(async () => {
  ctx = await createTestContext({ members: 16 });
  moderator = await moderatorCookie(ctx);
  viewer = await loginCookie(ctx.app, DEMO_LOGINS.premium);
});
afterAll(() => ctx?.close());

const decide = (body: Record<string, unknown>) =>
  request(ctx.app)
    .post('/api/report-decision.php')
    .set('cookie', moderator)
    .send({ reports: [], rule: 'harassment_hate', facts: 'Threats in messages.', ...body });

/** Every member id the premium viewer finds in search, page by page. */
async function searchIds(): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 30; page++) {
    const res: request.Response = await request(ctx.app)
      .get('/api/members.php')
      .query({ limit: 50, ...(cursor ? { cursor } : {}) })
      .set('cookie', viewer);
    expect(res.status).toBe(200);
    seen.push(...(res.body.profiles as { id: number }[]).map((p) => p.id));
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  return seen;
}

const login = (email: string, password: string, ip: string) =>
  request(ctx.app).post('/api/user.php').set(fromClient(ip)).set('request-type', 'client').send({ email, password });

describe('a suspension', () => {
  it('When a member is suspended, then his sessions end, he leaves search and cannot be liked, and his login says account_suspended only after the right password', async () => {
    const member = await otherMember(ctx, 0);
    expect(await searchIds()).toContain(member.id);
    const res = await decide({ member: member.id, action: 'suspend', days: 5 });
    expect(res.status).toBe(201);

    const session = await request(ctx.app).get('/api/statements.php').set('cookie', member.cookie);
    expect(session.status).toBe(403);
    expect(session.body.error.code).toBe('authentication_required');
    expect(await searchIds()).not.toContain(member.id);
    const like = await request(ctx.app).post('/api/like.php').set('cookie', viewer).send({ profile_id: member.id });
    expect(like.status).toBe(404);

    // A wrong password answers exactly as for any account: nobody learns of the suspension without the password.
    const wrong = await login(member.email, 'not-the-password', '10.7.0.1');
    const unknown = await login('nobody-at-all@example.test', 'not-the-password', '10.7.0.2');
    expect(wrong.status).toBe(401);
    expect([wrong.status, wrong.body]).toEqual([unknown.status, unknown.body]);
    const right = await login(member.email, 'demo-password', '10.7.0.3');
    expect(right.status).toBe(423);
    expect(right.body.error.code).toBe('account_suspended');
    expect(right.body.error.params).toMatchObject({
      statement: res.body.decision,
      appeal_path: expect.stringContaining(`/safety/statements/${res.body.decision}?token=`),
    });
    expect(new Date(right.body.error.params.until).getTime()).toBeGreaterThan(Date.now() + 4.9 * 86_400_000);
    expect(([] as string[]).concat(right.headers['set-cookie'] ?? []).some((c) => c.startsWith('auth='))).toBe(false);
    // The token of that answer reads the statement without a session.
    const statement = await request(ctx.app)
      .get('/api/statement.php')
      .query({ id: res.body.decision, token: right.body.error.params.token });
    expect(statement.status).toBe(200);
    expect(statement.body.action).toBe('suspend');
  });

  it('When a suspended member gets a session some other way (a sign-in link, a password reset), then it counts as logged out', async () => {
    const member = await otherMember(ctx, 5);
    await decide({ member: member.id, action: 'suspend', days: 2 }).expect(201);
    // The session a spent sign-in link would create, written directly.
    await ctx.db.query(
      sql`INSERT INTO sessions (id, user_id, expires_at) VALUES (${createHash('sha256').update('a'.repeat(32)).digest('hex')}, ${member.id}, now() + interval '1 day')`,
    );
    const res = await request(ctx.app)
      .get('/api/statements.php')
      .set('cookie', `auth=${'a'.repeat(32)}`);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('authentication_required');
  });

  it('When a suspended member spends a mailed sign-in link, then 423 account_suspended and no session', async () => {
    const member = await otherMember(ctx, 6);
    await decide({ member: member.id, action: 'suspend', days: 2 }).expect(201);
    const token = 'b'.repeat(64);
    await ctx.db.query(
      sql`INSERT INTO account_tokens (token_hash, purpose, user_id, expires_at) VALUES (${createHash('sha256').update(token).digest('hex')}, 'login_link', ${member.id}, now() + interval '10 minutes')`,
    );
    const res = await request(ctx.app).put('/api/login-link.php').send({ token });
    expect(res.status).toBe(423);
    expect(res.body.error.code).toBe('account_suspended');
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => c.startsWith('auth='))).toBe(false);
  });

  it('When the suspension has run out, then he logs in and is found again', async () => {
    const member = await otherMember(ctx, 1);
    await decide({ member: member.id, action: 'suspend', days: 1 }).expect(201);
    await ctx.db.query(sql`UPDATE safety_decisions SET until = now() - interval '1 second' WHERE member_id = ${member.id}`);
    await ctx.db.query(sql`UPDATE users SET suspended_until = now() - interval '1 second' WHERE id = ${member.id}`);
    await ctx.db.query(sql`UPDATE profiles SET hidden_until = now() - interval '1 second' WHERE user_id = ${member.id}`);
    expect((await login(member.email, 'demo-password', '10.7.0.4')).status).toBe(200);
    expect(await searchIds()).toContain(member.id);
  });

  it("When a suspended member (no session) asks with his refused login's token, then he sees and gets the refund of his unused credits; the statement mail's token or a wrong one is 404 and one whose suspension ended 403", async () => {
    const buyer = await newBuyer(ctx, 'NL');
    const pkg = (await request(ctx.app).get('/api/credit-packages.php').set('cookie', buyer.cookie)).body.packages[0] as {
      id: number;
      credits: number;
      price_minor: number;
    };
    const created = await request(ctx.app)
      .post('/api/payments.php')
      .set('cookie', buyer.cookie)
      .set('idempotency-key', `buy-${buyer.userId}`)
      .send({ package_id: pkg.id, method: 'creditcard' });
    await completeCheckout(created.body.checkout_url, 'paid');
    await waitForStatus(ctx, buyer.cookie, created.body.payment_id, 'paid');
    await webhooksSettled(ctx);
    const decision = await decide({ member: buyer.userId, action: 'suspend', days: 3 });
    expect(decision.status).toBe(201);
    const hash = (t: string) => createHash('sha256').update(t).digest('hex');
    const token = 'c'.repeat(32);
    await ctx.db.query(
      sql`INSERT INTO safety_statement_tokens (token_hash, decision_id, scope, password_epoch, expires_at)
          SELECT ${hash(token)}, ${decision.body.decision}, 'suspended', device_epoch, now() + interval '2 hours' FROM users WHERE id = ${buyer.userId}`,
    );
    const holder = { statement: decision.body.decision, token };
    // The statement mail's token reads the statement and nothing else.
    const mailed = 'e'.repeat(32);
    await ctx.db.query(
      sql`INSERT INTO safety_statement_tokens (token_hash, decision_id) VALUES (${hash(mailed)}, ${decision.body.decision})`,
    );
    expect(
      (
        await request(ctx.app)
          .get('/api/refund.php')
          .query({ ...holder, token: mailed })
      ).status,
    ).toBe(404);

    expect((await request(ctx.app).get('/api/refund.php')).status).toBe(403);
    expect(
      (
        await request(ctx.app)
          .get('/api/refund.php')
          .query({ ...holder, token: 'd'.repeat(32) })
      ).status,
    ).toBe(404);
    const quote = await request(ctx.app).get('/api/refund.php').query(holder);
    expect(quote.status).toBe(200);
    expect(quote.body.items).toEqual([
      expect.objectContaining({
        payment_id: created.body.payment_id,
        credits: pkg.credits,
        amount_minor: pkg.price_minor,
        refundable: true,
      }),
    ]);
    const refund = await request(ctx.app)
      .post('/api/refund.php')
      .set('idempotency-key', `refund-${buyer.userId}`)
      .send({ payment_id: created.body.payment_id, ...holder });
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ credits: pkg.credits, amount_minor: pkg.price_minor, balance: 0 });
    expect(await balanceOf(ctx, buyer.userId)).toBe(0);
    await webhooksSettled(ctx);
    await expectBooksBalance(ctx);

    // Once the suspension is over he logs in again: the token no longer stands for him.
    await ctx.db.query(sql`UPDATE safety_decisions SET until = now() - interval '1 minute' WHERE id = ${decision.body.decision}`);
    const after = await request(ctx.app).get('/api/refund.php').query(holder);
    expect(after.status).toBe(403);
    expect(after.body.error.code).toBe('authentication_required');
  });
});

describe('a restriction', () => {
  it('When a member is restricted, then he is hidden from search and starting a new conversation answers 403 account_restricted, while he stays logged in', async () => {
    const member = await otherMember(ctx, 2);
    const partner = await otherMember(ctx, 3);
    await ctx.db.query(sql`UPDATE users SET credits = 100, paid_user = true WHERE id = ${member.id}`);
    await decide({ member: member.id, action: 'restrict', days: 3 }).expect(201);
    expect(await searchIds()).not.toContain(member.id);
    const send = await request(ctx.app)
      .post('/api/message.php')
      .set('cookie', member.cookie)
      .set('accept-language', 'de')
      .send({ profile_id: partner.id, text: 'Hello there' });
    expect(send.status).toBe(403);
    expect(send.body.error.code).toBe('account_restricted');
    expect(send.body.error.message).toContain('eingeschränkt');
    const me = await request(ctx.app).get('/api/statements.php').set('cookie', member.cookie);
    expect(me.status).toBe(200);
    expect(
      await ctx.db.query(
        sql`SELECT 1 FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id WHERE m.user_id = ${member.id}`,
      ),
    ).toHaveLength(0);
  });
});

describe('a ban', () => {
  it('When a banned member signs up again with a variant of his address, then the answer is the same as for any new address and no account gets his address', async () => {
    const member = await otherMember(ctx, 4);
    await ctx.db.query(sql`UPDATE users SET email = 'banned.person@gmail.com' WHERE id = ${member.id}`);
    const ban = await decide({ member: member.id, action: 'ban' });
    expect(ban.status).toBe(201);
    const refused = await login('banned.person@gmail.com', 'demo-password', '10.7.0.5');
    expect(refused.status).toBe(423);
    expect(refused.body.error.code).toBe('account_banned');
    expect(refused.body.error.params.until).toBe('infinity');

    const signup = (email: string, ip: string) =>
      request(ctx.app)
        .post('/api/signup.php')
        .set(fromClient(ip))
        .send({ email, password: 'correct-horse', name: 'Again', date_of_birth: '1990-05-17' });
    const variant = 'Banned.Person+new@googlemail.com';
    const banned = await signup(variant, '10.7.1.1');
    const fresh = await signup('someone-new-entirely@example.test', '10.7.1.2');
    expect(banned.status).toBe(200);
    expect([banned.status, banned.body]).toEqual([fresh.status, fresh.body]);
    expect(([] as string[]).concat(banned.headers['set-cookie'] ?? []).some((c) => c.startsWith('auth='))).toBe(true);
    expect(await ctx.db.query(sql`SELECT 1 FROM users WHERE lower(email) = lower(${variant})`)).toHaveLength(0);
    expect(await ctx.db.query(sql`SELECT 1 FROM users WHERE email = ${'someone-new-entirely@example.test'}`)).toHaveLength(1);
  });

  it('When xy@gmail.com is banned, then "xy"@gmail.com, xy@gmail.com. and x.y+z@gmail.com sign up as decoys; another mailbox signs up for real', async () => {
    const member = await otherMember(ctx, 7);
    await ctx.db.query(sql`UPDATE users SET email = 'xy@gmail.com' WHERE id = ${member.id}`);
    expect((await decide({ member: member.id, action: 'ban' })).status).toBe(201);
    const signup = (email: string, ip: string) =>
      request(ctx.app)
        .post('/api/signup.php')
        .set(fromClient(ip))
        .send({ email, password: 'correct-horse', name: 'Again', date_of_birth: '1990-05-17' });
    const variants = ['"xy"@gmail.com', 'xy@gmail.com.', 'x.y+z@gmail.com'];
    for (const [i, variant] of variants.entries()) {
      expect((await signup(variant, `10.7.2.${i + 1}`)).status).toBe(200);
      const [created] = await ctx.db.query<{ email: string }>(sql`SELECT email FROM users WHERE shown_email = ${variant}`);
      expect(created?.email, variant).toMatch(/@signup\.invalid$/);
    }
    expect((await signup('x.y.z@gmail.com', '10.7.2.9')).status).toBe(200);
    expect(await ctx.db.query(sql`SELECT 1 FROM users WHERE email = 'x.y.z@gmail.com'`)).toHaveLength(1);
  });
});
