/**
 * Chat delivery through the BFF: BENCH_STREAMS event streams (default 1000) are held open through the BFF
 * in front of the TypeScript backend, then messages are sent through the same BFF at BENCH_RATE per second (default
 * 100) for BENCH_SECONDS (default 6). Prints the send → deliver latency (p50/p95/p99, from the POST leaving the
 * client to the event arriving on each of the recipient's open streams), the achieved rate, the CPU per message of
 * each process and the memory per open stream.
 *
 * Production shape (default): the backend (`dist/server/backend.js`) and the BFF (`dist/server/bff.js` with
 * BACKEND_URL), compiled first (scripts/build-server.ts), run as separate child processes with NODE_ENV=production and
 * LOG_LEVEL=warn, as `npm start` runs them; the load generator is this process. BENCH_INSTANCES=2 (PostgreSQL only):
 * two backends and two BFFs on the one database, BFF n in front of backend n; stream i is opened through BFF i mod 2
 * and message i sent through BFF i mod 2 (member i mod BENCH_MEMBERS writes to the next member, so with an even
 * member count every delivery crosses from one instance to the other through the database); CPU and memory are
 * printed per process. The bench creates the database first (PGlite in a temporary DATA_DIR, or on PostgreSQL
 * with DATABASE_URL or TEST_DATABASE_URL a fresh database it drops afterwards), migrates and seeds it, and prepares
 * BENCH_MEMBERS members (active, paid, credits, one login session each) through SQL before the backend starts.
 * Every message is a real `POST /api/message.php` through the BFF with an Idempotency-Key, every delivery a real SSE
 * event through the BFF. CPU per message is user+system time from /proc/<pid>/stat over the send phase (plus 2 s of
 * draining); memory per stream is the growth of each process's RSS while the streams were opened.
 * BENCH_NODE_OPTIONS is passed to both children as NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * BENCH_STATEMENTS=1 (PostgreSQL): the backend counts every statement its node-postgres clients send (its pool, the
 * job queue's, the event bus's; `bench/support/count-statements.mjs`, preloaded), and the bench prints the statements
 * per sent message over the send phase with the list of those that run at least once per 20 messages, and the
 * writes on its PostgreSQL sockets: statements written together share one, and each write is a round trip, about
 * 0.18 ms of CPU in the backend and PostgreSQL together on this kind of machine (`npm run bench:transactions`).
 *
 * BENCH_PAUSES=1: the BFF and the backend note each time they stood still (a garbage collection over 5 ms, an event
 * loop late by over 15 ms; `bench/support/pauses.mjs`, preloaded), and the bench prints those of the send phase per
 * process beside when its slowest deliveries were sent: a tail made by pauses shows as bursts after them.
 *
 * BENCH_WARMUP=N (default 3 s of messages at BENCH_RATE): messages sent before the measured ones and not counted, so
 * that the figures are a running site's, not a cold start's (V8 compiling the send path in the BFF and the backend,
 * each PostgreSQL connection preparing and planning its statements). They go from member m to member m+2, the
 * measured ones from m to m+1, so the measured messages start the same conversations as without a warm-up
 * (BENCH_WARMUP=0 measures from the cold start, as this bench did before 2026-11-27).
 *
 * BENCH_IDLE=N (default 0): before the measured messages, N seconds with the streams open and nothing sent, and each
 * process's CPU per second over them: what holding the streams costs (heartbeats, catch-ups, jobs, collections). Take
 * N over 15, so that every stream's heartbeat falls in it.
 *
 * BENCH_RUNS=N (default 1): N runs, each on a new site (database, processes, streams), then the median of each
 * figure; runs of one build on this kind of machine differ by 15 % and more, so builds are compared by medians.
 *
 * BENCH_FLOOR=1 (PostgreSQL): the same load on the chat's shape with nothing of the site in it — a bare node:http
 * backend doing a send's round trips and a bare proxy in front of it (bench/support/chat-floor.ts): what the processes,
 * their wake-ups and the round trips cost on this machine, the floor under the site's figure.
 *
 * BENCH_INPROCESS=1: the old single-process mode (backend, BFF and load generator in this process; PostgreSQL with
 * TEST_DATABASE_URL and TEST_DB_DRIVER=postgres), where all the work shares one core.
 * The first line is this machine's speed (bench/support/machine.ts): compare figures of two machines only with it.
 * Run: `npx tsx bench/chat.ts` (or `npm run bench:chat` once the script is in package.json).
 * Figures, not a test: tests never assert timings.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { grantCredits } from '../mock-backend/components/credits/ledger';
import { createSession } from '../mock-backend/components/session/repository';
import { sessionIdOf } from '../mock-backend/components/session/service';
import { createDiskStore } from '../mock-backend/lib/media-store';
import { createPgDb, createPgliteDb, sql, type Db } from '../mock-backend/lib/db';
import { migrate } from '../mock-backend/lib/migrate';
import { DEMO_LOGINS, seed } from '../mock-backend/seed/seed';
import { createTestContext, TEST_BACKEND_SECRET } from '../mock-backend/test/context';
import { readEventStream } from '../mock-backend/test/sse';
import { AUTH_COOKIE } from '../src/shared/constants';
import { BACKEND_MALLOC_TUNABLES, BFF_MALLOC_TUNABLES } from '../src/shared/malloc-tunables';
import { makeApp, makeDistDir } from '../tests/bff/helpers';
import { freePort } from '../tests/e2e/support/server';
import { freshPgDatabase, procCpu, procRss, say, selfCpu, sleep, stopChild, type Member, type Pause, type Site } from './support/chat-site';
import { startFloor } from './support/chat-floor';
import { describeMachine, measureMachine } from './support/machine';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const IN_PROCESS = process.env.BENCH_INPROCESS === '1';
const FLOOR = process.env.BENCH_FLOOR === '1';
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const COUNT_STATEMENTS = process.env.BENCH_STATEMENTS === '1';
const PAUSES = process.env.BENCH_PAUSES === '1';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const WARMUP = Number(process.env.BENCH_WARMUP ?? RATE * 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE ?? 0);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The key under which bench/support/count-statements.mjs counts the writes on the backend's PostgreSQL sockets. */
const WRITES_TO_POSTGRES = '(writes to PostgreSQL)';

