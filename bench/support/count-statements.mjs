/**
 * Preloaded into the backend by `bench/chat.ts` with BENCH_STATEMENTS=1 (`--import`): counts every statement any
 * node-postgres client of the process sends (the backend's pool, the job queue's, the event bus's), by its text with
 * literals left as they are (the backend uses parameters). On SIGUSR2 the process writes the counts so far as JSON to
 * BENCH_STATEMENTS_FILE; the bench reads them before and after the send phase.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const counts = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config && typeof config.text === 'string' ? config.text : '';
  const key = text.replace(/\s+/g, ' ').trim();
  if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  return original.call(this, config, ...rest);
};

process.on('SIGUSR2', () => {
  const file = process.env.BENCH_STATEMENTS_FILE;
  if (file) writeFileSync(file, JSON.stringify(Object.fromEntries(counts)));
});
