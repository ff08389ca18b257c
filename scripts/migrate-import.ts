/**
 * Imports members and their history from a directory of the transfer format (docs/import-format/README.md) into the
 * backend's database, with the backend's environment (DATABASE_URL or DATA_DIR; S3_BUCKET for photos):
 *
 *   npm run migrate:import -- <dir> [--dry-run] [--report <file>]
 *
 * Migrations run first. A run that was killed continues after its last committed batch when started again on the
 * same files. --dry-run checks everything and writes nothing. Refused records are listed in the report (JSON Lines:
 * file, line, kind, id, reason, detail; default ./import-report.jsonl).
 *
 * Exit code: 0 when every record was imported, 1 when some were refused, 2 when the directory could not be read.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { KINDS, runImport, TransferFormatError, type ImportProgress } from '../mock-backend/components/member-transfer/index';
import { openTransferDatabase } from './lib/transfer-database';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false }, report: { type: 'string', default: 'import-report.jsonl' } },
});
if (positionals.length !== 1) {
  process.stderr.write('usage: npm run migrate:import -- <dir> [--dry-run] [--report <file>]\n');
  process.exit(2);
}
const dir = positionals[0] as string;

const number = new Intl.NumberFormat('en');
const summary = (p: Pick<ImportProgress, 'counts'>): string =>
  KINDS.filter((k) => p.counts[k].imported + p.counts[k].refused > 0)
    .map(
      (k) => `${k} ${number.format(p.counts[k].imported)}${p.counts[k].refused ? ` (${number.format(p.counts[k].refused)} refused)` : ''}`,
    )
    .join(' · ');

/** The report, a JSON line per refused record, written line by line (a run may refuse millions). */
async function writeReport(file: string, refusals: readonly object[]): Promise<void> {
  const out = createWriteStream(file);
  for (const refusal of refusals) if (!out.write(`${JSON.stringify(refusal)}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** Progress every few seconds, not every batch. */
let shownAt = 0;
function progress(p: ImportProgress): void {
  if (p.seconds - shownAt < 3) return;
  shownAt = p.seconds;
  process.stderr.write(`${summary(p)} — ${number.format(Math.round(p.records / p.seconds))} records/s\n`);
}

async function main(): Promise<number> {
  // Every photo is re-encoded once: libvips' cache of recent operations would only grow.
  sharp.cache(false);
  const { db, media, engine } = await openTransferDatabase({ migrate: false });
  try {
    process.stderr.write(`${values['dry-run'] ? 'checking' : 'importing'} ${dir} into ${engine}\n`);
    const result = await runImport(db, { dir: path.resolve(dir), media, dryRun: values['dry-run'], onProgress: progress });
    const report = path.resolve(values.report);
    await writeReport(report, result.refusals);
    const records = KINDS.reduce((n, k) => n + result.counts[k].imported + result.counts[k].refused, 0);
    const lines = [
      `${result.dryRun ? 'dry run (nothing written)' : 'imported'}: ${summary(result) || 'nothing'}`,
      result.resumedFrom ? `resumed a killed run after ${result.resumedFrom.kind} line ${result.resumedFrom.line}` : '',
      `${number.format(records)} records in ${result.seconds.toFixed(1)} s (${number.format(Math.round(records / Math.max(result.seconds, 0.001)))} records/s)`,
      result.nextMemberId ? `the next signup here gets id ${result.nextMemberId}` : '',
      `${number.format(result.refusals.length)} refused, listed in ${report}`,
    ];
    process.stdout.write(`${lines.filter(Boolean).join('\n')}\n`);
    return result.refusals.length > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `migrate:import: ${err instanceof TransferFormatError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(2);
  },
);
