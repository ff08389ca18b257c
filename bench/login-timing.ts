/**
 * Refused logins while login has moved off the PHP service: how long a wrong password takes for an address with a
 * password here, a member from the PHP service without one here yet (checked with the PHP service), and an address
 * nobody has (checked there too). The three must not be told apart by their timing.
 *
 * An in-process backend on PGlite (the test context: every Argon2id computation with the same light test setting) in
 * front of the PHP stand-in of tests/fixtures/php-backend (`php -S`), whose password check takes
 * BENCH_PHP_DELAY_MS (default 150 ms, as a PHP service across a network might). Interleaved refused logins, each
 * from its own address (so no throttle is met); prints p10, p50 and p90 of each kind and the medians' ratios.
 * Run: `npm run bench:login` (BENCH_LOGINS per kind, default 60). Figures, not a test: tests never assert timings.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { pino } from 'pino';
import { createLegacyClient } from '../mock-backend/components/legacy/index';
import { sql } from '../mock-backend/lib/db';
import { hashPassword } from '../mock-backend/lib/password';
import { createTestContext, TEST_BACKEND_SECRET } from '../mock-backend/test/context';
import { startPhpStandIn } from '../tests/e2e/support/php';

const COUNT = Number(process.env.BENCH_LOGINS ?? 60);
const DELAY_MS = Number(process.env.BENCH_PHP_DELAY_MS ?? 150);
/** Accounts per kind: each takes at most COUNT / ACCOUNTS wrong passwords, below the account's lock-out. */
const ACCOUNTS = Math.max(4, Math.ceil(COUNT / 15));
const WARM_UP = 20;

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function main(): Promise<void> {
  process.env.PHP_STAND_IN_LOGIN_DELAY_MS = String(DELAY_MS);
  const php = await startPhpStandIn();
  const logger = pino({ level: 'silent' });
  const ctx = await createTestContext({
    members: 3,
    legacy: { client: createLegacyClient({ url: php.url, cookieName: 'PHPSESSID', logger }), cookieName: 'PHPSESSID' },
  });
  try {
    const [site] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM sites ORDER BY id LIMIT 1`);
    const hash = await hashPassword('the-right-password');
    const local: string[] = [];
    const legacy: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const here = `here-${i}@bench.test`;
      const there = `there-${i}@bench.test`;
      await ctx.db.query(
        sql`INSERT INTO users (site_id, email, password_hash, status, origin) VALUES (${site!.id}, ${here}, ${hash}, 'active', 'local')`,
      );
      await ctx.db.query(
        sql`INSERT INTO users (id, site_id, email, password_hash, status, origin, legacy_synced_at) OVERRIDING SYSTEM VALUE
            VALUES (${1_500_000_000 + i}, ${site!.id}, ${there}, '', 'active', 'legacy', now())`,
      );
      local.push(here);
      legacy.push(there);
    }
    let n = 0;
    const refused = async (email: string): Promise<number> => {
      n += 1;
      const started = performance.now();
      const res = await request(ctx.app)
        .post('/api/user.php')
        .set('x-backend-secret', TEST_BACKEND_SECRET)
        .set('x-client-ip', `198.51.${(n >> 8) & 255}.${n & 255}`)
        .send({ email, password: 'a-wrong-password' });
      const ms = performance.now() - started;
      if (res.status !== 401) throw new Error(`a wrong password answered ${res.status} for ${email.split('@')[0]}`);
      return ms;
    };
    const unknown = () => `nobody-${randomBytes(6).toString('hex')}@bench.test`;
    // The PHP service's recent check times are learnt from real checks: a start with none waits a first guess.
    for (let i = 0; i < WARM_UP; i++) await refused(unknown());
    const times = { 'password here': [] as number[], 'from PHP, none here': [] as number[], unknown: [] as number[] };
    for (let i = 0; i < COUNT; i++) {
      times['password here'].push(await refused(local[i % ACCOUNTS]!));
      times['from PHP, none here'].push(await refused(legacy[i % ACCOUNTS]!));
      times.unknown.push(await refused(unknown()));
    }
    process.stdout.write(
      `${COUNT} refused logins of each kind, interleaved; PHP's check ${DELAY_MS} ms; PGlite; light Argon2id; ${process.version}\n`,
    );
    for (const [name, list] of Object.entries(times)) {
      list.sort((a, b) => a - b);
      process.stdout.write(
        `${name.padEnd(22)} p10 ${at(list, 0.1).toFixed(1).padStart(6)} ms  p50 ${at(list, 0.5).toFixed(1).padStart(6)} ms  p90 ${at(list, 0.9).toFixed(1).padStart(6)} ms\n`,
      );
    }
    const median = (list: number[]) => at(list, 0.5);
    const base = median(times.unknown);
    process.stdout.write(
      `medians against an unknown address: password here ${(median(times['password here']) / base).toFixed(3)}, from PHP ${(median(times['from PHP, none here']) / base).toFixed(3)}\n`,
    );
  } finally {
    await ctx.close();
    php.stop();
  }
}

void main();
