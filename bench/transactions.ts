/**
 * What a transaction's round trips cost on PostgreSQL: BENCH_TRANSACTIONS (default 3,000) transactions one after
 * another through the backend's own Db (mock-backend/lib/db.ts: BEGIN, BENCH_STATEMENTS small statements, COMMIT, one
 * pooled connection), then the wall time and the CPU per transaction of this process and of the PostgreSQL backend
 * process that served it (from /proc, so PostgreSQL on this machine). On a small virtual machine most of it is the
 * writes and wake-ups of the round trips, not the statements' work: compare a build with another on the same machine,
 * back to back. Needs PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL.
 * Run: `npm run bench:transactions` (`LIBRARY_INTERNALS=off` for the uncorked socket). Figures, not a test: tests never assert timings.
 */
import { readFileSync } from 'node:fs';
import { createPgDb, sql } from '../mock-backend/lib/db';

const URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 3000);
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TICK_MS = 10;

/** CPU of a process so far, ms (user + system, from /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function main(): Promise<void> {
  if (!URL) throw new Error('bench:transactions needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  // LIBRARY_INTERNALS=off: the backend's switch (lib/library-internals.ts), here a statement a write, BEGIN's too.
  const db = createPgDb(URL, { max: 1, libraryInternals: process.env.LIBRARY_INTERNALS !== 'off' });
  try {
    const [row] = await db.query<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
    const serverPid = row?.pid ?? 0;
    process.stdout.write(`transactions: ${TRANSACTIONS} one after another, ${STATEMENTS} statements each between BEGIN and COMMIT\n`);
    for (let run = 1; run <= RUNS; run++) {
      const started = performance.now();
      const own = process.cpuUsage();
      const server = cpuMs(serverPid);
      for (let i = 0; i < TRANSACTIONS; i++) {
        await db.transaction(async (tx) => {
          for (let s = 0; s < STATEMENTS; s++) await tx.query(sql`SELECT ${i}::int + ${s}::int AS n`);
        });
      }
      const wall = performance.now() - started;
      const used = process.cpuUsage(own);
      const serverUsed = cpuMs(serverPid) - server;
      const per = (ms: number) => (ms / TRANSACTIONS).toFixed(3);
      process.stdout.write(
        `run ${run}: per transaction wall ${per(wall)} ms, CPU this process ${per((used.user + used.system) / 1000)} ms, ` +
          `PostgreSQL ${per(serverUsed)} ms\n`,
      );
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
