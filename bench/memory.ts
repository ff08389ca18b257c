/**
 * Memory under load: starts the site as `npm start` runs it (NODE_ENV=production, compiled `dist/server/bff.js`
 * forking `dist/server/backend.js` on PGlite in a fresh DATA_DIR, demo database) and prints the resident memory of
 * each process (BFF, backend, PSP simulator):
 *   - idle after the start, once settled;
 *   - after each step of BENCH_PAGE_STEP member pages (default 100; BENCH_PAGES in all, default 1,000), a logged-in
 *     member's pages in turn (member list, profiles of different members, likes, chats, own profile, settings, credits)
 *     over 4 connections, with the growth since the step before;
 *   - after each step of BENCH_STREAM_STEP event streams (default 100; BENCH_STREAMS in all, default 1,000) opened
 *     through the BFF by the three demo members (paced under the backend's 120 a minute per member, so this part
 *     takes about three minutes), held for a second and closed again, with the growth since the step before.
 * A leak shows as growth that does not level off: the first steps fill caches and the heap, later ones should add
 * next to nothing. Prints figures, asserts nothing. Run: `npm run build && npm run bench:memory`.
 * BENCH_DATABASE_URL runs the backend on that PostgreSQL database instead of PGlite (an empty database: the site
 * migrates and seeds it, e.g. `psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE bench_memory'`).
 */
import http from 'node:http';
import { startSite } from '../tests/e2e/support/server';
import { buildServer, rssMiB, settle, siteProcesses, type SiteProcesses } from './support/processes';
import { loginCookie } from './support/login';
import { BFF_MALLOC_TUNABLES } from '../src/shared/malloc-tunables';

const PAGES = Number(process.env.BENCH_PAGES ?? 1000);
const PAGE_STEP = Number(process.env.BENCH_PAGE_STEP ?? 100);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const STREAM_STEP = Number(process.env.BENCH_STREAM_STEP ?? 100);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const CONNECTIONS = 4;
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`${line}\n`);

type Reading = Record<'BFF' | 'backend' | 'PSP simulator', number>;
function reading(procs: SiteProcesses): Reading {
  return { BFF: rssMiB(procs.bff), backend: rssMiB(procs.backend), 'PSP simulator': rssMiB(procs.psp) };
}
const row = (label: string, now: Reading, before?: Reading) =>
  `${label.padEnd(22)} ${(Object.keys(now) as Array<keyof Reading>)
    .map((part) =>
      `${part} ${String(now[part]).padStart(4)} MiB${before ? ` (${now[part] - before[part] >= 0 ? '+' : ''}${now[part] - before[part]})` : ''}`.padEnd(
        part === 'PSP simulator' ? 0 : 26,
      ),
    )
    .join('  ')}`;

buildServer(process.cwd());
// The environment npm start and the Docker image give the BFF (the BFF gives the embedded backend its own malloc settings).
const site = await startSite(
  {
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? BFF_MALLOC_TUNABLES,
    ...(DATABASE_URL ? { DATABASE_URL } : {}),
  },
  { compiled: true },
);
try {
  const procs = siteProcesses(site.pid);
  await settle(procs);
  const idle = reading(procs);
  say(
    `memory bench: ${process.version}, compiled BFF + embedded backend on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (NODE_ENV=production); resident memory (VmRSS)`,
  );
  say(row('idle after start', idle));

  const cookie = await loginCookie(site.url, 'premium@demo.test');
  const list = (await (await fetch(`${site.url}/api/members.php?limit=50`, { headers: { cookie } })).json()) as {
    profiles: Array<{ id: number }>;
  };
  const ids = list.profiles.map((p) => p.id);
  const fixed = ['/members', '/likes', '/chats', '/profile', '/settings', '/credits', '/match-finder'];
  const pathOf = (i: number) => (i % 2 === 0 ? `/members/${ids[(i / 2) % ids.length]}` : (fixed[((i - 1) / 2) % fixed.length] as string));

  let served = 0;
  let failed = 0;
  let previous = idle;
  for (let step = 0; served < PAGES; step++) {
    const end = Math.min(PAGES, served + PAGE_STEP);
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (served < end) {
          const i = served++;
          const res = await fetch(`${site.url}${pathOf(i)}`, { headers: { cookie, accept: 'text/html', 'user-agent': USER_AGENT } });
          await res.arrayBuffer();
          if (res.status >= 500) failed += 1;
        }
      }),
    );
    const now = reading(procs);
    say(row(`after ${end} pages`, now, previous));
    previous = now;
  }
  if (failed) say(`(${failed} pages answered 5xx)`);

  // The backend lets one member open 120 streams a minute: the streams are spread over the three demo members and
  // paced to stay under it.
  const streamCookies = [cookie, await loginCookie(site.url, 'free@demo.test'), await loginCookie(site.url, 'moderator@demo.test')];
  const recent: number[][] = streamCookies.map(() => []);
  let turn = 0;
  const nextCookie = async (): Promise<string> => {
    const k = turn++ % streamCookies.length;
    for (;;) {
      const now = Date.now();
      recent[k] = (recent[k] as number[]).filter((t) => now - t < 61_000);
      if ((recent[k] as number[]).length < 110) break;
      await sleep(((recent[k] as number[])[0] as number) + 61_000 - now);
    }
    (recent[k] as number[]).push(Date.now());
    return streamCookies[k] as string;
  };
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let opened = 0;
  for (let step = 0; opened < STREAMS; step++) {
    const count = Math.min(STREAM_STEP, STREAMS - opened);
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) cookies.push(await nextCookie());
    const requests = await Promise.all(
      cookies.map(
        (streamCookie) =>
          new Promise<http.ClientRequest>((resolve, reject) => {
            const req = http.get(
              `${site.url}/api/events.php`,
              { agent, headers: { cookie: streamCookie, accept: 'text/event-stream' } },
              (res) => {
                if (res.statusCode !== 200) reject(new Error(`stream: ${res.statusCode}`));
                res.on('data', () => undefined);
                res.on('error', () => undefined);
                resolve(req);
              },
            );
            req.on('error', reject);
          }),
      ),
    );
    opened += count;
    await sleep(1_000);
    const held = reading(procs);
    for (const req of requests) req.destroy();
    await sleep(1_000);
    const now = reading(procs);
    say(`${row(`${opened} streams (closed)`, now, previous)}   while ${count} open: BFF ${held.BFF}, backend ${held.backend} MiB`);
    previous = now;
  }
  agent.destroy();
  say(row('total growth', previous, idle));
} finally {
  await site.stop();
}
