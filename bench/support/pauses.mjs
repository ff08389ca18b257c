/**
 * Preloaded into the BFF and the backend by `bench/chat.ts` with BENCH_PAUSES=1 (`--import`): notes each time the
 * process stood still — a garbage collection over 5 ms (perf_hooks' gc entries), or its event loop found late by over
 * 15 ms by a timer due every 5 ms — as a JSON line `{ part, at, ms, what }` (`at` in epoch ms) appended to
 * BENCH_PAUSES_FILE under the name BENCH_PAUSES_PART, so the bench can set them beside the slowest deliveries.
 */
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';

const file = process.env.BENCH_PAUSES_FILE;
const part = process.env.BENCH_PAUSES_PART ?? String(process.pid);
const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor collection',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major collection',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
const TICK_MS = 5;

const note = (at, ms, what) =>
  appendFileSync(file, `${JSON.stringify({ part, at: Math.round(at), ms: Math.round(ms * 10) / 10, what })}\n`);

if (file) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > 5) note(performance.timeOrigin + entry.startTime, entry.duration, KINDS[entry.detail?.kind] ?? 'collection');
    }
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - TICK_MS;
    if (late > 15) note(performance.timeOrigin + last + TICK_MS, late, 'stall');
    last = now;
  }, TICK_MS).unref();
}
