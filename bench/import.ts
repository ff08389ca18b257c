/**
 * Import benchmark: a generated PHP export of 100,000 members (BENCH_MEMBERS) with their history — likes, a block
 * every 50 members, conversations with messages, the credit ledger — imported through `runImport` into PGlite (on
 * disk, as DATA_DIR/db is) and PostgreSQL. Prints records/s and the total time per engine; asserts nothing.
 *
 * Photos only for a sample (BENCH_PHOTOS, default 200): each one is decoded, checked and re-encoded three times by
 * libvips exactly as an upload is, tens of milliseconds of CPU that dwarf the database work, so 100,000 of them would
 * measure the image library for an hour rather than the import. Each kind's time is printed, the sample's too.
 *
 *   npm run bench:import
 *   BENCH_ENGINES=postgres BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm run bench:import
 *   BENCH_AGAIN=1 npm run bench:import      # then the same files once more (a second run changes nothing)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { ledgerInvariantViolations } from '../mock-backend/components/credits/ledger';
import { writeTransferSet } from '../mock-backend/components/member-transfer/fixtures';
import { KINDS, runImport, type ImportResult } from '../mock-backend/components/member-transfer/index';
import { createPgDb, createPgliteDb, type Db } from '../mock-backend/lib/db';
import { createDiskStore } from '../mock-backend/lib/media-store';
import { migrate } from '../mock-backend/lib/migrate';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 200);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
/** BENCH_AGAIN=1: import the same files a second time and print how long the run that changes nothing takes. */
const AGAIN = process.env.BENCH_AGAIN === '1';
const ENGINES = new Set((process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()));

const number = new Intl.NumberFormat('en');
const out = (line: string): void => void process.stdout.write(`${line}\n`);

async function pgSchema(): Promise<{ db: Db; drop(): Promise<void> } | null> {
  const schema = `bench_import_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`CREATE SCHEMA ${schema}`);
  } catch (err) {
    out(`postgres: skipped (${(err as Error).message})`);
    return null;
  }
  const db = createPgDb(PG_URL, { searchPath: schema });
  return {
    db,
    async drop() {
      await db.close();
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}

async function bench(engine: string, db: Db, dir: string, scratch: string): Promise<void> {
  await migrate(db);
  const media = createDiskStore(path.join(scratch, `media-${engine}`));
  let shown = 0;
  /** When each kind's last batch committed (its time is the gap to the kind before). */
  const doneAt = new Map<string, number>();
  const result: ImportResult = await runImport(db, {
    dir,
    media,
    onProgress: (p) => {
      doneAt.set(p.kind, p.seconds);
      if (p.seconds - shown < 15) return;
      shown = p.seconds;
      out(`  ${engine}: ${p.kind}, ${number.format(p.records)} records, ${number.format(Math.round(p.records / p.seconds))}/s`);
    },
  });
  const records = KINDS.reduce((n, k) => n + result.counts[k].imported + result.counts[k].refused, 0);
  const violations = await ledgerInvariantViolations(db);
  out(
    `${engine}: ${number.format(records)} records in ${result.seconds.toFixed(1)} s — ${number.format(Math.round(records / result.seconds))} records/s` +
      ` (${result.refusals.length} refused, ledger invariant ${violations.length === 0 ? 'holds' : `broken for ${violations.length}`})`,
  );
  let previous = 0;
  const perKind = KINDS.filter((k) => doneAt.has(k)).map((k) => {
    const seconds = (doneAt.get(k) ?? 0) - previous;
    previous = doneAt.get(k) ?? previous;
    return `${k} ${number.format(result.counts[k].imported)} in ${seconds.toFixed(1)} s`;
  });
  out(`  ${perKind.join(' · ')}`);
  if (AGAIN) {
    const again = await runImport(db, { dir, media });
    const changed = KINDS.reduce((n, k) => n + again.counts[k].refused, 0);
    out(`  ${engine}, the same files again (upserts that change nothing): ${again.seconds.toFixed(1)} s, ${changed} refused`);
  }
}

async function main(): Promise<void> {
  sharp.cache(false);
  const scratch = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
  try {
    const dir = path.join(scratch, 'php-export');
    const started = performance.now();
    const counts = await writeTransferSet(dir, {
      members: MEMBERS,
      photos: PHOTOS,
      likesPerMember: 3,
      conversationsPerMember: 1,
      messagesPerConversation: 4,
    });
    const total = KINDS.reduce((n, k) => n + counts[k], 0);
    out(
      `generated ${number.format(total)} records in ${((performance.now() - started) / 1000).toFixed(1)} s: ${KINDS.map((k) => `${k} ${number.format(counts[k])}`).join(' · ')}`,
    );

    if (ENGINES.has('pglite')) {
      const db = await createPgliteDb(path.join(scratch, 'pglite'));
      try {
        await bench('pglite', db, dir, scratch);
      } finally {
        await db.close();
      }
    }
    if (ENGINES.has('postgres')) {
      const pgDb = await pgSchema();
      if (pgDb) {
        try {
          await bench('postgres', pgDb.db, dir, scratch);
        } finally {
          await pgDb.drop();
        }
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:import: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
