/**
 * Chat delivery through the BFF (issue 12): BENCH_STREAMS event streams (default 1000) are held open through a BFF in
 * front of the TypeScript backend, then messages are sent through the same BFF at BENCH_RATE per second (default
 * 100) for BENCH_SECONDS (default 6). Prints the send → deliver latency (p50/p95/p99, from the POST leaving the
 * client to the event arriving on each of the recipient's open streams) and the memory per open stream.
 * Run: `npx tsx bench/chat.ts` (or `npm run bench:chat` once the script is in package.json). PGlite by default; with
 * TEST_DATABASE_URL and TEST_DB_DRIVER=postgres on PostgreSQL (LISTEN/NOTIFY bus).
 * Backend, BFF and the load generator share one process (and the machine's cores), so the figures are an upper
 * bound for each part; memory per stream counts the BFF's and the backend's side of a stream together.
 * Figures, not a test: tests never assert timings.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { grantCredits } from '../mock-backend/components/credits/ledger';
import { DEMO_LOGINS } from '../mock-backend/seed/seed';
import { createTestContext, loginCookie, TEST_BACKEND_SECRET } from '../mock-backend/test/context';
import { makeApp } from '../tests/bff/helpers';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function memory(): { heap: number; rss: number } {
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external + m.arrayBuffers, rss: m.rss };
}

async function settledMemory(): Promise<{ heap: number; rss: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await sleep(200);
  }
  return memory();
}

async function main(): Promise<void> {
  // On PostgreSQL the pool of a production backend (createPgDb's default 10), not the tests' 4.
  const ctx = await createTestContext({ members: MEMBERS, loginRequestsPerMinute: 1_000_000, dbPoolMax: Number(process.env.BENCH_POOL ?? 10) });
  const backend = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => backend.once('listening', resolve));
  const bff = makeApp(`http://127.0.0.1:${(backend.address() as AddressInfo).port}`, { backendSecret: TEST_BACKEND_SECRET });
  const bffServer = bff.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => bffServer.once('listening', resolve));
  const base = `http://127.0.0.1:${(bffServer.address() as AddressInfo).port}`;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  try {
    // Members who can log in, pay for their messages and write to each other (sender i → recipient i+1).
    await ctx.db.query(
      `UPDATE users u SET password_hash = d.password_hash, paid_user = true, status = 'active'
       FROM users d WHERE d.email = $1 AND u.site_id = d.site_id`,
      [DEMO_LOGINS.free],
    );
    await ctx.db.query(`UPDATE profiles SET invisible = false, status = 'active' WHERE name <> ''`);
    const members = await ctx.db.query<{ id: number; email: string }>(
      `SELECT u.id, u.email FROM users u JOIN profiles p ON p.user_id = u.id
       WHERE u.site_id = (SELECT site_id FROM users WHERE email = $1) AND p.name <> ''
       ORDER BY u.id LIMIT $2`,
      [DEMO_LOGINS.free, MEMBERS],
    );
    const cookies: string[] = [];
    for (const m of members) {
      await grantCredits(ctx.db, { userId: m.id, credits: 100_000, kind: 'promo', reason: 'bonus' });
      cookies.push(await loginCookie(ctx.app, m.email));
    }

    // Open the streams through the BFF, spread over the members (several tabs each, no sharing between them).
    const before = await settledMemory();
    const arrivals = new Map<number, number[]>(); // message id → arrival times on the recipient's streams
    const requests: http.ClientRequest[] = [];
    let open = 0;
    await Promise.all(
      Array.from({ length: STREAMS }, (_, i) => {
        const member = i % members.length;
        return new Promise<void>((resolve, reject) => {
          const req = http.get(`${base}/api/events.php`, { agent, headers: { cookie: cookies[member] as string, accept: 'text/event-stream' } }, (res) => {
            if (res.statusCode !== 200) {
              reject(new Error(`stream ${i}: ${res.statusCode}`));
              return;
            }
            open += 1;
            resolve();
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              buffer += chunk;
              let cut: number;
              while ((cut = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, cut);
                buffer = buffer.slice(cut + 2);
                if (!block.includes('event: message')) continue;
                const data = block.slice(block.indexOf('data: ') + 6);
                const message = JSON.parse(data) as { id: number; mine: boolean };
                if (message.mine) continue;
                const list = arrivals.get(message.id) ?? [];
                list.push(performance.now());
                arrivals.set(message.id, list);
              }
            });
            res.on('error', () => undefined);
          });
          req.on('error', reject);
          requests.push(req);
        });
      }),
    );
    const held = await settledMemory();

    // Send at RATE per second through the BFF.
    const sentAt = new Map<number, number>();
    const sentIndex = new Map<number, number>();
    let sent = 0;
    let refused = 0;
    const total = RATE * SECONDS;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const sends: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const from = i % members.length;
      const to = members[(from + 1) % members.length] as { id: number };
      const body = JSON.stringify({ profile_id: to.id, text: `bench message ${i}` });
      const t0 = performance.now();
      sends.push(
        new Promise<void>((resolve) => {
          const req = http.request(
            `${base}/api/message.php`,
            {
              method: 'POST',
              agent: sendAgent,
              headers: { cookie: cookies[from] as string, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': `bench-${i}` },
            },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (c: string) => (text += c));
              res.on('end', () => {
                if (res.statusCode === 201) {
                  sent += 1;
                  const id = (JSON.parse(text) as { message: { id: number } }).message.id;
                  sentAt.set(id, t0);
                  sentIndex.set(id, i);
                } else refused += 1;
                resolve();
              });
            },
          );
          req.on('error', () => {
            refused += 1;
            resolve();
          });
          req.end(body);
        }),
      );
    }
    await Promise.all(sends);
    const sendSeconds = (performance.now() - started) / 1000;
    await sleep(2_000);
    // CPU of this process (backend + BFF + load generator) per message: steadier than latency on a shared machine.
    const cpu = process.cpuUsage(cpuBefore);

    const latencies: number[] = [];
    let expected = 0;
    const streamsOf = (member: number) => Math.floor(STREAMS / members.length) + (member < STREAMS % members.length ? 1 : 0);
    const recipientOf = new Map<number, number>(); // message id → recipient's member index
    for (const [id, index] of sentIndex) recipientOf.set(id, (index % members.length + 1) % members.length);
    for (const [id, t0] of sentAt) {
      expected += streamsOf(recipientOf.get(id) ?? 0);
      for (const t1 of arrivals.get(id) ?? []) latencies.push(t1 - t0);
    }
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
    const perStream = (a: number, b: number) => ((b - a) / STREAMS / 1024).toFixed(1);

    process.stdout.write(`chat bench: ${ctx.db.dialect}, ${process.version}, ${open} streams open through the BFF over ${members.length} members\n`);
    process.stdout.write(`sent ${sent} messages in ${sendSeconds.toFixed(1)} s (${(sent / sendSeconds).toFixed(0)}/s, target ${RATE}/s), refused ${refused}\n`);
    process.stdout.write(`process CPU per sent message ${((cpu.user + cpu.system) / 1000 / Math.max(1, sent)).toFixed(1)} ms (backend + BFF + load generator, database excluded on PostgreSQL)\n`);
    process.stdout.write(`deliveries ${latencies.length} of ${expected} (every open stream of each recipient)\n`);
    process.stdout.write(`send → deliver  p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms\n`);
    process.stdout.write(
      `memory per open stream (BFF + backend): heap+external ${perStream(before.heap, held.heap)} KiB, rss ${perStream(before.rss, held.rss)} KiB${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for steadier figures)'}\n`,
    );
    for (const req of requests) req.destroy();
  } finally {
    bff.closeStreams();
    bffServer.closeAllConnections();
    await new Promise<void>((resolve) => bffServer.close(() => resolve()));
    bff.dispose();
    backend.closeAllConnections();
    await new Promise<void>((resolve) => backend.close(() => resolve()));
    agent.destroy();
    sendAgent.destroy();
    await ctx.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
