import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what its last full garbage collection kept, in percent: 100 lets it double.
 *
 * Left to itself V8 picks a factor between 1.1 and 4 from how fast it collects, and under a steady stream of pages it
 * picks the top: a BFF with 36 MiB of live objects let its heap grow to 155 MiB (250 MiB resident after 1,000 member
 * pages) before the next full collection. Doubling holds that heap at about 100 MiB (185 MiB resident) for the same CPU
 * per page, since a full collection's marking runs beside the main thread, which it costs under a millisecond. 50 would
 * hold the BFF at 155 MiB, but cost it about a tenth more CPU per page. The figures are in docs/benchmarks.md.
 *
 * V8 reads the flag again at every full collection, so setting it once the process runs is enough. A
 * `--heap-growing-percent` on the node command line wins (0 gives V8 its own choice back).
 */
const HEAP_GROWING_PERCENT = 100;

export function limitHeapGrowth(): void {
  if (process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
