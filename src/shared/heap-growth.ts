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
export const BFF_HEAP_GROWING_PERCENT = 100;

/**
 * The embedded backend's: half again. Its garbage (answers, rows, the protocol's buffers) piled up for about 40 MiB
 * between full collections and took the process past 400 MiB after 1,000 member pages, next to PGlite's WebAssembly
 * memory; at 50 it levels off some 30 MiB lower, and its CPU per page did not change measurably (side by side, 20
 * blocks of 50 pages: 5.21 → 5.26 ms), since what it keeps alive is small and a full collection of it is cheap.
 */
export const BACKEND_HEAP_GROWING_PERCENT = 50;

export function limitHeapGrowth(percent: number): void {
  if (process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg))) return;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