// ---------------------------------------------------------------------------------------------------------------
// The production shape: backend and BFF as child processes.

/** Members who can write to each other and pay for it, with one login session each (the cookie values). */
async function prepareMembers(db: Db): Promise<{ members: Member[]; cookies: string[] }> {
  await db.query(
    sql`UPDATE users u SET paid_user = true, status = 'active'
     FROM users d WHERE d.email = ${DEMO_LOGINS.free} AND u.site_id = d.site_id`,
  );
  await db.query(sql`UPDATE profiles SET invisible = false, status = 'active' WHERE name <> ''`);
  const members = await db.query<Member>(
    sql`SELECT u.id, u.email FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.site_id = (SELECT site_id FROM users WHERE email = ${DEMO_LOGINS.free}) AND p.name <> ''
     ORDER BY u.id LIMIT ${MEMBERS}`,
  );
  const cookies: string[] = [];
  for (const m of members) {
    await grantCredits(db, { userId: m.id, credits: 100_000, kind: 'promo', reason: 'bonus' });
    const token = randomBytes(16).toString('hex');
    await createSession(db, sessionIdOf(token), m.id, 86_400);
    cookies.push(`${AUTH_COOKIE}=${token}`);
  }
  return { members, cookies };
}

function childEnv(extra: Record<string, string>, nodeOptions: string[] = []): NodeJS.ProcessEnv {
  const { BACKEND_URL: _b, DATABASE_URL: _d, NODE_OPTIONS: _n, ...inherited } = process.env;
  const options = [process.env.BENCH_NODE_OPTIONS ?? '', ...nodeOptions].filter(Boolean).join(' ');
  return {
    ...inherited,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...(options ? { NODE_OPTIONS: options } : {}),
    ...extra,
  };
}

