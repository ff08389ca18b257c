import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';

/**
 * The one module of the backend that reaches into other packages' private code (their files outside what the package
 * exports publicly, or fields of their objects that no documentation names). Each reach stays for a measured reason,
 * and each has a switch back to the library's public path: `LIBRARY_INTERNALS=off` (lib/config.ts), passed to the
 * database factories as `libraryInternals: false` (lib/db.ts). docs/operations.md, "Private paths of libraries", says
 * what each costs when switched off. A library update that moves one of these breaks only this file.
 *
 * - pg-protocol's parser and message classes (`pg-protocol/dist/parser`, `pg-protocol/dist/messages`; the package's
 *   public face exports only its serializer and a stream reader): PGlite's answers are read with the parser node-postgres
 *   runs on every PostgreSQL answer instead of PGlite's own reader, which was a seventh of the backend's CPU on a
 *   member's page (lib/pglite-wire.ts). Off: PGlite's documented `execProtocolStream` and `parse` read them.
 * - node-postgres's socket under a pooled client (`client.connection.stream`): corked so that a transaction's
 *   statements started in one turn go out in one write (lib/db.ts, PgTransaction). Off: no corking, a write per
 *   statement, as node-postgres sends them.
 * - PGlite's transaction lock (`_runExclusiveTransaction`, underscored: named for its own use): a statement outside
 *   a transaction takes the locks PGlite's own `query()` takes, so it never runs inside another caller's transaction,
 *   and goes out as one exchange. Off: the statement runs in a transaction of its own (PGlite's public
 *   `transaction()`), which holds the same lock at the cost of a BEGIN and a COMMIT exchange.
 */

export type { BackendMessage, DataRowMessage, ParameterDescriptionMessage, RowDescriptionMessage } from 'pg-protocol/dist/messages';

/**
 * What one exchange with PGlite answered, in order, read by pg-protocol's parser; a database error is thrown as the
 * protocol reported it. PGlite's own reader (`execProtocolStream`) copies every field of every row into an
 * ArrayBuffer of its own before it decodes it, through private fields compiled to WeakMap lookups: on a member's page
 * that reader was a seventh of the backend's CPU (bench:ssr-pair, /members: backend 15.15 → 12.40 ms a page).
 * PGlite still runs the statement (its public `execProtocolRawStream`); only its output is read here. PGlite's own
 * listeners (`listen()`) see nothing of these answers; this backend uses none on PGlite, where its event bus is
 * in-process.
 */
export async function exchangeParsed(lite: PGlite, message: Uint8Array): Promise<BackendMessage[]> {
  const chunks: Buffer[] = [];
  // The data is a view of PGlite's memory, reused by its next write: copied before the call returns.
  await lite.execProtocolRawStream(message, { syncToFs: false, onRawData: (data) => chunks.push(Buffer.from(data)) });
  const messages: BackendMessage[] = [];
  let failure: BackendMessage | undefined;
  const parser = new Parser();
  const take = (msg: BackendMessage) => {
    // As PGlite reads an answer: the first error is thrown, and nothing after it counts.
    if (failure) return;
    if (msg.name === 'error') failure = msg;
    else messages.push(msg);
  };
  parser.parse(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), take);
  if (failure) throw failure;
  return messages;
}

/** A socket that can hold its writes back and send them as one. */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** What a client that is not corked gets: its statements go out a write each, as node-postgres sends them. */
const UNCORKED: Corkable = { cork: () => undefined, uncork: () => undefined };

/**
 * The socket under a pooled client, to cork it for one write (node-postgres keeps it on its connection and corks it
 * itself around a statement's messages), or UNCORKED when `on` is false. A driver that keeps it elsewhere gets no
 * corking either: its statements then go out a write each, as before, and nothing else changes.
 */
export function socketOf(client: pg.PoolClient, on: boolean): Corkable {
  if (!on) return UNCORKED;
  const stream = (client as unknown as { connection?: { stream?: Partial<Corkable> } }).connection?.stream;
  return typeof stream?.cork === 'function' && typeof stream.uncork === 'function' ? (stream as Corkable) : UNCORKED;
}

/**
 * Runs `run` — one exchange of a statement outside any transaction — under the locks PGlite's own `query()` takes:
 * no other caller's transaction is open meanwhile, and no other statement runs at once. With `on` false it takes the
 * same locks through PGlite's public API: a transaction of its own around the statement (two more exchanges, the
 * same answer).
 */
export function outsideTransactions<T>(lite: PGlite, on: boolean, run: () => Promise<T>): Promise<T> {
  if (on) return lite._runExclusiveTransaction(() => lite.runExclusive(run));
  return lite.transaction(() => lite.runExclusive(run));
}
