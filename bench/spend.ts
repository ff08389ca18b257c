/**
 * Spend throughput of the credits spend API: members each holding a balance spend in parallel — half of
 * them as one-step spends, half as reserve → post — plus a share of voided holds, then the books are checked (balance
 * = ledger sum = lots' remaining for every member). Prints spends per second and the invariant's result.
 * Run: `npx tsx bench/spend.ts` (or `npm run bench:spend` once the script is in package.json). PGlite by default;
 * with TEST_DATABASE_URL and TEST_DB_DRIVER=postgres on PostgreSQL. BENCH_SPENDS and BENCH_MEMBERS change the load.
 * Figures, not a test: tests never assert timings.
 */
import { grantCredits, ledgerInvariantViolations } from '../mock-backend/components/credits/ledger';
import { postReservation, reserveCredits, spendCredits, voidReservation } from '../mock-backend/components/credits/spend';
import { newBuyer } from '../mock-backend/test/payments';
import { createTestContext } from '../mock-backend/test/context';
import { sql } from '../mock-backend/lib/db';

const SPENDS = Number(process.env.BENCH_SPENDS ?? 2000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 16);

async function main(): Promise<void> {
  const ctx = await createTestContext({ members: 3 });
  try {
    const members: number[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const { userId } = await newBuyer(ctx);
      await grantCredits(ctx.db, { userId, credits: 5, kind: 'free', reason: 'signup' });
      await grantCredits(ctx.db, {
        userId,
        credits: 100_000,
        kind: 'paid',
        reason: 'purchase',
        amountMinor: 99_900,
        currency: 'EUR',
        refundDays: 14,
      });
      members.push(userId);
    }
    let next = 0;
    let refused = 0;
    const latencies: number[] = [];
    const worker = async () => {
      while (next < SPENDS) {
        const i = next++;
        const userId = members[i % members.length] as number;
        const started = performance.now();
        try {
          if (i % 10 === 9) {
            const hold = await reserveCredits(ctx.db, { userId, credits: 20, reason: 'gift' });
            await voidReservation(ctx.db, { userId, reservationId: hold.id });
          } else if (i % 2 === 0) {
            await spendCredits(ctx.db, { userId, credits: 10, reason: 'message', idempotencyKey: `bench-${i}` });
          } else {
            const hold = await reserveCredits(ctx.db, { userId, credits: 5, reason: 'photo_message' });
            await postReservation(ctx.db, { userId, reservationId: hold.id });
          }
        } catch {
          refused += 1;
        }
        latencies.push(performance.now() - started);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
    const violations = await ledgerInvariantViolations(ctx.db);
    const [rows] = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM credit_ledger`);
    process.stdout.write(
      `${SPENDS} spends (10 % reserved and voided) by ${MEMBERS} members, ${PARALLEL} in parallel, ${ctx.db.dialect}, ${process.version}\n`,
    );
    process.stdout.write(
      `throughput ${(SPENDS / seconds).toFixed(0)} spends/s  p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  refused ${refused}\n`,
    );
    process.stdout.write(
      `ledger rows ${rows?.n ?? 0}; invariant (balance = ledger sum = lots remaining, >= 0): ${violations.length === 0 ? 'holds' : `BROKEN for ${violations.length} members`}\n`,
    );
    if (violations.length > 0) process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}

void main();
