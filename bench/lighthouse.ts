/**
 * Lighthouse benchmark: starts the built site as `npm start` runs it (NODE_ENV=production, BFF + embedded
 * backend, fresh demo database), then runs Lighthouse's performance category with its default mobile preset
 * (Moto G Power viewport, simulated slow 4G and 4× CPU slowdown) in the system Chromium (headless) against `/` and
 * `/members` as a visitor and `/members` as a logged-in member (the auth cookie of a demo login, sent as an extra
 * header), the first member's profile page as both, and the member's /chats and first conversation, BENCH_RUNS times
 * each (default 3; BENCH_PAGES=/members:member,profile:visitor,conversation:member picks pages), and prints the median score with its metrics (BENCH_TASKS=1 also each run's long tasks). Prints figures, asserts
 * nothing. Run: `npm run build && npx tsx bench/lighthouse.ts`.
 *
 * Nothing is downloaded: Chromium is /usr/bin/chromium (CHROME_PATH overrides), started with its background
 * networking, component updates and other phone-home features off; Lighthouse runs only the performance category,
 * whose audits need nothing from the network beyond the site under test.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSite } from '../tests/e2e/support/server';
import { loginCookie } from './support/login';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--metrics-recording-only',
  '--safebrowsing-disable-auto-update',
];

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  si: number;
  benchmarkIndex: number;
}

async function audit(port: number, url: string, cookie: string | undefined): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableFullPageScreenshot: true,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (process.env.BENCH_TASKS) printLongTasks(url, lhr.audits['long-tasks']?.details);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    si: value('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * BENCH_TASKS=1: the run's long main-thread tasks as Lighthouse simulated them (start and duration at the preset's 4×
 * slowdown, the script it blames), to find what Total Blocking Time is made of.
 */
function printLongTasks(url: string, details: unknown): void {
  const items = (details as { items?: Array<{ url?: string; startTime?: number; duration?: number }> } | undefined)?.items ?? [];
  process.stdout.write(`  long tasks of ${url}:\n`);
  for (const item of items) {
    const start = (item.startTime ?? 0).toFixed(0).padStart(6);
    const duration = (item.duration ?? 0).toFixed(0).padStart(5);
    process.stdout.write(`  ${start} ms  ${duration} ms  ${item.url ?? ''}\n`);
  }
}

/** Lighthouse's own trace recording fails now and then (NO_NAVSTART, NO_FCP under load): such a run is taken again. */
async function auditAgainOnTraceErrors(port: number, url: string, cookie: string | undefined): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(port, url, cookie);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED/.test(String(error))) throw error;
      process.stderr.write(`(${String(error)}; taken again)\n`);
    }
  }
}

/** The profile page of the first member a visitor's members page shows. */
async function firstProfilePath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/members`)).text();
  const path = /href="(\/members\/\d+)"/.exec(html)?.[1];
  if (!path) throw new Error('no profile link on /members');
  return path;
}

/** The member's first conversation (the demo member has some). */
async function firstConversationPath(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/chats.php`, { headers: { cookie, 'request-type': 'client' } });
  const id = ((await res.json()) as { chats?: Array<{ conversation: number }> }).chats?.[0]?.conversation;
  if (!id) throw new Error(`no conversation for the member: chats.php ${res.status}`);
  return `/chats/${id}`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const site = await startSite({ NODE_ENV: 'production', LOG_LEVEL: 'error' });
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
try {
  const member = await loginCookie(site.url, 'premium@demo.test');
  const profile = await firstProfilePath(site.url);
  const conversation = await firstConversationPath(site.url, member);
  const only = process.env.BENCH_PAGES?.split(',');
  const pages = (
    [
      ['/', 'visitor', undefined],
      ['/members', 'visitor', undefined],
      ['/members', 'member', member],
      [profile, 'visitor', undefined],
      [profile, 'member', member],
      ['/chats', 'member', member],
      [conversation, 'member', member],
    ] satisfies Array<[string, string, string | undefined]>
  ).filter(([path, who]) => {
    const name = path === profile ? 'profile' : path === conversation ? 'conversation' : path;
    return !only || only.includes(`${name}:${who}`);
  });
  process.stdout.write(
    `\nLighthouse ${'performance'}, mobile preset (simulated throttling), median of ${RUNS} runs; ms except score and CLS\n`,
  );
  process.stdout.write(
    `${'page'.padEnd(12)} ${'who'.padEnd(8)} ${'score'.padStart(5)} ${'FCP'.padStart(6)} ${'LCP'.padStart(6)} ${'TBT'.padStart(6)} ${'CLS'.padStart(6)} ${'SI'.padStart(6)}  scores of the runs (benchmark index)\n`,
  );
  for (const [path, who, cookie] of pages) {
    await auditAgainOnTraceErrors(chrome.port, `${site.url}${path}`, cookie); // warm-up: the server's first render of a route
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await auditAgainOnTraceErrors(chrome.port, `${site.url}${path}`, cookie));
    const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
    process.stdout.write(
      `${path.padEnd(12)} ${who.padEnd(8)} ${String(m('score')).padStart(5)} ${m('fcp').toFixed(0).padStart(6)} ${m('lcp').toFixed(0).padStart(6)} ${m('tbt').toFixed(0).padStart(6)} ${m('cls').toFixed(3).padStart(6)} ${m('si').toFixed(0).padStart(6)}  ${runs.map((r) => `${r.score} (${Math.round(r.benchmarkIndex)})`).join(', ')}\n`,
    );
  }
} finally {
  chrome.kill();
  await site.stop();
}
