/**
 * Tab benchmark: a logged-in member on a 390 px phone goes round the tab bar (members → likes → chats → me → members)
 * and each tap is timed from the finger landing (pointerdown, then the click) to the next page drawn (its URL and its
 * heading in place, then one more frame). The first round loads each page's code and data (cold); the next rounds are
 * warm (the code is in the browser, SWR has the data the page revalidates). Each round runs with the CPU as it is and
 * slowed four times (a mid-range phone, as Lighthouse's mobile profile does). Starts the built site as `npm start`
 * runs it. Prints figures, asserts nothing. Run: `npm run build && npm run bench:tabs` (BENCH_ROUNDS, default 5).
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { logIn, PHONE } from '../tests/e2e/support/pages';
import { startSite } from '../tests/e2e/support/server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TABS = ['/likes', '/chats', '/me', '/members'] as const;

/**
 * In the page: taps the tab of `to` as a finger would and answers the milliseconds until its page is drawn. A string,
 * so that tsx's name helpers do not end up in the page.
 */
const TAP = `async (to) => {
  const link = document.querySelector('nav.app-tabs a[href="' + to + '"]');
  if (!link) throw new Error('no tab for ' + to);
  const before = document.querySelector('main h1');
  const started = performance.now();
  link.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  link.click();
  await new Promise((resolve) => {
    const check = () => {
      const heading = document.querySelector('main h1');
      if (location.pathname === to && heading && heading !== before) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return performance.now() - started;
}`;

const tap = (page: Page, path: string): Promise<number> => page.evaluate(`(${TAP})(${JSON.stringify(path)})`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const site = await startSite({}, { compiled: true });
// As a member's phone has it: the app shell's worker serves the hashed assets from its cache.
const browser = await launchBrowser({ serviceWorkers: true });
try {
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const page = await context.newPage();
  await logIn(page, site.url, 'premium@demo.test');
  await page.locator('html[data-hydrated]').waitFor();
  const cdp = await context.newCDPSession(page);
  process.stdout.write(`Tab bar, ms from the finger landing to the next page drawn (${ROUNDS - 1} warm rounds, median / max)\n`);
  process.stdout.write(`${'tab'.padEnd(10)} ${'CPU 1× cold'.padStart(12)} ${'warm'.padStart(14)} ${'CPU 4× warm'.padStart(16)}\n`);
  const figures = new Map<string, { cold: number; warm: number[]; slow: number[] }>(TABS.map((t) => [t, { cold: 0, warm: [], slow: [] }]));
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of TABS) {
        const ms = await tap(page, path);
        const entry = figures.get(path);
        if (!entry) continue;
        if (rate === 1 && round === 0) entry.cold = ms;
        else if (rate === 1) entry.warm.push(ms);
        else if (round > 0) entry.slow.push(ms);
      }
    }
  }
  for (const [path, { cold, warm, slow }] of figures) {
    const pair = (values: number[]) => `${median(values).toFixed(0)} / ${Math.max(...values).toFixed(0)}`;
    process.stdout.write(`${path.padEnd(10)} ${cold.toFixed(0).padStart(12)} ${pair(warm).padStart(14)} ${pair(slow).padStart(16)}\n`);
  }
  await context.close();
} finally {
  await browser.close();
  await site.stop();
}
