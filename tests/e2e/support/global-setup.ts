import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { scratchRoot } from '../../support/scratch';
import { dropRunDatabases } from './postgres';

/**
 * The browser tests' global setup: a folder for seeded data directories that `startSite` copies instead of migrating
 * and seeding a database for every test file (support/server.ts), and the run's name (E2E_RUN), which starts the name
 * of every PostgreSQL database its sites make. Test files run in child processes started after this, so they inherit
 * the variables. Like the sites' own data directories the folder is in RAM when it can be (support/scratch.ts). At the
 * end the folder goes, and every database of the run that a file left.
 */
export default function setup(): () => Promise<void> {
  const root = mkdtempSync(join(scratchRoot(), 'e2e-seeded-'));
  process.env.E2E_SEEDED_DIR = root;
  process.env.E2E_RUN = randomBytes(4).toString('hex');
  return async () => {
    rmSync(root, { recursive: true, force: true });
    await dropRunDatabases();
  };
}
