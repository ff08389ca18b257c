/**
 * The site as `npm start` runs it in production: `node dist/server/bff.js` (built from the current sources by
 * scripts/build-server.ts, here when the build is older than them; the client build must exist, as for every e2e test) forks the compiled backend with plain
 * node, which forks the compiled PSP simulator — no tsx in any process. Pages render from the bundles with the
 * catalogues, migrations and contract they read at run time, and one SIGTERM to the BFF ends all three processes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteProcesses, type SiteProcesses } from '../../bench/support/processes';
import { startSite, type RunningSite } from './support/server';
import { serverBuildIsCurrent } from '../support/server-build';

let site: RunningSite;
let procs: SiteProcesses;

const argv = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  // `npm test` builds first; a build older than the sources is made again here.
  if (!serverBuildIsCurrent()) execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'ignore' });
  // As `npm start` runs it: the embedded database, PGlite in the data directory.
  site = await startSite({ NODE_ENV: 'production' }, { compiled: true, database: 'embedded' });
  procs = siteProcesses(site.pid);
}, 180_000);

afterAll(async () => {
  await site?.stop();
});

describe('the compiled site (npm start)', () => {
  it('runs the BFF, the embedded backend and the PSP simulator as node on dist/server, without tsx', () => {
    const expected: Array<[keyof SiteProcesses, string]> = [
      ['bff', 'dist/server/bff.js'],
      ['backend', 'dist/server/backend.js'],
      ['psp', 'dist/server/psp-simulator.js'],
    ];
    for (const [part, bundle] of expected) {
      expect(procs[part], part).toHaveLength(1);
      const args = argv(procs[part][0] as number);
      expect(args[0], part).toBe(process.execPath);
      expect(args.at(-1), part).toMatch(new RegExp(`${bundle.replace(/[./]/g, '\\$&')}$`));
      expect(args.join(' '), part).not.toContain('tsx');
    }
  });

  it('renders pages in the member language and answers the API', async () => {
    const page = await fetch(`${site.url}/members`, { headers: { cookie: 'locale=de', accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect((await page.text()).match(/<html[^>]*>/)?.[0]).toContain('lang="de"');
    const settings = await fetch(`${site.url}/api/settings.php`);
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ name: expect.any(String) });
  });

  it('stops all three processes with one SIGTERM to the BFF', async () => {
    const pids = [...procs.bff, ...procs.backend, ...procs.psp];
    process.kill(site.pid, 'SIGTERM');
    const deadline = Date.now() + 20_000;
    while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pids.filter(alive)).toEqual([]);
  }, 30_000);
});
