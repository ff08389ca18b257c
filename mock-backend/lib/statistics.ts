import type { Logger } from 'pino';
import type { Db } from './db';
import type { JobDefinition } from './jobs';

/**
 * Planner statistics on the embedded database. PostgreSQL's autovacuum keeps them fresh by itself; PGlite runs no
 * autovacuum, so a table that was never ANALYZEd looks empty to the planner and a search's count becomes a nested
 * loop over every profile (ANALYZE alone made members.php 9.5× faster). The backend therefore analyzes
 * the embedded database once at start (after migrations and the demo seed) and then on this job's schedule.
 */
const STATISTICS_JOB = 'statistics';
/** Every 10 minutes: ANALYZE samples at most 30,000 rows per table, tens of milliseconds at 100,000 members. */
const STATISTICS_CRON = '*/10 * * * *';

/** ANALYZE on PGlite; nothing on PostgreSQL (autovacuum's job there). Returns whether it ran. */
export async function refreshStatistics(db: Db): Promise<boolean> {
  if (db.dialect !== 'pglite') return false;
  await db.exec('ANALYZE');
  return true;
}

/** The scheduled refresh (defined only for the embedded database). */
export function statisticsJob(db: Db, logger: Logger, cron = STATISTICS_CRON): JobDefinition {
  return {
    name: STATISTICS_JOB,
    cron,
    policy: 'singleton',
    pollingIntervalSeconds: 30,
    handler: async () => {
      const started = performance.now();
      await refreshStatistics(db);
      logger.info({ job: STATISTICS_JOB, ms: Math.round(performance.now() - started) }, 'planner statistics refreshed');
    },
  };
}
