/**
 * Search benchmark: 100,000 members (BENCH_MEMBERS) in PGlite and in PostgreSQL, typical searches through the real
 * service (count + keyset page + blocks + distance), p50/p95 per search. Prints figures, asserts nothing.
 * Count strategy: capped — the count reads at most COUNT_CAP + 1 matching rows and answers "1,000+" beyond that
 * (`total_capped`). Statistics: the fill ends with the backend's own refresh (lib/statistics.ts: ANALYZE on PGlite,
 * autovacuum's ANALYZE on PostgreSQL, run here explicitly because autovacuum would only come later).
 *
 *   npm run bench:search                    # PGlite, plus PostgreSQL when BENCH_DATABASE_URL is reachable
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm run bench:search
 *   BENCH_ENGINES=postgres BENCH_MEMBERS=1000000 npm run bench:search   # one engine only (a million in memory is PGlite's
 *                                                                       # limit on a small machine)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { COUNT_CAP, listMembers, type SearchQuery } from '../mock-backend/components/members/service';
import { createDiskStore } from '../mock-backend/lib/media-store';
import { createPgDb, createPgliteDb, sql, type Db } from '../mock-backend/lib/db';
import { migrate } from '../mock-backend/lib/migrate';
import { refreshStatistics } from '../mock-backend/lib/statistics';
import { DEMO_LOGINS, seed } from '../mock-backend/seed/seed';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const ENGINES = new Set((process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()));

async function fill(db: Db): Promise<{ siteId: number; viewerId: number; regionId: number }> {
  await migrate(db);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-media-'));
  await seed(db, { media: createDiskStore(dir), members: 50, avatars: 2 });
  await rm(dir, { recursive: true, force: true });
  const started = Date.now();
  await db.exec(`
    INSERT INTO users (site_id, email, password_hash, status, last_active_at, signup_date)
    SELECT s.id, 'bench' || g || '@bench.test', 'x', 'active',
           now() - (random() * interval '120 days'), now() - (random() * interval '400 days')
    FROM generate_series(1, ${MEMBERS}) g, (SELECT id FROM sites WHERE is_default) s;
    INSERT INTO profiles (user_id, name, country, birth_date, gender, status, invisible, lat, lon)
    SELECT u.id, 'Bench ' || u.id,
           (ARRAY['NL','DE','GB','FR','US','BE','ES','IT','PL','SE'])[1 + floor(random() * 10)::int],
           date '2007-01-01' - (random() * 365 * 50)::int,
           CASE WHEN random() < 0.92 THEN 'male' ELSE 'female' END,
           'active', random() < 0.02, 52.375 + round((random() - 0.5) * 40) * 0.05, 4.875 + round((random() - 0.5) * 40) * 0.05
    FROM users u WHERE u.email LIKE 'bench%';
    WITH rr AS (SELECT id, country, row_number() OVER (PARTITION BY country ORDER BY id) AS rn,
                       count(*) OVER (PARTITION BY country) AS n FROM regions)
    UPDATE profiles p SET region_id = rr.id FROM rr
    WHERE rr.country = p.country AND rr.rn = 1 + (p.user_id % rr.n) AND p.name LIKE 'Bench %';
    INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status, is_main, position)
    SELECT p.user_id, 'avatars/avatar-01.jpg', 'avatars/avatar-01-thumb.jpg', 'avatars/avatar-01-blur.jpg', 'approved', true, 0
    FROM profiles p WHERE p.name LIKE 'Bench %' AND p.user_id % 5 <> 0;
  `);
  process.stdout.write(`  filled ${MEMBERS} members in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const analyzing = performance.now();
  if (!(await refreshStatistics(db))) await db.exec('ANALYZE'); // PostgreSQL: what autovacuum does after a bulk load
  process.stdout.write(`  statistics refresh (ANALYZE): ${(performance.now() - analyzing).toFixed(0)} ms\n`);
  const [site] = await db.query<{ id: number }>(sql`SELECT id FROM sites WHERE is_default`);
  const [viewer] = await db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGINS.free}`);
  const [region] = await db.query<{ region_id: number }>(
    sql`SELECT region_id FROM profiles WHERE country = 'NL' AND region_id IS NOT NULL GROUP BY region_id ORDER BY count(*) DESC LIMIT 1`,
  );
  return { siteId: site?.id as number, viewerId: viewer?.id as number, regionId: region?.region_id as number };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function run(label: string, db: Db): Promise<void> {
  process.stdout.write(`\n${label}\n`);
  const { siteId, viewerId, regionId } = await fill(db);
  const base = { siteId, viewerId, limit: 24 };
  // A cursor five pages deep into Germany, taken once.
  let deCursor: string | undefined;
  for (let i = 0; i < 5; i++) {
    const page = await listMembers(db, { ...base, country: 'DE', cursor: deCursor });
    deCursor = page.next_cursor ?? undefined;
  }
  const searches: Array<[string, SearchQuery]> = [
    ['newest active, no filter', { ...base }],
    ['country NL', { ...base, country: 'NL' }],
    ['NL, men, age 25–45', { ...base, country: 'NL', gender: 'male', minAge: 25, maxAge: 45 }],
    ['NL, one region', { ...base, country: 'NL', region: regionId }],
    ['NL, region, age 60–65 (few → similar)', { ...base, country: 'NL', region: regionId, minAge: 60, maxAge: 65 }],
    ['DE, page 6 (keyset cursor)', { ...base, country: 'DE', cursor: deCursor }],
    ['visitor, women 18–30', { ...base, viewerId: null, gender: 'female', minAge: 18, maxAge: 30 }],
    // The quick filters (chips) of the search page, alone and together with a country.
    ['chip: online now', { ...base, online: true }],
    ['chip: with photo', { ...base, withPhoto: true }],
    ['chip: new (joined ≤ 30 days)', { ...base, newMembers: true }],
    ['chip: nearby (≤ 50 km)', { ...base, nearby: true }],
    ['NL, chips photo + new', { ...base, country: 'NL', withPhoto: true, newMembers: true }],
    ['chips online + photo + nearby', { ...base, online: true, withPhoto: true, nearby: true }],
    ['chips new + nearby, nearest first', { ...base, newMembers: true, nearby: true, sort: 'distance' }],
    ['nearest first (sort=distance, no chip)', { ...base, sort: 'distance' }],
  ];
  process.stdout.write(`  count strategy: capped at ${COUNT_CAP} (reads at most ${COUNT_CAP + 1} matching rows; "${COUNT_CAP}+" beyond)\n`);
  process.stdout.write(`  ${'search'.padEnd(40)} ${'total'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}\n`);
  for (const [name, q] of searches) {
    const first = await listMembers(db, q); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = process.hrtime.bigint();
      await listMembers(db, q);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `  ${name.padEnd(40)} ${`${first.total}${first.total_capped ? '+' : ''}`.padStart(7)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}\n`,
    );
  }
}

async function main(): Promise<void> {
  process.stdout.write(`Search benchmark: ${MEMBERS} members, ${RUNS} runs per search (count + page of 24)\n`);
  if (ENGINES.has('pglite')) {
    const lite = await createPgliteDb();
    try {
      await run('PGlite (in memory)', lite);
    } finally {
      await lite.close();
    }
  }
  if (!ENGINES.has('postgres')) return;

  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    process.stdout.write(`\nPostgreSQL at ${PG_URL} not reachable (${(err as Error).message}); skipped\n`);
    return;
  }
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = createPgDb(PG_URL, { searchPath: schema, max: 2 });
  try {
    await run(`PostgreSQL (${PG_URL}, schema ${schema})`, db);
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

await main();
