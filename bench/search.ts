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
 *   BENCH_ENGINES=postgres BENCH_MEMBERS=10000000 BENCH_KEEP=1 npm run bench:search   # fill ten million, keep the schema
 *   BENCH_ENGINES=postgres BENCH_SCHEMA=bench_… BENCH_EXPLAIN='NL, one region;chip: nearby (≤ 50 km)' npm run bench:search   # search it again,
 *                                                                       # with the plans of that search's statements
 * The fill writes BENCH_BATCH members per statement (500,000) and prints its time; on PostgreSQL the disk it took.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { COUNT_CAP, listMembers, type SearchQuery } from '../mock-backend/components/members/service';
import { createDiskStore } from '../mock-backend/lib/media-store';
import { createPgDb, createPgliteDb, sql, type Db, type Query } from '../mock-backend/lib/db';
import { migrate } from '../mock-backend/lib/migrate';
import { refreshStatistics } from '../mock-backend/lib/statistics';
import { DEMO_LOGINS, seed } from '../mock-backend/seed/seed';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const ENGINES = new Set((process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()));
/** The searches (by name, separated by `;`) whose statements are EXPLAINed after the figures. */
const EXPLAIN = new Set((process.env.BENCH_EXPLAIN ?? '').split(';').map((e) => e.trim()));
/** PostgreSQL: search this schema, filled by an earlier run with BENCH_KEEP=1, instead of filling a new one. */
const REUSE_SCHEMA = process.env.BENCH_SCHEMA;
/** BENCH_SEARCHES=0: time the writes only (on a schema filled before the search's current migrations, say). */
const SEARCHES = process.env.BENCH_SEARCHES !== '0';
/** PostgreSQL: keep the filled schema (its name is printed) for later runs with BENCH_SCHEMA. */
const KEEP = process.env.BENCH_KEEP === '1';
/** BENCH_FILTERS=0: leave out the searches by the profile's own words and distance bands (a build without them). */
const FILTERS = process.env.BENCH_FILTERS !== '0';

/** Members written per batch: each batch is its own transactions, so a fill of ten million never holds one open. */
const BATCH = Number(process.env.BENCH_BATCH ?? 500_000);

/**
 * The benchmark's members, written as signups write them: a user, his profile with its country and region, an approved
 * main photo for four in five; in batches of BATCH members. Then what autovacuum does after a bulk load (VACUUM
 * ANALYZE: the visibility map and the statistics), and PGlite's own statistics refresh.
 */
