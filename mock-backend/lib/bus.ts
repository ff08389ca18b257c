import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import { afterCommit, sql, statement, type Db } from './db';

/**
 * The event bus of the chat: it only says "look" (or carries a typing signal, which is never stored). The tables are
 * the truth: a stream that hears "look" reads what is new from the database, so a lost notification delays an event
 * until the stream's next heartbeat, and never loses it.
 *
 * - Embedded PGlite (one process): an in-process emitter.
 * - PostgreSQL: NOTIFY on one channel, LISTEN on a dedicated connection per instance, so a message sent through one
 *   instance reaches streams held by every other. When the listening connection drops it reconnects with backoff and
 *   tells every local subscriber to look (what was notified meanwhile is in the tables).
 */

export type BusSignal =
  | { type: 'look' }
  /** The instance shuts down: streams end so browsers reconnect to another one (resuming where they were). */
  | { type: 'closing' }
  | { type: 'typing'; conversation: number; from: number }
  /** These streams of the member (ids of event_streams) are over the per-member cap: their instance closes them. */
  | { type: 'evict'; streams: string[] };

export interface Bus {
  /** Tells the members' streams (on every instance) to look, or that someone types. Never throws. */
  publish(userIds: readonly number[], signal: BusSignal): Promise<void>;
  /**
   * The same signal as part of a statement of the writer's own transaction, for a write whose round trips count (a
   * chat send): the channel and payload for `pg_notify`, which PostgreSQL delivers when, and only when, that
   * transaction commits — the moment publish() would send it, one statement fewer. Unlike publish(), a NOTIFY that
   * fails (PostgreSQL's queue of 8 GB full) fails the write with it, which then leaves nothing behind. Null when this
   * bus has no channel (in-process) or the list is too long for one payload: then publish() after the write, as usual.
   */
  notification(userIds: readonly number[], signal: BusSignal): BusNotification | null;
  /** Listens for one member; returns the unsubscribe function. */
  subscribe(userId: number, listener: (signal: BusSignal) => void): () => void;
  /** Local subscriptions (for metrics and tests). */
  size(): number;
  close(): Promise<void>;
}

/** What a statement passes to `pg_notify(channel, payload)` (Bus.notification). */
export interface BusNotification {
  channel: string;
  payload: string;
}

const BUS_CHANNEL = 'chat_events';
/** NOTIFY payloads must stay below 8000 bytes; a longer member list is split. */
const MAX_IDS_PER_NOTIFY = 500;
const notifyQuery = statement('bus_notify', (channel: string, payload: string) => sql`SELECT pg_notify(${channel}, ${payload})`);

interface Wire {
  u: number[];
  s: BusSignal;
}

class LocalFanout {
  private readonly emitter = new EventEmitter();
  private count = 0;
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  deliver(userIds: readonly number[], signal: BusSignal): void {
    for (const id of userIds) this.emitter.emit(String(id), signal);
  }
  deliverAll(signal: BusSignal): void {
    for (const name of this.emitter.eventNames()) this.emitter.emit(name, signal);
  }
  subscribe(userId: number, listener: (signal: BusSignal) => void): () => void {
    const key = String(userId);
    this.emitter.on(key, listener);
    this.count += 1;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.count -= 1;
      this.emitter.off(key, listener);
    };
  }
  size(): number {
    return this.count;
  }
}

/** In-process bus (the embedded PGlite, or a single instance). */
export function createLocalBus(): Bus {
  const fanout = new LocalFanout();
  return {
    async publish(userIds, signal) {
      // Inside atomically(): once the write commits, so a stream never looks before the rows are there.
      afterCommit(() => fanout.deliver(userIds, signal));
    },
    notification: () => null,
    subscribe: (userId, listener) => fanout.subscribe(userId, listener),
    size: () => fanout.size(),
    async close() {
      fanout.deliverAll({ type: 'closing' });
    },
  };
}

function parseWire(payload: string | undefined): Wire | null {
  if (!payload) return null;
  try {
    const wire = JSON.parse(payload) as Wire;
    if (!Array.isArray(wire.u) || typeof wire.s !== 'object' || wire.s === null) return null;
    return wire;
  } catch {
    return null;
  }
}

/** PostgreSQL LISTEN/NOTIFY bus; `db` sends the NOTIFYs through its pool. */
export function createPgBus(db: Db, connectionString: string, logger: Logger, opts: { searchPath?: string | undefined } = {}): Bus {
  const fanout = new LocalFanout();
  // One channel per schema, so databases shared by several test schemas do not hear each other.
  const channel = opts.searchPath ? `${BUS_CHANNEL}_${opts.searchPath.replace(/[^a-z0-9_]/gi, '')}` : BUS_CHANNEL;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let connecting: Promise<void> | null = null;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString, ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}) });
    c.on('notification', (msg) => {
      if (msg.channel !== channel) return;
      const wire = parseWire(msg.payload);
      if (wire) fanout.deliver(wire.u, wire.s);
    });
    c.on('error', (err) => {
      logger.warn({ err }, 'event bus connection failed; reconnecting');
      drop(c);
    });
    c.on('end', () => drop(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      client = c;
      retryMs = 250;
      // Whatever was notified while no connection listened is in the tables: every stream looks once.
      fanout.deliverAll({ type: 'look' });
    } catch (err) {
      logger.warn({ err, retryMs }, 'event bus could not listen; retrying');
      c.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 10_000);
    setTimeout(() => {
      connecting = connect();
    }, wait).unref();
  };

  connecting = connect();

  return {
    async publish(userIds, signal) {
      if (userIds.length === 0) return;
      // Inside atomically(): once the write commits (a failed NOTIFY must not abort the sender's transaction).
      afterCommit(() => notify(userIds, signal));
    },
    notification(userIds, signal) {
      if (userIds.length === 0 || userIds.length > MAX_IDS_PER_NOTIFY) return null;
      const wire: Wire = { u: [...userIds], s: signal };
      return { channel, payload: JSON.stringify(wire) };
    },
    subscribe: (userId, listener) => fanout.subscribe(userId, listener),
    size: () => fanout.size(),
    async close() {
      if (closed) return;
      closed = true;
      fanout.deliverAll({ type: 'closing' });
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };

  async function notify(userIds: readonly number[], signal: BusSignal): Promise<void> {
    try {
      for (let i = 0; i < userIds.length; i += MAX_IDS_PER_NOTIFY) {
        const wire: Wire = { u: userIds.slice(i, i + MAX_IDS_PER_NOTIFY), s: signal };
        await db.query(notifyQuery(channel, JSON.stringify(wire)));
      }
    } catch (err) {
      // The streams find the event at their next heartbeat; the sender's write has committed already.
      logger.warn({ err }, 'event bus notify failed');
    }
  }
}

/** The bus that fits the database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
export function createBus(db: Db, logger: Logger): Bus {
  if (db.connection.kind === 'pg') return createPgBus(db, db.connection.connectionString, logger, { searchPath: db.connection.searchPath });
  return createLocalBus();
}
