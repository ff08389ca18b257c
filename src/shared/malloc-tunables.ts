/**
 * glibc's malloc settings (the GLIBC_TUNABLES environment variable, read when a process starts) for the two servers.
 * They differ, because the two allocate differently. `npm start`, `npm run backend`, the Docker image, the compose
 * file and `scripts/cluster.sh` set the same strings (tests/bff/embedded-env.test.ts checks them), and the BFF gives
 * the backend it forks the backend's.
 *
 * Both: two arenas. glibc gives every thread that allocates an arena of its own and keeps what is freed there: the
 * libuv pool's threads (argon2, libvips, zlib), on two cores, would otherwise hold memory in up to sixteen arenas.
 */

/**
 * The backend: blocks of 128 KiB and more are mapped and returned at once. argon2 takes 19 MiB per hash and libvips
 * large buffers; with glibc's sliding thresholds, the first such block freed raises the threshold, and the next ones
 * come from the heap and stay there. The fixed thresholds keep the embedded backend about 300 MB smaller after the
 * demo seed.
 */
export const BACKEND_MALLOC_TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';

/**
 * The BFF: glibc's sliding thresholds. A compressed page allocates a brotli or gzip state of several hundred KiB to
 * a few MiB and frees it when the page ends. With the backend's fixed thresholds, each of those blocks was mapped,
 * touched page by page and unmapped again for every page: compressing a member list took four times the CPU, about
 * 2 ms of the BFF's 14 ms a page (docs/benchmarks.md). The BFF holds no large blocks for long: with the sliding
 * thresholds it levels off 5–10 MiB higher (bench:memory: 185–190 MiB at its highest, 180 before).
 */
export const BFF_MALLOC_TUNABLES = 'glibc.malloc.arena_max=2';