async function fill(db: Db): Promise<void> {
  await migrate(db);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-media-'));
  await seed(db, { media: createDiskStore(dir), members: 50, avatars: 2 });
  await rm(dir, { recursive: true, force: true });
  const started = Date.now();
  // The site's regions numbered within their country: a member's region is chosen by his id, in the INSERT itself.
  await db.exec(`CREATE TEMP TABLE bench_regions AS
    SELECT id, country, row_number() OVER (PARTITION BY country ORDER BY id)::int AS rn, count(*) OVER (PARTITION BY country)::int AS n
    FROM regions;
    CREATE TEMP TABLE bench_region_counts AS SELECT country, count(*)::int AS n FROM regions GROUP BY country;
    ANALYZE bench_regions, bench_region_counts;`);
  for (let from = 1; from <= MEMBERS; from += BATCH) {
    const to = Math.min(MEMBERS, from + BATCH - 1);
    await db.exec(`
      WITH new_users AS (
        INSERT INTO users (site_id, email, password_hash, status, last_active_at, signup_date)
        SELECT s.id, 'bench' || g || '@bench.test', 'x', 'active',
               now() - (random() * interval '120 days'), now() - (random() * interval '400 days')
        FROM generate_series(${from}, ${to}) g, (SELECT id FROM sites WHERE is_default) s
        RETURNING id
      ), placed AS (
        SELECT id, (ARRAY['NL','DE','GB','FR','US','BE','ES','IT','PL','SE'])[1 + floor(random() * 10)::int] AS country FROM new_users
      ), new_profiles AS (
        INSERT INTO profiles (user_id, name, country, region_id, birth_date, gender, status, invisible, lat, lon,
                              looking_for, position, tribes, height_cm)
        SELECT m.id, 'Bench ' || m.id, m.country, r.id,
               date '2007-01-01' - (random() * 365 * 50)::int,
               CASE WHEN random() < 0.92 THEN 'male' ELSE 'female' END,
               'active', random() < 0.02,
               -- A grid cell's centre, rounded as the privacy component stores it (snap()).
               round((52.375 + round((random() - 0.5) * 40) * 0.05)::numeric, 6),
               round((4.875 + round((random() - 0.5) * 40) * 0.05)::numeric, 6),
               -- The profile's own words, as members fill them in: each of what he looks for about one in four
               -- (right now one in ten), a position for three in four, up to three tribes, a height for two in three.
               ARRAY(SELECT x FROM unnest(ARRAY['chat', 'dates', 'friends', 'relationship', 'right_now']) x
                     WHERE random() < CASE x WHEN 'right_now' THEN 0.1 ELSE 0.25 END AND m.id > 0),
               (ARRAY['top', 'vers_top', 'versatile', 'vers_bottom', 'bottom', 'side'])[1 + floor(random() * 8)::int],
               ARRAY(SELECT x FROM unnest(ARRAY['bear', 'clean_cut', 'cub', 'daddy', 'discreet', 'geek', 'jock', 'leather',
                                                'muscle', 'otter', 'rugged', 'sober', 'twink', 'wolf']) x
                     WHERE random() < 0.08 AND m.id > 0 LIMIT 3),
               CASE WHEN random() < 0.67 THEN 160 + floor(random() * 41)::int END
        FROM placed m
        LEFT JOIN bench_region_counts c ON c.country = m.country
        LEFT JOIN bench_regions r ON r.country = m.country AND r.rn = 1 + m.id % c.n
        RETURNING user_id
      )
      INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status, is_main, position)
      SELECT user_id, 'avatars/avatar-01.jpg', 'avatars/avatar-01-thumb.jpg', 'avatars/avatar-01-blur.jpg', 'approved', true, 0
      FROM new_profiles WHERE user_id % 5 <> 0;
    `);
    if (MEMBERS > BATCH) process.stdout.write(`  ${to} members written (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  await db.exec('DROP TABLE bench_regions, bench_region_counts');
  process.stdout.write(`  filled ${MEMBERS} members in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const analyzing = performance.now();
  // PGlite: the backend's own refresh; PostgreSQL: what autovacuum does after a bulk load, done now rather than later.
  if (!(await refreshStatistics(db))) await db.exec('VACUUM ANALYZE');
  process.stdout.write(
    `  statistics (${db.dialect === 'pg' ? 'VACUUM ANALYZE' : 'ANALYZE'}): ${((performance.now() - analyzing) / 1000).toFixed(1)} s\n`,
  );
}

/** What the searches need of the filled database. */
async function searchContext(db: Db): Promise<{ siteId: number; viewerId: number; regionId: number }> {
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

/** The statements `db` runs while `work` runs (to EXPLAIN a search's own statements). */
async function statementsOf(db: Db, work: (db: Db) => Promise<unknown>): Promise<Query[]> {
  const seen: Query[] = [];
  await work({ ...db, query: (q) => (seen.push(q), db.query(q)) } as Db);
  return seen;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement of a search, as PostgreSQL or PGlite planned it for these values. */
async function explain(db: Db, name: string, q: SearchQuery): Promise<void> {
  for (const statement of await statementsOf(db, (spy) => listMembers(spy, q))) {
    // A search's own EXPLAIN (the planner's estimate that decides a page by distance for rare words) is shown as is.
    const own = /^EXPLAIN /.test(statement.text);
    const plan = await db.query<{ 'QUERY PLAN': unknown }>({
      text: own ? statement.text : `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      values: statement.values,
    });
    const lines = plan.map((r) => `    ${typeof r['QUERY PLAN'] === 'string' ? r['QUERY PLAN'] : JSON.stringify(r['QUERY PLAN'])}`);
    process.stdout.write(`\n  ${own ? 'its own EXPLAIN' : 'EXPLAIN'} of "${name}":\n${lines.join('\n')}\n`);
  }
}

async function run(label: string, db: Db, filled: boolean): Promise<void> {
  process.stdout.write(`\n${label}\n`);
  if (filled) {
    const [row] = await db.query<{ n: number }>(sql`SELECT reltuples::bigint::int AS n FROM pg_class WHERE oid = 'profiles'::regclass`);
    process.stdout.write(`  about ${row?.n ?? '?'} profiles in the schema\n`);
  }
  if (!filled) await fill(db);
  else {
    // A schema filled by an earlier run gets the migrations written since (the search's indexes among them).
    const started = performance.now();
    const { applied } = await migrate(db);
    if (applied.length > 0) {
      await db.exec(db.dialect === 'pg' ? 'VACUUM ANALYZE' : 'ANALYZE');
      process.stdout.write(`  migrated (${applied.join(', ')}) and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    }
  }
  const { siteId, viewerId, regionId } = await searchContext(db);
  if (!SEARCHES) return writes(db, siteId);
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
    // The profile's own words (looking for, position, tribes, height), the distance bands and "right now".
    ...(FILTERS
      ? ([
          ['looking for dates or relationship', { ...base, lookingFor: ['dates', 'relationship'] }],
          ['position bottom', { ...base, position: ['bottom'] }],
          ['tribes bear or otter', { ...base, tribes: ['bear', 'otter'] }],
          ['height 185–230', { ...base, minHeight: 185 }],
          ['within 10 km (max_distance 5to10)', { ...base, maxDistance: '5to10' }],
          ['right now', { ...base, rightNow: true }],
          [
            'NL, top, bear, 175–190, ≤ 25 km',
            { ...base, country: 'NL', position: ['top'], tribes: ['bear'], minHeight: 175, maxHeight: 190, maxDistance: '10to25' },
          ],
          ['leather + sober, nearest first', { ...base, tribes: ['leather', 'sober'], lookingFor: ['right_now'], sort: 'distance' }],
        ] as Array<[string, SearchQuery]>)
      : []),
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
  for (const [name, q] of searches) if (EXPLAIN.has(name)) await explain(db, name, q);
  await writes(db, siteId);
}

/** Signups, profile edits and activity updates: what the search's indexes cost every write to profiles. */
async function writes(db: Db, siteId: number): Promise<void> {
  const n = Number(process.env.BENCH_WRITES ?? 200);
  // BENCH_WRITES=0: searches only (a fill kept for later runs, say).
  if (n <= 0) return;
  const timed = async (work: (i: number) => Promise<unknown>): Promise<string> => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = process.hrtime.bigint();
      await work(i);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    return `${percentile(times, 50).toFixed(2).padStart(8)} ${percentile(times, 95).toFixed(2).padStart(8)}`;
  };
  const [region] = await db.query<{ id: number }>(sql`SELECT id FROM regions WHERE country = 'NL' ORDER BY id LIMIT 1`);
  const ids: number[] = [];
  process.stdout.write(`\n  ${'write'.padEnd(40)} ${''.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}\n`);
  const signup = await timed((i) =>
    db.transaction(async (tx) => {
      const [user] = await tx.query<{ id: number }>(
        sql`INSERT INTO users (site_id, email, password_hash, status, last_active_at, signup_date)
            VALUES (${siteId}, ${`write${i}-${Date.now()}@bench.test`}, 'x', 'active', now(), now()) RETURNING id`,
      );
      ids.push(user!.id);
      await tx.query(sql`INSERT INTO profiles (user_id, name, country, region_id, birth_date, gender, status, lat, lon)
            VALUES (${user!.id}, 'Writer', 'NL', ${region?.id ?? null}, date '1990-05-01', 'male', 'active', 52.375, 4.875)`);
      await tx.query(sql`INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status, is_main, position)
            VALUES (${user!.id}, 'avatars/avatar-01.jpg', 'avatars/avatar-01-thumb.jpg', 'avatars/avatar-01-blur.jpg', 'approved', true, 0)`);
    }),
  );
  process.stdout.write(`  ${'signup (user, profile, photo)'.padEnd(40)} ${''.padStart(7)} ${signup}\n`);
  const edit = await timed((i) =>
    db.query(sql`UPDATE profiles SET name = ${`Writer ${i}`}, about = ${`About ${i}`}, birth_date = date '1989-05-01', lat = 52.425, lon = 4.925
                 WHERE user_id = ${ids[i]!}`),
  );
  process.stdout.write(`  ${'profile edit (name, about, age, place)'.padEnd(40)} ${''.padStart(7)} ${edit}\n`);
  const activity = await timed((i) => db.query(sql`UPDATE users SET last_active_at = now() WHERE id = ${ids[i]!}`));
  process.stdout.write(`  ${'activity (last active, copied to profile)'.padEnd(40)} ${''.padStart(7)} ${activity}\n`);
  await db.query(sql`DELETE FROM users WHERE id = ANY(${ids}::int[])`);
}

async function main(): Promise<void> {
  process.stdout.write(
    `Search benchmark: ${REUSE_SCHEMA ? 'a schema filled before' : `${MEMBERS} members`}, ${RUNS} runs per search (count + page of 24)\n`,
  );
  if (ENGINES.has('pglite')) {
    const lite = await createPgliteDb();
    try {
      await run('PGlite (in memory)', lite, false);
    } finally {
      await lite.close();
    }
  }
  if (!ENGINES.has('postgres')) return;

  const schema = REUSE_SCHEMA ?? `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    process.stdout.write(`\nPostgreSQL at ${PG_URL} not reachable (${(err as Error).message}); skipped\n`);
    return;
  }
  if (!REUSE_SCHEMA) await admin.query(`CREATE SCHEMA ${schema}`);
  const db = createPgDb(PG_URL, { searchPath: schema, max: 2 });
  try {
    await run(`PostgreSQL (${PG_URL}, schema ${schema}${REUSE_SCHEMA ? ', filled before' : ''})`, db, Boolean(REUSE_SCHEMA));
    const sizes = await admin.query<{ relname: string; size: string }>(
      `SELECT c.relname, pg_size_pretty(pg_total_relation_size(c.oid)) AS size FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 4`,
      [schema],
    );
    const [total] = (
      await admin.query<{ size: string }>(
        `SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS size FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relkind = 'r'`,
        [schema],
      )
    ).rows;
    process.stdout.write(
      `\n  disk: ${total?.size} in all (tables with their indexes); ${sizes.rows.map((r) => `${r.relname} ${r.size}`).join(', ')}\n`,
    );
  } finally {
    await db.close();
    if (KEEP || REUSE_SCHEMA) process.stdout.write(`  schema ${schema} kept (BENCH_SCHEMA=${schema} searches it again)\n`);
    else await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

await main();
