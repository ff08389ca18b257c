/**
 * A process that spends credits without pause (one-step spends, and holds that are voided), printing `ok <id>` for
 * every spend the API acknowledged — the SIGKILL test kills it in the middle and checks the books afterwards.
 * Env: DATABASE_URL + DB_SCHEMA (PostgreSQL) or PGLITE_DIR; USER_ID; START (first idempotency key number).
 */
import { createPgDb, createPgliteDb } from '../lib/db';
import { reserveCredits, spendCredits, voidReservation } from '../components/credits/spend';

const db = process.env.DATABASE_URL
  ? createPgDb(process.env.DATABASE_URL, { searchPath: process.env.DB_SCHEMA, max: 4 })
  : await createPgliteDb(process.env.PGLITE_DIR);
const userId = Number(process.env.USER_ID);
let i = Number(process.env.START ?? 0);
process.stdout.write('ready\n');
for (;;) {
  i += 1;
  if (i % 5 === 0) {
    const hold = await reserveCredits(db, { userId, credits: 3, reason: 'gift' });
    await voidReservation(db, { userId, reservationId: hold.id });
  } else {
    const spent = await spendCredits(db, { userId, credits: 1, reason: 'message', idempotencyKey: `kill-${i}` });
    process.stdout.write(`ok ${spent.id}\n`);
  }
}
