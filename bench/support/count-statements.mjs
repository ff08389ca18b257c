/**
 * Preloaded into the backend by `bench/chat.ts` with BENCH_STATEMENTS=1 (`--import`): counts every statement any
 * node-postgres client of the process sends (the backend's pool, the job queue's, the event bus's), by its text with
 * literals left as they are (the backend uses parameters), and the writes on those clients' sockets under WRITES
 * (statements sent together share one: a round trip each). On SIGUSR2 the process writes the counts so far as JSON
 * to BENCH_STATEMENTS_FILE; the bench reads them before and after the send phase.
 */
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

const WRITES = '(writes to PostgreSQL)';
const POSTGRES_SOCKET = Symbol('a node-postgres socket');
const counts = new Map([[WRITES, 0]]);
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config && typeof config.text === 'string' ? config.text : '';
  const key = text.replace(/\s+/g, ' ').trim();
  if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  const socket = this.connection?.stream;
  if (socket) socket[POSTGRES_SOCKET] = true;
  return original.call(this, config, ...rest);
};
for (const method of ['_write', '_writev']) {
  const write = net.Socket.prototype[method];
  net.Socket.prototype[method] = function countedWrite(...args) {
    if (this[POSTGRES_SOCKET]) counts.set(WRITES, (counts.get(WRITES) ?? 0) + 1);
    return write.apply(this, args);
  };
}

process.on('SIGUSR2', () => {
  const file = process.env.BENCH_STATEMENTS_FILE;
  if (file) writeFileSync(file, JSON.stringify(Object.fromEntries(counts)));
});
