import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { sql } from '../../lib/db';
import { grantCredits, ledgerInvariantViolations } from './ledger';
import { spendCredits } from './spend';

/**
 * A spend is one statement whose snapshot is taken before it waits for the member's row: a lot granted by the
 * transaction it waited for is not among the lots it read, and the credits are then taken from the lots read again.
 * PostgreSQL only (PGlite has one connection: nothing commits beside a running statement).
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

let ctx: TestContext;
beforeAll(async () => {
  if (onPostgres) ctx = await createTestContext({ members: 3 });
});
afterAll(() => ctx?.close());
afterEach(async () => {
  if (onPostgres) expect(await ledgerInvariantViolations(ctx.db)).toEqual([]);
});

describe.skipIf(!onPostgres)('spend API against a grant committed while it waited', () => {
  it('When a lot is granted while the spend waits for the member, then the spend takes from it in its order (free first) and the books balance', async () => {
    const [row] = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO users (site_id, email, password_hash) SELECT id, ${`race-${Date.now()}@test.invalid`}, 'x' FROM sites WHERE is_default RETURNING id`,
    );
    const userId = (row as { id: number }).id;
    await grantCredits(ctx.db, {
      userId,
      credits: 10,
      kind: 'paid',
      reason: 'purchase',
      amountMinor: 250,
      currency: 'EUR',
      refundDays: 14,
    });

    let granted: () => void = () => undefined;
    const grantedNow = new Promise<void>((resolve) => (granted = resolve));
    let commit: () => void = () => undefined;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    // A bonus's grant holds the member's row until it commits.
    const purchase = ctx.db.transaction(async (tx) => {
      await grantCredits(tx, { userId, credits: 20, kind: 'free', reason: 'bonus' });
      granted();
      await mayCommit;
    });
    await grantedNow;
    // Covered by the balance its snapshot shows (10), so it waits for the member's row; free credits go first, and the
    // free lot is the one its snapshot does not show.
    const spending = spendCredits(ctx.db, { userId, credits: 5, reason: 'message' });
    for (let i = 0; i < 500; i++) {
      const waiting = await ctx.db.query(
        sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH r AS%credit_reservations%'`,
      );
      if (waiting.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    commit();
    await purchase;
    const spent = await spending;
    expect(spent.balance).toBe(25);
    expect(await ctx.db.query(sql`SELECT kind, credits, remaining FROM credit_lots WHERE user_id = ${userId} ORDER BY id`)).toEqual([
      { kind: 'paid', credits: 10, remaining: 10 },
      { kind: 'free', credits: 20, remaining: 15 },
    ]);
    expect(
      await ctx.db.query(sql`SELECT delta, balance_after FROM credit_ledger WHERE user_id = ${userId} AND delta < 0 ORDER BY id`),
    ).toEqual([{ delta: -5, balance_after: 25 }]);
  });
});
