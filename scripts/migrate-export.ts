/**
 * Writes what members did on this backend since a time, in the transfer format (docs/import-format/README.md), for
 * an operator who moves an operation back to the PHP service and loads it there:
 *
 *   npm run migrate:export -- --since 2026-11-01T00:00:00Z <dir>
 *
 * The backend's environment (DATABASE_URL or DATA_DIR). The manifest is written last: a directory without one is an
 * export that did not finish. Exit code 2 when it could not be written.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runExport } from '../mock-backend/components/member-transfer/index';
import { openTransferDatabase } from './lib/transfer-database';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { since: { type: 'string' } } });
const dir = positionals[0];
const since = values.since ? new Date(values.since) : null;
if (!dir || positionals.length > 1 || !since || Number.isNaN(since.getTime())) {
  process.stderr.write('usage: npm run migrate:export -- --since <ISO time> <dir>\n');
  process.exit(2);
}

async function main(): Promise<void> {
  const { db, engine } = await openTransferDatabase({ migrate: true });
  try {
    const started = performance.now();
    const counts = await runExport(db, { dir: path.resolve(dir as string), since: since as Date, source: `migrate:export from ${engine}` });
    const listed = Object.entries(counts)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(' · ');
    process.stdout.write(
      `exported since ${(since as Date).toISOString()} into ${dir}: ${listed} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`migrate:export: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(2);
});
