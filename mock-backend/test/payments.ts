import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { expect, vi } from 'vitest';
import { ledgerInvariantViolations } from '../components/credits/ledger';
import { sessionIdOf } from '../components/session/service';
import type { TestContext } from './context';
import { sql } from '../lib/db';

/** Helpers of the credits and payments suites: members with a session, the hosted checkout, waiting for webhooks. */

let seq = 0;

/** A new active member of the default site in `country`, logged in: answers his id and `auth` cookie. */
export async function newBuyer(
  ctx: TestContext,
  country = 'NL',
  opts: { signupAgoSeconds?: number; paid?: boolean } = {},
): Promise<{ userId: number; cookie: string }> {
  seq += 1;
  const email = `buyer${seq}-${randomBytes(4).toString('hex')}@test.invalid`;
  const [user] = await ctx.db.query<{ id: number }>(
    sql`INSERT INTO users (site_id, email, password_hash, status, paid_user, signup_date)
     SELECT id, ${email}, 'x', 'active', ${opts.paid ?? false}, now() - make_interval(secs => ${opts.signupAgoSeconds ?? 86_400 * 30})
     FROM sites WHERE is_default RETURNING id`,
  );
  const userId = (user as { id: number }).id;
  await ctx.db.query(
    sql`INSERT INTO profiles (user_id, name, birth_date, about, country, gender, status)
        VALUES (${userId}, ${`Buyer ${seq}`}, '1990-01-01', '', ${country}, 'male', 'active')`,
  );
  const token = randomBytes(16).toString('hex');
  await ctx.db.query(
    sql`INSERT INTO sessions (id, user_id, expires_at) VALUES (${sessionIdOf(token)}, ${userId}, now() + interval '1 day')`,
  );
  return { userId, cookie: `auth=${token}` };
}

/** The tester's choice on the simulator's hosted checkout (the form POSTs `status` to its own URL). */
export async function completeCheckout(
  checkoutUrl: string,
  status: 'paid' | 'failed' | 'canceled' | 'expired' | 'pending',
): Promise<string | null> {
  const res = await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ status }), redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

/** Waits until our payment has `status` (the webhook arrived and was processed). */
export async function waitForStatus(ctx: TestContext, cookie: string, paymentId: number, status: string): Promise<request.Response> {
  let last: request.Response | undefined;
  await vi.waitFor(
    async () => {
      last = await request(ctx.app).get('/api/payment.php').query({ id: paymentId }).set('cookie', cookie);
      expect(last.body.status).toBe(status);
    },
    { timeout: 10_000, interval: 50 },
  );
  return last as request.Response;
}

export async function balanceOf(ctx: TestContext, userId: number): Promise<number> {
  const [row] = await ctx.db.query<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${userId}`);
  return row?.credits ?? 0;
}

export async function expectBooksBalance(ctx: TestContext): Promise<void> {
  expect(await ledgerInvariantViolations(ctx.db)).toEqual([]);
}

/** Waits until the simulator has no webhook in flight (delivered or given up). */
export async function webhooksSettled(ctx: TestContext): Promise<void> {
  await vi.waitFor(() => expect(ctx.psp.simulator.pendingDeliveries()).toBe(0), { timeout: 10_000, interval: 25 });
}
