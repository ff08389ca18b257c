/**
 * Signup timing of a known and a new address (issue 9, item 2: the answer must not tell whether an account exists).
 * Sends interleaved signups to an in-process backend on PGlite and prints median and p90 of both and their ratio.
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
    const time = async (email: string) => {
      const started = performance.now();
      const res = await request(ctx.app).post('/api/signup.php').send(body(email));
      if (res.status !== 200) throw new Error(`signup answered ${res.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i++) await time(fresh()); // warm-up
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < COUNT; i++) {
      known.push(await time(owner));
      unknown.push(await time(fresh()));
    }
    known.sort((a, b) => a - b);
    unknown.sort((a, b) => a - b);
    const line = (name: string, v: number[]) => `${name.padEnd(16)} p50 ${at(v, 0.5).toFixed(1)} ms  p90 ${at(v, 0.9).toFixed(1)} ms`;
    process.stdout.write(`${COUNT} signups each, interleaved, PGlite, ${process.version}\n`);
    process.stdout.write(`${line('known address', known)}\n${line('new address', unknown)}\n`);
    process.stdout.write(`ratio of medians ${(at(known, 0.5) / at(unknown, 0.5)).toFixed(2)}\n`);
  } finally {
    await ctx.close();
  }
}

void main();
