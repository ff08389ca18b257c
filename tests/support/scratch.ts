import { accessSync, constants, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** RAM-backed space the harness leaves to others: Chromium keeps its shared memory there too. */
const SHM = '/dev/shm';
const SHM_FREE_NEEDED = 1024 ** 3;

/**
 * Where the test harness puts the data directories of the sites it starts: a RAM-backed folder (/dev/shm) when the
 * machine has a writable one with at least 1 GiB free (a container's default 64 MB would not hold three sites and a
 * seeded copy), else the system's temporary folder. A site's data directory starts as a 45 MB copy of a seeded one and
 * its database writes to it all through the file; on a disk that copy alone takes 0.4–0.9 s of system time (0.1 s in
 * RAM). The data is thrown away at the end of each file, so nothing is lost by keeping it in memory.
 */
export function scratchRoot(): string {
  try {
    accessSync(SHM, constants.W_OK);
    const space = statfsSync(SHM);
    return space.bavail * space.bsize >= SHM_FREE_NEEDED ? SHM : tmpdir();
  } catch {
    return tmpdir();
  }
}
