import { accessSync, constants, statSync } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * Where the test harness puts the data directories of the sites and instances it starts: a RAM-backed folder
 * (/dev/shm) when the machine has a writable one, else the system's temporary folder. A site's data directory starts as
 * a 45 MB copy of a seeded one and its database writes to it all through the file; on a disk that copy alone takes
 * 0.5–0.8 s of system time (0.08 s in RAM), and PostgreSQL's writes and syncs cost the same kind of time again. The
 * data is thrown away at the end of each file, so nothing is lost by keeping it in memory.
 */
export function scratchRoot(): string {
  const shm = '/dev/shm';
  try {
    if (!statSync(shm).isDirectory()) return tmpdir();
    accessSync(shm, constants.W_OK);
    return shm;
  } catch {
    return tmpdir();
  }
}