async function startProcesses(): Promise<Site> {
  const pgUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (INSTANCES > 1 && !pgUrl) throw new Error('BENCH_INSTANCES > 1 needs PostgreSQL (DATABASE_URL or TEST_DATABASE_URL)');
  // The production processes run compiled JavaScript, built from the current sources first (about a second).
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build-server.ts')], { cwd: ROOT, stdio: 'ignore' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chatbench-'));
  const mediaDir = path.join(dataDir, 'media');
  const fresh = pgUrl ? await freshPgDatabase(pgUrl) : undefined;
  const children: ChildProcess[] = [];
  let distDir: string | undefined;
  // The children's own output (warnings and errors only) goes to a file, named at the end when it is not empty.
  const logFile = path.join(tmpdir(), `chatbench-${process.pid}.log`);
  const log = openSync(logFile, 'w');
  const cleanUp = async () => {
    for (const child of children.reverse()) await stopChild(child);
    if (statSync(logFile).size > 0) say(`(the backend's and the BFF's warnings: ${logFile})`);
    else rmSync(logFile, { force: true });
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  };
  try {
    // Migrate, seed and prepare the members before the backend starts (PGlite is one process's file).
    const db = fresh ? createPgDb(fresh.url) : await createPgliteDb(path.join(dataDir, 'db'));
    await migrate(db, async (tx) => void (await seed(tx, { media: createDiskStore(mediaDir), members: MEMBERS, avatars: 4 })));
    const { members, cookies } = await prepareMembers(db);
    // Statistics as a running site has them (autovacuum on PostgreSQL, the backend's own ANALYZE on PGlite).
    await db.exec('ANALYZE');
    await db.close();

    const backendSecret = randomBytes(32).toString('hex');
    const statementsFile = fresh && COUNT_STATEMENTS ? path.join(dataDir, 'statements.json') : undefined;
    const pausesFile = PAUSES ? path.join(dataDir, 'pauses.jsonl') : undefined;
    const pausesOf = (part: string): { env: Record<string, string>; nodeOptions: string[] } =>
      pausesFile
        ? {
            env: { BENCH_PAUSES_FILE: pausesFile, BENCH_PAUSES_PART: part },
            nodeOptions: ['--import', pathToFileURL(path.join(ROOT, 'bench/support/pauses.mjs')).href],
          }
        : { env: {}, nodeOptions: [] };
    const name = (part: string, i: number) => (INSTANCES > 1 ? `${part} ${i + 1}` : part);
    const startBackend = async (part: string): Promise<{ child: ChildProcess; port: number }> => {
      const backend = fork(path.join(ROOT, 'dist/server/backend.js'), [], {
        execArgv: [],
        env: childEnv(
          {
            PORT: '0',
            HOST: '127.0.0.1',
            // Each server's malloc settings, as npm start and the Docker image give them.
            GLIBC_TUNABLES: BACKEND_MALLOC_TUNABLES,
            BACKEND_SECRET: backendSecret,
            DATA_DIR: dataDir,
            DEMO_SEED: 'false',
            ...(fresh ? { DATABASE_URL: fresh.url } : {}),
            ...(statementsFile ? { BENCH_STATEMENTS_FILE: statementsFile } : {}),
            ...pausesOf(part).env,
          },
          [
            ...(statementsFile ? ['--import', pathToFileURL(path.join(ROOT, 'bench/support/count-statements.mjs')).href] : []),
            ...pausesOf(part).nodeOptions,
          ],
        ),
        stdio: ['ignore', log, log, 'ipc'],
      });
      children.push(backend);
      const port = await new Promise<number>((resolve, reject) => {
        backend.on('message', (m: { type?: string; port?: number }) => {
          if (m.type === 'ready' && typeof m.port === 'number') resolve(m.port);
        });
        backend.once('exit', (code) => reject(new Error(`the backend exited (code ${code})`)));
      });
      return { child: backend, port };
    };
    const builtDist = path.join(ROOT, 'dist/client');
    distDir = existsSync(builtDist) ? undefined : makeDistDir(); // pages are not asked for; only the API is used
    const startBff = async (backendPort: number, part: string): Promise<{ child: ChildProcess; base: string }> => {
      const port = await freePort();
      const bff = spawn(process.execPath, [path.join(ROOT, 'dist/server/bff.js')], {
        cwd: ROOT,
        env: childEnv(
          {
            PORT: String(port),
            GLIBC_TUNABLES: BFF_MALLOC_TUNABLES,
            BACKEND_URL: `http://127.0.0.1:${backendPort}`,
            BACKEND_SECRET: backendSecret,
            DATA_DIR: dataDir,
            DIST_DIR: distDir ?? builtDist,
            ...pausesOf(part).env,
          },
          pausesOf(part).nodeOptions,
        ),
        stdio: ['ignore', log, log],
      });
      children.push(bff);
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (bff.exitCode !== null) throw new Error(`the BFF exited (code ${bff.exitCode})`);
        if (Date.now() > deadline) throw new Error('the BFF did not become healthy');
        const ok = await fetch(`${base}/healthz`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) break;
        await sleep(250);
      }
      return { child: bff, base };
    };
    // One after the other: the backends share the database (the first start applies nothing new, but takes the lock).
    const backends: Array<{ child: ChildProcess; port: number }> = [];
    for (let i = 0; i < INSTANCES; i++) backends.push(await startBackend(name('backend', i)));
    const bffs = await Promise.all(backends.map((b, i) => startBff(b.port, name('BFF', i))));
    const pids = (list: Array<{ child: ChildProcess }>, part: string) =>
      list.map((p, i) => [name(part, i), p.child.pid as number] as const);
    const measured = [...pids(bffs, 'BFF'), ...pids(backends, 'backend')];
    const backendPid = backends[0]?.child.pid as number;
    return {
      label: `${fresh ? 'PostgreSQL' : 'PGlite'}, ${process.version}, ${INSTANCES > 1 ? `${INSTANCES} backends and ${INSTANCES} BFFs` : 'backend and BFF'} as separate processes on compiled JavaScript (NODE_ENV=production)`,
      bases: bffs.map((b) => b.base),
      members,
      cookies,
      cpu: async () => ({
        ...Object.fromEntries(measured.map(([part, pid]) => [part, procCpu(pid)])),
        ...(fresh ? { 'PostgreSQL (its connections of this database, about)': await fresh.cpu() } : {}),
        'load generator': selfCpu(),
      }),
      ...(fresh ? { analyze: fresh.analyze } : {}),
      ...(statementsFile
        ? {
            statements: async () => {
              rmSync(statementsFile, { force: true });
              process.kill(backendPid, 'SIGUSR2');
              for (let i = 0; i < 50 && !existsSync(statementsFile); i++) await sleep(20);
              await sleep(20);
              return new Map(Object.entries(JSON.parse(readFileSync(statementsFile, 'utf8')) as Record<string, number>));
            },
          }
        : {}),
      memory: async () => {
        await sleep(1_000);
        return Object.fromEntries(measured.map(([part, pid]) => [part, procRss(pid)]));
      },
      ...(pausesFile
        ? {
            pauses: () =>
              existsSync(pausesFile)
                ? readFileSync(pausesFile, 'utf8')
                    .split('\n')
                    .filter(Boolean)
                    .map((line) => JSON.parse(line) as Pause)
                : [],
          }
        : {}),
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// BENCH_INPROCESS=1: backend, BFF and load generator in this process.

async function settledHeap(): Promise<{ heap: number; rss: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await sleep(200);
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external + m.arrayBuffers, rss: m.rss };
}

