import { createPgDb } from '../lib/db';
import { createJobs } from '../lib/jobs';
import { createLogger } from '../lib/logger';
import { migrate } from '../lib/migrate';
import { createPgTemplate, dropOrphanedTestDatabases, dropRunTestDatabases } from './pg-database';

/**
 * Global setup of the `postgres` test project: one database on TEST_DATABASE_URL's server is migrated once per run,
 * with pg-boss's schema (no queue, no job), and named in PG_TEMPLATE_DATABASE (test files run in workers started after
 * this, so they inherit the variable). Each test's database is made as a copy of it (pg-database.ts); the copies and the
 * template are dropped at the end of the run. Nothing stays connected to it: PostgreSQL copies only a template nobody uses.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || process.env.API_BASE_URL) return async () => undefined;
  await dropOrphanedTestDatabases(url);
  const template = await createPgTemplate(url);
  const db = createPgDb(template.url, { searchPath: template.schema, max: 2 });
  try {
    await migrate(db);
    const jobs = createJobs(db, createLogger('silent'), { schema: template.jobSchema });
    await jobs.boss.start();
    // pg-boss has a pool of its own on PostgreSQL: closed, so that no session stays in the template.
    await jobs.boss.stop({ graceful: false, close: true });
  } catch (err) {
    await db.close();
    await template.drop();
    throw err;
  }
  await db.close();
  process.env.PG_TEMPLATE_DATABASE = template.database;
  return async () => {
    await dropRunTestDatabases(url, template.database);
    await template.drop();
  };
}
