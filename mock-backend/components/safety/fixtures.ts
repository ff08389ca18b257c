import request from 'supertest';
import { vi } from 'vitest';
import { sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { loginAsMember, loginCookie, type TestContext } from '../../test/context';

/** Test setup shared by the safety tests: members by role and a conversation to report from. */

export async function idOf(ctx: TestContext, email: string): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`);
  return row?.id as number;
}

/** A seeded ordinary member (active, with a profile), not one of the demo logins, logged in. */
export async function otherMember(ctx: TestContext, offset: number): Promise<{ id: number; cookie: string; email: string }> {
  const [row] = await ctx.db.query<{ id: number; email: string }>(
    sql`SELECT u.id, u.email FROM users u JOIN profiles p ON p.user_id = u.id
        WHERE u.email NOT IN (${DEMO_LOGINS.free}, ${DEMO_LOGINS.premium}, ${DEMO_LOGINS.moderator})
          AND u.status = 'active' AND u.role = 'member' AND NOT p.fictional AND p.status = 'active'
        ORDER BY u.id OFFSET ${offset} LIMIT 1`,
  );
  if (!row) throw new Error('not enough seeded members');
  return { id: row.id, email: row.email, cookie: await loginAsMember(ctx, row.id) };
}

/** A second moderator (a seeded member given the role). */
export async function secondModerator(ctx: TestContext, offset: number): Promise<{ id: number; cookie: string }> {
  const m = await otherMember(ctx, offset);
  await ctx.db.query(sql`UPDATE users SET role = 'moderator' WHERE id = ${m.id}`);
  return m;
}

export const moderatorCookie = (ctx: TestContext) => loginCookie(ctx.app, DEMO_LOGINS.moderator);

/** A conversation of the two with `count` messages, alternating from `a`; answers the message ids in order. */
export async function conversation(ctx: TestContext, a: number, b: number, count: number): Promise<number[]> {
  const [site] = await ctx.db.query<{ site_id: number }>(sql`SELECT site_id FROM users WHERE id = ${a}`);
  const [conv] = await ctx.db.query<{ id: number }>(
    sql`INSERT INTO conversations (site_id, last_message_at) VALUES (${site?.site_id}, now()) RETURNING id`,
  );
  await ctx.db.query(sql`INSERT INTO conversation_members (conversation_id, user_id) VALUES (${conv?.id}, ${a}), (${conv?.id}, ${b})`);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [m] = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO messages (conversation_id, sender_id, body) VALUES (${conv?.id}, ${i % 2 === 0 ? a : b}, ${`message ${i}`}) RETURNING id`,
    );
    ids.push(m?.id as number);
  }
  return ids;
}

/** The outbox rows of a topic for an address, once written. */
export async function mailsTo(ctx: TestContext, topic: string, to: string): Promise<{ subject: string; text_body: string; ref: string }[]> {
  return ctx.db.query(sql`SELECT subject, text_body, ref FROM mail_outbox WHERE topic = ${topic} AND to_address = ${to} ORDER BY id`);
}

export async function waitForMail(ctx: TestContext, topic: string, to: string, count = 1) {
  return vi.waitFor(
    async () => {
      const rows = await mailsTo(ctx, topic, to);
      if (rows.length < count) throw new Error('no mail yet');
      return rows;
    },
    { timeout: 5000, interval: 50 },
  );
}

export const report = (ctx: TestContext, cookie: string, body: Record<string, unknown>) =>
  request(ctx.app).post('/api/report.php').set('cookie', cookie).send(body);