async function startInProcess(): Promise<Site> {
  // On PostgreSQL the pool of a production backend (createPgDb's default 10), not the tests' 4.
  const ctx = await createTestContext({ members: MEMBERS, dbPoolMax: Number(process.env.BENCH_POOL ?? 10) });
  const backend = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => backend.once('listening', resolve));
  const bff = makeApp(`http://127.0.0.1:${(backend.address() as AddressInfo).port}`, { backendSecret: TEST_BACKEND_SECRET });
  const bffServer = bff.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => bffServer.once('listening', resolve));
  const { members, cookies } = await prepareMembers(ctx.db);
  return {
    label: `${ctx.db.dialect}, ${process.version}, backend + BFF + load generator in one process`,
    bases: [`http://127.0.0.1:${(bffServer.address() as AddressInfo).port}`],
    members,
    cookies,
    cpu: async () => ({ 'one process': selfCpu() }),
    memory: async () => {
      const m = await settledHeap();
      return { 'heap+external': m.heap, rss: m.rss };
    },
    close: async () => {
      bff.closeStreams();
      bffServer.closeAllConnections();
      await new Promise<void>((resolve) => bffServer.close(() => resolve()));
      bff.dispose();
      backend.closeAllConnections();
      await new Promise<void>((resolve) => backend.close(() => resolve()));
      await ctx.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The load generator.

/** One run's figures, for the median over BENCH_RUNS. */
interface RunFigures {
  cpu: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
}

async function run(site: Site): Promise<RunFigures> {
  const { bases, members, cookies } = site;
  const baseOf = (i: number) => bases[i % bases.length] as string;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const requests: http.ClientRequest[] = [];
  try {
    // Open the streams through the BFF, spread over the members (several tabs each, no sharing between them).
    const before = await site.memory();
    const arrivals = new Map<number, number[]>(); // message id → arrival times on the recipient's streams
    let open = 0;
    await Promise.all(
      Array.from({ length: STREAMS }, (_, i) => {
        const member = i % members.length;
        return new Promise<void>((resolve, reject) => {
          const req = http.get(
            `${baseOf(i)}/api/events.php`,
            { agent, headers: { cookie: cookies[member] as string, accept: 'text/event-stream' } },
            (res) => {
              if (res.statusCode !== 200) {
                reject(new Error(`stream ${i}: ${res.statusCode}`));
                return;
              }
              open += 1;
              resolve();
              readEventStream(res, {
                onEvent: ({ event, data }) => {
                  if (event !== 'message') return;
                  const message = JSON.parse(data) as { id: number; mine: boolean };
                  if (message.mine) return;
                  const list = arrivals.get(message.id) ?? [];
                  list.push(performance.now());
                  arrivals.set(message.id, list);
                },
              });
              res.on('error', () => undefined);
            },
          );
          req.on('error', reject);
          requests.push(req);
        });
      }),
    );
    const held = await site.memory();

    /** One `POST /api/message.php` through BFF i mod n, from member `from` to member `to`: its status and message id. */
    const post = (i: number, from: number, to: Member, key: string) =>
      new Promise<{ status: number; id?: number }>((resolve) => {
        const body = JSON.stringify({ profile_id: to.id, text: `bench message ${i}` });
        const req = http.request(
          `${baseOf(i)}/api/message.php`,
          {
            method: 'POST',
            agent: sendAgent,
            headers: {
              cookie: cookies[from] as string,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'idempotency-key': key,
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => {
              const status = res.statusCode ?? 0;
              resolve(status === 201 ? { status, id: (JSON.parse(text) as { message: { id: number } }).message.id } : { status });
            });
          },
        );
        req.on('error', () => resolve({ status: 0 }));
        req.end(body);
      });

    // Warm-up, not measured: a running site's processes have compiled their hot code and PostgreSQL's connections
    // have planned their prepared statements. Member m writes to member m+2 here, so the measured messages below
    // (member m to m+1) still start their conversations: the measured mix is the same with or without the warm-up.
    const warmup = members.length > 3 ? WARMUP : 0;
    const warmed: Promise<unknown>[] = [];
    const warmStart = performance.now();
    for (let i = 0; i < warmup; i++) {
      const wait = warmStart + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      const from = i % members.length;
      warmed.push(post(i, from, members[(from + 2) % members.length] as Member, `bench-warm-${i}`));
    }
    await Promise.all(warmed);
    if (warmup > 0) {
      await site.analyze?.();
      await sleep(1_000);
    }

    // BENCH_IDLE: what the open streams cost with nothing sent (heartbeats, catch-ups, jobs, collections).
    if (IDLE_SECONDS > 0) {
      const idleBefore = await site.cpu();
      await sleep(IDLE_SECONDS * 1000);
      const idleAfter = await site.cpu();
      say(
        `idle with the streams open, CPU per second over ${IDLE_SECONDS} s: ${Object.entries(idleAfter)
          .map(([part, c]) => `${part.replace(/ \(.*\)$/, '')} ${((c.ms - (idleBefore[part]?.ms ?? 0)) / IDLE_SECONDS).toFixed(1)} ms`)
          .join(', ')}`,
      );
    }

    // Send at RATE per second through the BFF.
    const sentAt = new Map<number, number>();
    const sentIndex = new Map<number, number>();
    let sent = 0;
    let refused = 0;
    const statuses = new Map<number, number>();
    const total = RATE * SECONDS;
    const started = performance.now();
    const cpuBefore = await site.cpu();
    const statementsBefore = await site.statements?.();
    const sends: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const from = i % members.length;
      const to = members[(from + 1) % members.length] as Member;
      const t0 = performance.now();
      sends.push(
        post(i, from, to, `bench-${i}`).then(({ status, id }) => {
          if (id !== undefined) {
            sent += 1;
            sentAt.set(id, t0);
            sentIndex.set(id, i);
          } else {
            refused += 1;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
    }
    await Promise.all(sends);
    const sendSeconds = (performance.now() - started) / 1000;
    await sleep(2_000);
    const cpuAfter = await site.cpu();
    const statementsAfter = await site.statements?.();

    const latencies: number[] = [];
    let expected = 0;
    const streamsOf = (member: number) => Math.floor(STREAMS / members.length) + (member < STREAMS % members.length ? 1 : 0);
    for (const [id, t0] of sentAt) {
      expected += streamsOf((((sentIndex.get(id) ?? 0) % members.length) + 1) % members.length);
      for (const t1 of arrivals.get(id) ?? []) latencies.push(t1 - t0);
    }
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
    const perSent = (after: number, before = 0) => (after - before) / Math.max(1, sent);
    const cpu = Object.fromEntries(Object.entries(cpuAfter).map(([part, c]) => [part, perSent(c.ms, cpuBefore[part]?.ms)]));
    const system = Object.fromEntries(Object.entries(cpuAfter).map(([part, c]) => [part, perSent(c.systemMs, cpuBefore[part]?.systemMs)]));
    const perMessage = Object.entries(cpu)
      .map(([part, ms]) => `${part} ${ms.toFixed(2)} ms`)
      .join(', ');
    const allMs = Object.values(cpu).reduce((a, b) => a + b, 0);
    const perStream = Object.entries(held)
      .map(([part, bytes]) => `${part} ${((bytes - (before[part] ?? 0)) / STREAMS / 1024).toFixed(1)} KiB`)
      .join(', ');

    say(
      `chat bench: ${site.label}; ${open} streams open through ${bases.length > 1 ? `${bases.length} BFFs` : 'the BFF'} over ${members.length} members`,
    );
    say(
      `sent ${sent} messages in ${sendSeconds.toFixed(1)} s (${(sent / sendSeconds).toFixed(0)}/s, target ${RATE}/s) after ${warmup} warm-up messages, refused ${refused}${statuses.size ? ` (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')})` : ''}`,
    );
    say(`CPU per sent message: ${perMessage}; all processes ${allMs.toFixed(2)} ms`);
    say(
      `  of which in the kernel (system calls, wake-ups): ${Object.entries(system)
        .map(([part, ms]) => `${part.replace(/ \(.*\)$/, '')} ${ms.toFixed(2)} ms`)
        .join(', ')}`,
    );
    say(`deliveries ${latencies.length} of ${expected} (every open stream of each recipient)`);
    say(`send → deliver  p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms`);
    say(`memory per open stream: ${perStream}`);
    if (site.pauses) say(describePauses(site.pauses(), started, started + sendSeconds * 1000, sentAt, arrivals));
    if (statementsBefore && statementsAfter) {
      const perMessageOf = (text: string) => ((statementsAfter.get(text) ?? 0) - (statementsBefore.get(text) ?? 0)) / Math.max(1, sent);
      const per = [...statementsAfter.keys()]
        .filter((text) => text !== WRITES_TO_POSTGRES)
        .map((text) => [text, perMessageOf(text)] as const)
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1]);
      say(
        `backend statements per sent message (all its PostgreSQL clients, streams and jobs included): ${per.reduce((a, [, n]) => a + n, 0).toFixed(1)}, in ${perMessageOf(WRITES_TO_POSTGRES).toFixed(1)} writes (round trips)`,
      );
      for (const [text, n] of per) if (n >= 0.05) say(`  ${n.toFixed(2)}  ${text.length > 150 ? `${text.slice(0, 147)}...` : text}`);
    }
    return { cpu, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  } finally {
    for (const req of requests) req.destroy();
    agent.destroy();
    sendAgent.destroy();
  }
}

/**
 * The send phase's pauses per process (BENCH_PAUSES=1), and when its slow deliveries (over 40 ms) were sent: in the
 * phase's first second, and during a pause of any process or in the 100 ms after it — beside how much of the phase
 * those windows cover, so a tail that pauses make shows as a share well above the coverage.
 */
function describePauses(pauses: Pause[], from: number, to: number, sentAt: Map<number, number>, arrivals: Map<number, number[]>): string {
  const epoch = (t: number) => performance.timeOrigin + t;
  const inPhase = pauses.filter((p) => p.at >= epoch(from) && p.at <= epoch(to));
  const parts = [...new Set(inPhase.map((p) => p.part))].sort();
  const perPart = parts.map((part) => {
    const mine = inPhase.filter((p) => p.part === part);
    const collections = mine.filter((p) => p.what !== 'stall');
    const stalls = mine.filter((p) => p.what === 'stall');
    const longest = (list: Pause[]) => Math.max(0, ...list.map((p) => p.ms)).toFixed(1);
    return `${part} ${stalls.length} stalls (longest ${longest(stalls)} ms), ${collections.length} collections (${collections.filter((p) => p.what === 'minor collection').length} minor; longest ${longest(collections)} ms)`;
  });
  // The windows [start of a pause, its end + 100 ms], merged, in epoch ms.
  const windows: Array<[number, number]> = [];
  for (const p of [...inPhase].sort((a, b) => a.at - b.at)) {
    const last = windows[windows.length - 1];
    if (last && p.at <= last[1]) last[1] = Math.max(last[1], p.at + p.ms + 100);
    else windows.push([p.at, p.at + p.ms + 100]);
  }
  const covered = windows.reduce((sum, [a, b]) => sum + Math.min(b, epoch(to)) - a, 0) / Math.max(1, to - from);
  const slow = [...sentAt].filter(([id, t0]) => (arrivals.get(id) ?? []).some((t1) => t1 - t0 > 40)).map(([, t0]) => t0);
  const firstSecond = slow.filter((t0) => t0 - from < 1_000).length;
  const inWindows = slow.filter((t0) => windows.some(([a, b]) => epoch(t0) >= a && epoch(t0) <= b)).length;
  return [
    `pauses in the send phase: ${perPart.join('; ') || 'none'}`,
    `messages with a delivery over 40 ms: ${slow.length} of ${sentAt.size}; sent in the phase's first second ${firstSecond}, during a pause or in the 100 ms after it ${inWindows} (those windows are ${(covered * 100).toFixed(0)} % of the phase)`,
  ].join('\n');
}

/** BENCH_FLOOR=1: the chat's shape with nothing of the site in it (bench/support/chat-floor.ts), on PostgreSQL. */
function startFloorSite(): Promise<Site> {
  const pgUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) throw new Error('BENCH_FLOOR=1 needs PostgreSQL (DATABASE_URL or TEST_DATABASE_URL)');
  return startFloor(pgUrl, MEMBERS);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

async function main(): Promise<void> {
  // This machine's speed first: machines of one kind differ by up to two times in the figures below.
  say(describeMachine(await measureMachine()));
  const runs: RunFigures[] = [];
  for (let i = 1; i <= RUNS; i++) {
    if (RUNS > 1) say(`--- run ${i} of ${RUNS}`);
    const site = IN_PROCESS ? await startInProcess() : FLOOR ? await startFloorSite() : await startProcesses();
    try {
      runs.push(await run(site));
    } finally {
      await site.close();
    }
  }
  if (runs.length < 2) return;
  // Runs of one build on a small shared machine differ by 15 % and more: compare medians, run close in time.
  const parts = Object.keys(runs[0]?.cpu ?? {});
  const totals = runs.map((r) => Object.values(r.cpu).reduce((a, b) => a + b, 0));
  say(`--- median of ${runs.length} runs (each on a new site)`);
  say(
    `CPU per sent message: ${parts.map((part) => `${part} ${median(runs.map((r) => r.cpu[part] ?? 0)).toFixed(2)} ms`).join(', ')}; all processes ${median(totals).toFixed(2)} ms (runs ${totals.map((t) => t.toFixed(2)).join(', ')})`,
  );
  say(
    `send → deliver  p50 ${median(runs.map((r) => r.p50)).toFixed(1)} ms  p95 ${median(runs.map((r) => r.p95)).toFixed(1)} ms  p99 ${median(runs.map((r) => r.p99)).toFixed(1)} ms`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
