import type { Logger } from 'pino';
import sql from 'sql-template-tag';
import type { Db } from './db';
import type { JobDefinition } from './jobs';

/**
 * Planner statistics where nothing else keeps them. PostgreSQL's autovacuum keeps them fresh by itself; PGlite runs no
 * autovacuum, and neither does a PostgreSQL server with `autovacuum = off`. There a table that was never ANALYZEd
 * looks empty to the planner: a search's count becomes a nested loop over every profile (ANALYZE alone made
 * members.php 9.5× faster), and a chat send's statements read the whole messages table (a tenth of a chat message's
 * CPU after 3,000 messages on a new site). The backend therefore analyzes such a database at start when it needs it
 * (refreshStatisticsAtStart) and then on this job's schedule.
 */
const STATISTICS_JOB = 'statistics';
/** Every 10 minutes: ANALYZE samples at most 30,000 rows per table, tens of milliseconds at 100,000 members. */
const STATISTICS_CRON = '*/10 * * * *';

/** Whether the backend keeps the statistics itself: on PGlite, and on a PostgreSQL server whose autovacuum is off. */
export async function keepsOwnStatistics(db: Db): Promise<boolean> {
  if (db.dialect === 'pglite') return true;
  const [row] = await db.query<{ off: boolean }>(sql`SELECT current_setting('autovacuum') = 'off' AS off`);
  return row?.off === true;
}

/** ANALYZE where the backend keeps the statistics; nothing where autovacuum does. Returns whether it ran. */
export async function refreshStatistics(db: Db): Promise<boolean> {
  if (!(await keepsOwnStatistics(db))) return false;
  await db.exec('ANALYZE');
  return true;
}

/**
 * The refresh at start: when this start changed the database (a migration applied, the demo seed written) or a table
 * of it was never analyzed (PostgreSQL counts its rows as -1 until then). Otherwise the statistics of the last run are
 * still there — PostgreSQL keeps them in the database itself — and the scheduled job refreshes them within its interval,
 * as it does while the backend runs. Returns whether it ran.
 */
export async function refreshStatisticsAtStart(db: Db, changed: boolean): Promise<boolean> {
  if (!(await keepsOwnStatistics(db))) return false;
  if (!changed) {
    const [row] = await db.query<{ missing: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = current_schema() AND c.reltuples < 0) AS missing`,
    );
    if (!row?.missing) return false;
  }
  return refreshStatistics(db);
}

/** The scheduled refresh (it does nothing where autovacuum keeps the statistics). */
export function statisticsJob(db: Db, logger: Logger, cron = STATISTICS_CRON): JobDefinition {
  return {
    name: STATISTICS_JOB,
    cron,
    policy: 'singleton',
    pollingIntervalSeconds: 30,
    handler: async () => {
      const started = performance.now();
      if (await refreshStatistics(db)) {
        logger.info({ job: STATISTICS_JOB, ms: Math.round(performance.now() - started) }, 'planner statistics refreshed');
      }
    },
  };
}
