import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { addSignupCredits } from '../accounts/repository';
import { createTestContext, type TestContext } from '../../test/context';
import { grantCredits, ledgerInvariantViolations } from './ledger';
import { getBalance, postReservation, reserveCredits, spendCredits, takeFromLots, voidExpiredReservations, voidReservation } from './spend';
import { sql } from '../../lib/db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 3 });
});
afterAll(() => ctx?.close());
// The books must balance after every scenario, whatever it did: balance = ledger sum = lots' remaining >= 0.
afterEach(async () => {
  expect(await ledgerInvariantViolations(ctx.db)).toEqual([]);
});

let seq = 0;
async function newMember(): Promise<number> {
  seq += 1;
  const email = `spender${seq}-${Date.now()}@test.invalid`;
  const [row] = await ctx.db.query<{ id: number }>(
    sql`INSERT INTO users (site_id, email, password_hash) SELECT id, ${email}, 'x' FROM sites WHERE is_default RETURNING id`,
  );
  return (row as { id: number }).id;
}

const lots = (userId: number) =>
  ctx.db.query<{ kind: string; credits: number; remaining: number }>(
    sql`SELECT kind, credits, remaining FROM credit_lots WHERE user_id = ${userId} ORDER BY id`,
  );

async function caught(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('spend API', () => {
  it('When the lots read with the balance change miss one (granted while that statement waited), then they are read again and spent in order', async () => {
    const userId = await newMember();
    await grantCredits(ctx.db, {
      userId,
      credits: 20,
      kind: 'paid',
      reason: 'purchase',
      amountMinor: 500,
      currency: 'EUR',
      refundDays: 14,
    });
    await grantCredits(ctx.db, { userId, credits: 10, kind: 'free', reason: 'signup' });
    await ctx.db.transaction(async (tx) => {
      await tx.query(sql`UPDATE users SET credits = credits - 10 WHERE id = ${userId}`);
      // As a statement with an older snapshot would have seen them: only the paid lot, which alone covers the price.
      const seen = await tx.query<{ id: string; remaining: number }>(
        sql`SELECT id, remaining FROM credit_lots WHERE user_id = ${userId} AND kind = 'paid'`,
      );
      await takeFromLots(tx, { userId, credits: 10, balanceAfter: 20, reason: 'message' }, seen);
    });
    // The free lot goes first, and the paid one stays refundable.
    expect(await lots(userId)).toEqual([
      { kind: 'paid', credits: 20, remaining: 20 },
      { kind: 'free', credits: 10, remaining: 0 },
    ]);
  });

  it('When a member spends, then free credits go first, then promotional, then paid lots oldest first, with one ledger row per lot touched', async () => {
    const userId = await newMember();
    await grantCredits(ctx.db, {
      userId,
      credits: 50,
      kind: 'paid',
      reason: 'purchase',
      amountMinor: 1000,
      currency: 'EUR',
      refundDays: 14,
    });
    await grantCredits(ctx.db, {
      userId,
      credits: 30,
      kind: 'paid',
      reason: 'purchase',
      amountMinor: 900,
      currency: 'EUR',
      refundDays: 14,
    });
    await grantCredits(ctx.db, { userId, credits: 5, kind: 'promo', reason: 'bonus' });
    await grantCredits(ctx.db, { userId, credits: 10, kind: 'free', reason: 'signup' });
    const spent = await spendCredits(ctx.db, { userId, credits: 70, reason: 'message', ref: 'conversation:1' });
    expect(spent.status).toBe('posted');
    expect(spent.balance).toBe(25);
    expect(await lots(userId)).toEqual([
      { kind: 'paid', credits: 50, remaining: 0 },
      { kind: 'paid', credits: 30, remaining: 25 },
      { kind: 'promo', credits: 5, remaining: 0 },
      { kind: 'free', credits: 10, remaining: 0 },
    ]);
    const rows = await ctx.db.query<{ delta: number; balance_after: number }>(
      sql`SELECT delta, balance_after FROM credit_ledger WHERE reservation_id = ${spent.id} ORDER BY id`,
    );
    expect(rows).toEqual([
      { delta: -10, balance_after: 85 },
      { delta: -5, balance_after: 80 },
      { delta: -50, balance_after: 30 },
      { delta: -5, balance_after: 25 },
    ]);
  });

  it('When the balance is short, then 402 insufficient_credits in the member language and nothing changes', async () => {
    const userId = await newMember();
    await grantCredits(ctx.db, { userId, credits: 9, kind: 'free', reason: 'signup' });
    const error = await caught(reserveCredits(ctx.db, { userId, credits: 10, reason: 'message' }));
    expect(error.status).toBe(402);
    expect(error.code).toBe('insufficient_credits');
    expect(error.params).toEqual({ needed: 10, balance: 9 });
    expect(await getBalance(ctx.db, userId)).toBe(9);
    const [holds] = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM credit_reservations WHERE user_id = ${userId}`);
    expect(holds?.n).toBe(0);
  });

  it('When a hold is voided (a gift that fails after the reservation), then it costs nothing: the credits return to the lots they came from', async () => {
    const userId = await newMember();
    await grantCredits(ctx.db, { userId, credits: 4, kind: 'free', reason: 'signup' });
    await grantCredits(ctx.db, {
      userId,
      credits: 40,
      kind: 'paid',
      reason: 'purchase',
      amountMinor: 999,
      currency: 'EUR',
      refundDays: 14,
    });
    const hold = await reserveCredits(ctx.db, { userId, credits: 20, reason: 'gift', ref: 'gift:7' });
    expect(hold).toMatchObject({ status: 'held', balance: 24 });
    const voided = await voidReservation(ctx.db, { userId, reservationId: hold.id });
    expect(voided).toMatchObject({ status: 'voided', balance: 44 });
    expect(await lots(userId)).toEqual([
      { kind: 'free', credits: 4, remaining: 4 },
      { kind: 'paid', credits: 40, remaining: 40 },
    ]);
    // Voiding twice is a no-op; posting a voided hold is refused.
    expect((await voidReservation(ctx.db, { userId, reservationId: hold.id })).balance).toBe(44);
    expect((await caught(postReservation(ctx.db, { userId, reservationId: hold.id }))).code).toBe('reservation_settled');
  });

  it('When a hold is posted, then it stays spent; voiding it afterwards is refused and another member cannot touch it', async () => {
    const userId = await newMember();
    const other = await newMember();
    await grantCredits(ctx.db, { userId, credits: 15, kind: 'promo', reason: 'bonus' });
    const hold = await reserveCredits(ctx.db, { userId, credits: 10, reason: 'photo_message' });
    expect((await caught(postReservation(ctx.db, { userId: other, reservationId: hold.id }))).status).toBe(404);
    expect((await postReservation(ctx.db, { userId, reservationId: hold.id })).status).toBe('posted');
    expect((await postReservation(ctx.db, { userId, reservationId: hold.id })).replayed).toBe(true);
    expect((await caught(voidReservation(ctx.db, { userId, reservationId: hold.id }))).status).toBe(409);
    expect(await getBalance(ctx.db, userId)).toBe(5);
  });

  it('When 50 spends run in parallel against a balance that covers one, then exactly one succeeds and the others get insufficient_credits', async () => {
    const userId = await newMember();
    await grantCredits(ctx.db, {
      userId,
      credits: 10,
      kind: 'paid',
      reason: 'purchase',
      amountMinor: 500,
      currency: 'EUR',
      refundDays: 14,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => spendCredits(ctx.db, { userId, credits: 10, reason: 'message', ref: `parallel:${i}` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect((r.reason as AppError).code).toBe('insufficient_credits');
    expect(await getBalance(ctx.db, userId)).toBe(0);
  });

  it('When the same idempotency key is used twice (one after the other and in parallel), then one spend; with another amount, 422', async () => {
    const userId = await newMember();
    await grantCredits(ctx.db, { userId, credits: 100, kind: 'free', reason: 'signup' });
    const first = await spendCredits(ctx.db, { userId, credits: 10, reason: 'message', idempotencyKey: 'k-1' });
    const again = await spendCredits(ctx.db, { userId, credits: 10, reason: 'message', idempotencyKey: 'k-1' });
    expect(again).toMatchObject({ id: first.id, replayed: true, balance: 90 });
    const twins = await Promise.all(
      Array.from({ length: 10 }, () => reserveCredits(ctx.db, { userId, credits: 7, reason: 'gift', idempotencyKey: 'k-2' })),
    );
    expect(new Set(twins.map((t) => t.id)).size).toBe(1);
    expect(await getBalance(ctx.db, userId)).toBe(83);
    expect((await caught(reserveCredits(ctx.db, { userId, credits: 8, reason: 'gift', idempotencyKey: 'k-2' }))).status).toBe(422);
    // The key belongs to the member: another member's same key is his own spend.
    const other = await newMember();
    await grantCredits(ctx.db, { userId: other, credits: 10, kind: 'free', reason: 'signup' });
    expect((await spendCredits(ctx.db, { userId: other, credits: 10, reason: 'message', idempotencyKey: 'k-1' })).replayed).toBe(false);
  });

  it('When a hold is neither posted nor voided in time, then the expiry job gives the credits back', async () => {
    const userId = await newMember();
    await grantCredits(ctx.db, { userId, credits: 12, kind: 'free', reason: 'signup' });
    const hold = await reserveCredits(ctx.db, { userId, credits: 12, reason: 'message', holdSeconds: 0 });
    expect(await getBalance(ctx.db, userId)).toBe(0);
    expect(await voidExpiredReservations(ctx.db)).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.query<{ status: string }>(sql`SELECT status FROM credit_reservations WHERE id = ${hold.id}`);
    expect(row?.status).toBe('voided');
    expect(await getBalance(ctx.db, userId)).toBe(12);
  });

  it('When bad amounts are asked for, then the API refuses them before touching anything', async () => {
    const userId = await newMember();
    await expect(reserveCredits(ctx.db, { userId, credits: 0, reason: 'message' })).rejects.toThrow(RangeError);
    await expect(reserveCredits(ctx.db, { userId, credits: 1.5, reason: 'message' })).rejects.toThrow(RangeError);
    await expect(reserveCredits(ctx.db, { userId, credits: 1, reason: 'Robert; DROP' })).rejects.toThrow(RangeError);
  });

  it('When the demo premium member and a new signup are on the books, then their balances are lots too (migration and seed)', async () => {
    const [row] = await ctx.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users u JOIN credit_lots l ON l.user_id = u.id WHERE u.email = 'premium@demo.test' AND l.remaining = 120`,
    );
    expect(row?.n).toBe(1);
    const [fresh] = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO users (site_id, email, password_hash, credits) SELECT id, 'signup-credits@test.invalid', 'x', 25 FROM sites WHERE is_default RETURNING id`,
    );
    await addSignupCredits(ctx.db, fresh?.id as number, 25);
    expect(await lots(fresh?.id as number)).toEqual([{ kind: 'free', credits: 25, remaining: 25 }]);
  });
});
