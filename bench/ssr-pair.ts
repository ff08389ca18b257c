/**
 * Page CPU of two builds side by side: this checkout and another one (BENCH_BASE, a built checkout of an earlier
 * commit, e.g. `git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/ && (cd /tmp/base && npm run build)`).
 * Both sites run at once (compiled, NODE_ENV=production, each with its own embedded backend and demo database), and
 * one connection asks each for BENCH_PATH (default `/members`) as a logged-in member in turns of BENCH_PER_BLOCK
 * requests (default 50), BENCH_BLOCKS blocks each (default 20), the order swapped every block. Prints each build's
 * CPU per page (BFF, backend, both; user + system from /proc) and in how many blocks this checkout was cheaper.
 *
 * On a shared or virtual machine the CPU a page costs drifts by a fifth from one minute to the next, more than most
 * changes save: runs of `bench:ssr` one after the other compare the hours as much as the builds. Here both builds are
 * measured in the same minutes. Prints figures, asserts nothing. Run: `npm run build && BENCH_BASE=/tmp/base npm run bench:ssr-pair`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as SiteHelpers from '../tests/e2e/support/server';
import type * as ProcessHelpers from './support/processes';
import type { SiteProcesses } from './support/processes';
import { loginCookie } from './support/login';

const BASE = process.env.BENCH_BASE;
const PAGE = process.env.BENCH_PATH ?? '/members';
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20);
const PER_BLOCK = Number(process.env.BENCH_PER_BLOCK ?? 50);
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const say = (line: string) => process.stdout.write(`${line}\n`);

if (!BASE) {
  say('BENCH_BASE must name another built checkout (see the comment at the top of bench/ssr-pair.ts).');
  process.exit(2);
}

interface Side {
  label: string;
  url: string;
  stop: () => Promise<void>;
  procs: SiteProcesses;
  cpuMs: (pids: number[]) => number;
  cookie: string;
  bff: number;
  backend: number;
  pages: number;
  blocks: number[];
}

/** The malloc settings that checkout's `npm start` gives its BFF (its BFF gives its backend what that build gives it). */
function startTunables(root: string): string {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return /GLIBC_TUNABLES=(\S+)/.exec(scripts.start ?? '')?.[1] ?? '';
}

/** Starts the site of the checkout at `root` with that checkout's own helpers (they run its `dist/server`, relative to the working directory). */
async function start(root: string, label: string): Promise<Side> {
  const here = process.cwd();
  process.chdir(root);
  try {
    const server = (await import(pathToFileURL(path.join(root, 'tests/e2e/support/server.ts')).href)) as typeof SiteHelpers;
    const support = (await import(pathToFileURL(path.join(root, 'bench/support/processes.ts')).href)) as typeof ProcessHelpers;
    const site = await server.startSite(
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        GLIBC_TUNABLES: startTunables(root),
      },
      { compiled: true },
    );
    const procs = support.siteProcesses(site.pid);
    await support.settle(procs);
    return {
      label,
      url: site.url,
      stop: () => site.stop(),
      procs,
      cpuMs: support.cpuMs,
      cookie: await loginCookie(site.url, 'premium@demo.test'),
      bff: 0,
      backend: 0,
      pages: 0,
      blocks: [],
    };
  } finally {
    process.chdir(here);
  }
}

async function pages(side: Side, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${side.url}${PAGE}`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip', 'user-agent': USER_AGENT, cookie: side.cookie },
    });
    await res.arrayBuffer();
    if (res.status >= 500) throw new Error(`${side.label}: ${PAGE} answered ${res.status}`);
  }
}

const sides: Side[] = [];
try {
  sides.push(await start(path.resolve(BASE), 'base'));
  sides.push(await start(process.cwd(), 'this checkout'));
  for (const side of sides) await pages(side, 100); // warm up
  for (let block = 0; block < BLOCKS; block++) {
    for (const side of block % 2 === 0 ? sides : [...sides].reverse()) {
      const bff = side.cpuMs(side.procs.bff);
      const backend = side.cpuMs(side.procs.backend);
      await pages(side, PER_BLOCK);
      const spentBff = side.cpuMs(side.procs.bff) - bff;
      const spentBackend = side.cpuMs(side.procs.backend) - backend;
      side.bff += spentBff;
      side.backend += spentBackend;
      side.pages += PER_BLOCK;
      side.blocks.push((spentBff + spentBackend) / PER_BLOCK);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  say(`${PAGE} as a member, ${BLOCKS} blocks of ${PER_BLOCK} pages per build, 1 connection; CPU ms per page (user + system)`);
  for (const side of sides) {
    say(
      `${side.label.padEnd(14)} BFF ${(side.bff / side.pages).toFixed(2)}  backend ${(side.backend / side.pages).toFixed(2)}  both ${((side.bff + side.backend) / side.pages).toFixed(2)}  (median block ${median(side.blocks).toFixed(2)})`,
    );
  }
  const [base, head] = sides as [Side, Side];
  say(`this checkout cheaper in ${head.blocks.filter((v, i) => v < (base.blocks[i] ?? 0)).length} of ${BLOCKS} blocks`);
} finally {
  for (const side of sides) await side.stop();
}
