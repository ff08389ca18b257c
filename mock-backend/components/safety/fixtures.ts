import request from 'supertest';
import { vi } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { loginAsMember, loginCookie, type TestContext } from '../../test/context';

/** Test setup shared by the safety tests: members by role and a conversation to report from. */

export async function idOf(ctx: TestContext, email: string): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return row?.id as number;
}

/** A seeded ordinary member (active, with a profile), not one of the demo logins, logged in. */
export async function otherMember(ctx: TestContext, offset: number): Promise<{ id: number; cookie: string; email: string }> {
  const [row] = await ctx.db.query<{ id: number; email: string }>(
    `SELECT u.id, u.email FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.email NOT IN ($1, $2, $3) AND u.status = 'active' AND u.role = 'member' AND NOT p.fictional AND p.status = 'active'
     ORDER BY u.id OFFSET $4 LIMIT 1`,
    [DEMO_LOGINS.free, DEMO_LOGINS.premium, DEMO_LOGINS.moderator, offset],
  );
  if (!row) throw new Error('not enough seeded members');
  return { id: row.id, email: row.email, cookie: await loginAsMember(ctx, row.id) };
}

/** A second moderator (a seeded member given the role). */
export async function secondModerator(ctx: TestContext, offset: number): Promise<{ id: number; cookie: string }> {
  const m = await otherMember(ctx, offset);
  await ctx.db.query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [m.id]);
  return m;
}

export const moderatorCookie = (ctx: TestContext) => loginCookie(ctx.app, DEMO_LOGINS.moderator);

/** A conversation of the two with `count` messages, alternating from `a`; answers the message ids in order. */
export async function conversation(ctx: TestContext, a: number, b: number, count: number): Promise<number[]> {
  const [site] = await ctx.db.query<{ site_id: number }>('SELECT site_id FROM users WHERE id = $1', [a]);
  const [conv] = await ctx.db.query<{ id: number }>(
    'INSERT INTO conversations (site_id, last_message_at) VALUES ($1, now()) RETURNING id',
    [site?.site_id],
  );
  await ctx.db.query('INSERT INTO conversation_members (conversation_id, user_id) VALUES ($1, $2), ($1, $3)', [conv?.id, a, b]);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [m] = await ctx.db.query<{ id: number }>(
      'INSERT INTO messages (conversation_id, sender_id, body) VALUES ($1, $2, $3) RETURNING id',
      [conv?.id, i % 2 === 0 ? a : b, `message ${i}`],
    );
    ids.push(m?.id as number);
  }
  return ids;
}

/** The outbox rows of a topic for an address, once written. */
export async function mailsTo(ctx: TestContext, topic: string, to: string): Promise<{ subject: string; text_body: string; ref: string }[]> {
  return ctx.db.query(`SELECT subject, text_body, ref FROM mail_outbox WHERE topic = $1 AND to_address = $2 ORDER BY id`, [topic, to]);
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
