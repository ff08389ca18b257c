/**
 * Signup timing of a known and a new address (the answer must not tell whether an account exists).
 * Sends interleaved signups to an in-process backend on PGlite, each followed by `GET user.php` with the session it
 * got (a decoy account's for the known address), and prints median and p90 of both steps for both and their ratio.
 * Run: `npm run bench:signup` (BENCH_SIGNUPS to change the count). Figures, not a test: tests never assert timings.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createTestContext } from '../mock-backend/test/context';

const COUNT = Number(process.env.BENCH_SIGNUPS ?? 40);
const body = (email: string) => ({ email, password: 'a-long-password', name: 'Bench', date_of_birth: '1990-04-01' });
const fresh = () => `bench-${randomBytes(6).toString('hex')}@example.test`;
const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function main(): Promise<void> {
  const ctx = await createTestContext({ members: 5 });
  try {
    const owner = fresh();
    await request(ctx.app).post('/api/signup.php').send(body(owner));
    /** Signup, then the follow-up read with its cookie: [signup ms, user.php ms]. */
    const time = async (email: string): Promise<[number, number]> => {
      const started = performance.now();
      const res = await request(ctx.app).post('/api/signup.php').send(body(email));
      if (res.status !== 200) throw new Error(`signup answered ${res.status}`);
      const signedUp = performance.now();
      const cookie =
        ([] as string[])
          .concat(res.headers['set-cookie'] ?? [])
          .find((c) => c.startsWith('auth='))
          ?.split(';')[0] ?? '';
      const me = await request(ctx.app).get('/api/user.php').set('cookie', cookie);
      if (me.status !== 200) throw new Error(`user.php answered ${me.status}`);
      return [signedUp - started, performance.now() - signedUp];
    };
    for (let i = 0; i < 5; i++) await time(fresh()); // warm-up
    const known: [number[], number[]] = [[], []];
    const unknown: [number[], number[]] = [[], []];
    for (let i = 0; i < COUNT; i++) {
      const [a, b] = await time(owner);
      known[0].push(a);
      known[1].push(b);
      const [c, d] = await time(fresh());
      unknown[0].push(c);
      unknown[1].push(d);
    }
    for (const v of [...known, ...unknown]) v.sort((a, b) => a - b);
    const line = (name: string, v: number[]) => `${name.padEnd(28)} p50 ${at(v, 0.5).toFixed(1)} ms  p90 ${at(v, 0.9).toFixed(1)} ms`;
    process.stdout.write(`${COUNT} signups each, interleaved, PGlite, ${process.version}\n`);
    process.stdout.write(`${line('known address: signup', known[0])}\n${line('new address: signup', unknown[0])}\n`);
    process.stdout.write(`${line('known address: user.php', known[1])}\n${line('new address: user.php', unknown[1])}\n`);
    process.stdout.write(`ratio of medians: signup ${(at(known[0], 0.5) / at(unknown[0], 0.5)).toFixed(2)}, `);
    process.stdout.write(`user.php ${(at(known[1], 0.5) / at(unknown[1], 0.5)).toFixed(2)}\n`);
  } finally {
    await ctx.close();
  }
}

void main();
