import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { localSmtp, type LocalSmtp } from '../test/smtp';
import { createLogger } from './logger';
import { createMailer } from './mail';
import { setEmail } from '../components/accounts/repository';
import { MAIL_MAX_ATTEMPTS } from './outbox';
import { sql } from './db';

/**
 * The outbox against a real SMTP server on loopback (smtp-server), through the same nodemailer transport as
 * production: signup while SMTP is down, then up again.
 */

let ctx: TestContext;
let smtp: LocalSmtp;

async function outboxRow(to: string) {
  const [row] = await ctx.db.query<{ status: string; attempts: number; last_error: string | null }>(
    sql`SELECT status, attempts, last_error FROM mail_outbox WHERE to_address = ${to} ORDER BY id DESC LIMIT 1`,
  );
  return row;
}

beforeAll(async () => {
  smtp = await localSmtp(undefined, { refuse: (address) => address.startsWith('no-such-mailbox') });
  ctx = await createTestContext({
    members: 10,
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: '/nonexistent', logger: createLogger('silent') }),
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.stop();
});

describe('mail outbox', () => {
  it('When a visitor signs up while SMTP is down, then the account exists at once and the activation mail arrives once SMTP is back, exactly once', async () => {
    const email = 'outbox-down@example.test';
    const res = await request(ctx.app)
      .post('/api/signup.php')
      .send({ email, password: 'a-long-password', name: 'Outbox', date_of_birth: '1990-04-01' });
    expect(res.status).toBe(200);
    const [user] = await ctx.db.query<{ status: string }>(sql`SELECT status FROM users WHERE email = ${email}`);
    expect(user?.status).toBe('not_confirmed');

    // The first attempt fails (nothing listens); the row stays pending with the reason and a later attempt.
    await vi.waitFor(
      async () => {
        const row = await outboxRow(email);
        expect(row?.attempts).toBeGreaterThanOrEqual(1);
        expect(row?.status).toBe('pending');
        expect(row?.last_error).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    await vi.waitFor(
      async () => {
        expect((await outboxRow(email))?.status).toBe('sent');
      },
      { timeout: 20_000, interval: 100 },
    );
    // Give the other triggers (the retry job, the next drain) time to prove they send nothing more.
    await ctx.background.outbox.drain();
    await new Promise((r) => setTimeout(r, 1500));
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/\/activate\/done\?token=[0-9a-f]{64}/);
    expect(mails[0]?.messageId).toMatch(/^<outbox-\d+\./);
  });

  it('When a mail keeps failing, then it is given up after the bound with the reason kept, and never sent', async () => {
    await smtp.stop();
    const email = 'outbox-failing@example.test';
    const res = await request(ctx.app)
      .post('/api/signup.php')
      .send({ email, password: 'a-long-password', name: 'Failing', date_of_birth: '1990-04-01' });
    expect(res.status).toBe(200);
    await vi.waitFor(async () => expect((await outboxRow(email))?.attempts).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 50 });
    // Skip the waiting of the earlier attempts: this is the last one allowed.
    await ctx.db.query(
      sql`UPDATE mail_outbox SET attempts = ${MAIL_MAX_ATTEMPTS - 1}, next_attempt_at = now() WHERE to_address = ${email}`,
    );
    // This drain, or the job's own if it came first, makes the last attempt.
    await ctx.background.outbox.drain();
    await vi.waitFor(async () => expect((await outboxRow(email))?.status).toBe('failed'), { timeout: 10_000, interval: 50 });
    const row = await outboxRow(email);
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(row?.last_error).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
    expect(row?.last_error).not.toContain(email);
    await smtp.start();
    await ctx.background.outbox.drain();
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it('When the receiving server refuses the mailbox for good, then the mail is given up at once and the account is marked "bounce" until it confirms another address', async () => {
    await smtp.start();
    const email = 'no-such-mailbox@example.test';
    const res = await request(ctx.app)
      .post('/api/signup.php')
      .send({ email, password: 'a-long-password', name: 'Bouncing', date_of_birth: '1990-04-01' });
    expect(res.status).toBe(200);
    await ctx.background.outbox.drain();
    await vi.waitFor(async () => expect((await outboxRow(email))?.status).toBe('failed'), { timeout: 10_000, interval: 50 });
    expect((await outboxRow(email))?.attempts).toBe(1);
    const [user] = await ctx.db.query<{ id: number; notifications_disabled: string[] }>(
      sql`SELECT id, notifications_disabled FROM users WHERE email = ${email}`,
    );
    expect(user?.notifications_disabled).toEqual(['bounce']);
    await setEmail(ctx.db, user?.id as number, 'a-working-mailbox@example.test');
    const [after] = await ctx.db.query<{ notifications_disabled: string[] }>(
      sql`SELECT notifications_disabled FROM users WHERE id = ${user?.id}`,
    );
    expect(after?.notifications_disabled).toEqual([]);
  });

  it('When two drains run at the same moment (two instances), then every mail is sent once', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `outbox-race-${i}@example.test`);
    await smtp.stop();
    for (const email of emails) {
      await request(ctx.app)
        .post('/api/signup.php')
        .send({ email, password: 'a-long-password', name: 'Racer', date_of_birth: '1990-04-01' });
    }
    // The signups kicked drains of their own while SMTP was down: once none holds a lease any more (each sets
    // claimed_until back to NULL when its attempt failed), the rows are made due again. Clearing a lease a drain still
    // held would let two drains send one row, which is what the lease exists to prevent.
    await vi.waitFor(
      async () => {
        const [held] = await ctx.db.query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address LIKE 'outbox-race-%' AND claimed_until > now()`,
        );
        expect(held?.n).toBe(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    await ctx.db.query(
      sql`UPDATE mail_outbox SET next_attempt_at = now() - interval '1 second' WHERE status = 'pending' AND claimed_until IS NULL`,
    );
    await smtp.start();
    await Promise.all([ctx.background.outbox.drain(), ctx.background.outbox.drain(), ctx.background.outbox.drain()]);
    await vi.waitFor(
      async () => {
        const [row] = await ctx.db.query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending' AND to_address LIKE 'outbox-race-%'`,
        );
        expect(row?.n).toBe(0);
        // Six mails over a restarted SMTP server: on a loaded machine the drains can take longer than a second.
      },
      { timeout: 10_000, interval: 50 },
    );
    for (const email of emails) expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});
