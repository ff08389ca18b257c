/**
 * Main-thread blocking benchmark, independent of Lighthouse's simulation: starts the built site as `npm start` runs it
 * (fresh demo database), opens pages in the system Chromium at a phone's viewport with 4× CPU slowdown (DevTools
 * throttling, as Lighthouse's mobile preset assumes) and, from the page's own `longtask` and `paint` entries, prints
 * per page the median over BENCH_RUNS loads (default 5) of: first contentful paint, the blocking time after it (each
 * long task's time beyond 50 ms, until 5 s after the load) and the longest task. Lighthouse's Total Blocking Time is
 * the same sum over its simulated trace. Prints figures, asserts nothing. Run: `npm run build && npm run bench:blocking`
 * (BENCH_PATHS=/,/members to pick pages).
 */
import { chromium } from 'playwright-core';
import { startSite } from '../tests/e2e/support/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PATHS = (process.env.BENCH_PATHS ?? '/,/members,/members/5').split(',');

interface Load {
  fcp: number;
  blocking: number;
  longest: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const site = await startSite({ NODE_ENV: 'production', LOG_LEVEL: 'error' }, { compiled: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  process.stdout.write(`\nMain thread at 4× CPU slowdown, 390×844, median of ${RUNS} loads (ms)\n`);
  process.stdout.write(
    `${'page'.padEnd(14)} ${'FCP'.padStart(6)} ${'blocking'.padStart(9)} ${'longest'.padStart(8)}  blocking of each load\n`,
  );
  for (const path of PATHS) {
    const loads: Load[] = [];
    for (let i = 0; i < RUNS + 1; i += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __longTasks: Array<{ start: number; duration: number }> };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
      await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
      await page.waitForTimeout(5_000);
      const load = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        const tasks = (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks.filter(
          (t) => t.start >= fcp,
        );
        return {
          fcp,
          blocking: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
          longest: Math.max(0, ...tasks.map((t) => t.duration)),
        };
      });
      await context.close();
      if (i > 0) loads.push(load); // the first load warms the server's route and the browser's caches
    }
    const m = (key: keyof Load) => median(loads.map((l) => l[key])).toFixed(0);
    process.stdout.write(
      `${path.padEnd(14)} ${m('fcp').padStart(6)} ${m('blocking').padStart(9)} ${m('longest').padStart(8)}  ${loads.map((l) => l.blocking.toFixed(0)).join(', ')}\n`,
    );
  }
} finally {
  await browser.close();
  await site.stop();
}
