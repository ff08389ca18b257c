import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { scratchRoot } from '../../support/scratch';

/**
 * The browser tests' global setup: a folder for seeded data directories that `startSite` copies instead of migrating
 * and seeding a database for every test file (support/server.ts). Test files run in child processes started after
 * this, so they inherit the variable. Like the sites' own data directories it is in RAM when it can be (support/scratch.ts).
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(scratchRoot(), 'e2e-seeded-'));
  process.env.E2E_SEEDED_DIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
