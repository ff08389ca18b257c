import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { STREAM_CATCH_UP_MS, STREAM_HEARTBEAT_MS, STREAM_RETRY_MS } from '../../../src/shared/chat';
import type { Bus, BusSignal } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { badRequest } from '../../lib/errors';
import * as repo from './repository';
import { signMessage, type MediaSigner } from '../photos/index';
import { toMessage } from './service';

/**
 * Open event streams one member may hold, over all instances (the event_streams table). Opening one more closes the
 * oldest with an `event: closed` frame (`{"reason":"too_many_streams"}`), after which the browser does not reconnect.
 */
export const MAX_STREAMS_PER_MEMBER = 10;

/** Events read per query; a longer backlog is sent in several rounds. */
const BATCH = 500;
const EVENT_ID = /^\d{1,16}$/;

/**
 * Where the stream starts: Last-Event-ID (a reconnect), the `last_event_id` query (a first connection that knows,
 * validated by the contract as an integer from 0), or now.
 */
function resumePoint(req: Request, lastEventId: number | undefined): number | null {
  const header = req.get('last-event-id');
  if (header !== undefined && header.trim() !== '') {
    if (!EVENT_ID.test(header.trim())) throw badRequest({ field: 'Last-Event-ID' });
    return Number(header.trim());
  }
  return lastEventId ?? null;
}

function frame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function toFrame(row: repo.EventRow, viewerId: number, signer: MediaSigner): string {
  const seq = repo.seqOf(row.seq);
  // A like, match, balance, photo or verification decision, removed conversation or removed message: the SSE event is
  // named by its kind.
  if (row.type === 'member') return frame(row.event_kind ?? 'member', row.data ?? {}, seq);
  if (row.type === 'read') {
    return frame('read', { conversation: row.conversation_id, reader: row.reader, seq: repo.seqOf(row.read_seq) }, seq);
  }
  const message = toMessage(
    {
      id: row.id ?? 0,
      conversation_id: row.conversation_id ?? 0,
      seq: row.seq,
      sender_id: row.sender_id ?? 0,
      kind: row.kind ?? 'text',
      body: row.body ?? '',
      gift_key: row.gift_key,
      photo_filename: row.photo_filename,
      created_at: row.created_at ?? new Date(),
      held: row.held ?? false,
      removed_at: row.removed_at,
    },
    viewerId,
  );
  // A photo message carries signed URLs like the answers that carry it (only the two members can use them).
  return frame('message', message.photo ? signMessage(message, signer) : message, seq);
}

/** Members asked at once by the catch-up. */
const CATCH_UP_BATCH = 1000;
/** Members whose events are read in one statement. */
const READ_BATCH = 200;

const lowestPosition = (feed: { streams: Set<StreamState> }): number => Math.min(...[...feed.streams].map((st) => st.position));

/** One open stream of a member on this instance. */
interface StreamState {
  /** Its row in event_streams. */
  id: string;
  position: number;
  sessionId: string;
  /** When it was last written to (performance.now()): a stream that carries events needs no comment line. */
  lastWrite: number;
  write(text: string): void;
  end(): void;
}

/**
 * How often the heartbeat looks for streams that have been quiet for a whole heartbeat interval. Each stream gets its
 * comment line a heartbeat after its own last write (within one tick), so the lines of a thousand streams spread over
 * the interval instead of leaving in one burst through the BFF, and a stream that carries events gets none.
 */
const HEARTBEAT_TICK_MS = 1_000;

/**
 * The streams one member holds on this instance (several tabs without a shared stream, several devices) read the
 * tables together: from the lowest position among them, each stream taking what is past its own position. One bus
 * subscription per member per instance.
 */
interface Feed {
  userId: number;
  streams: Set<StreamState>;
  unsubscribe: () => void;
}

/**
 * GET /api/events.php: the member's events as Server-Sent Events, one channel for everything that changes for him:
 * `message`, `read` (both members' markers), `typing`, and the member_events kinds (lib/live-events.ts: `like`,
 * `match`, `balance`, `photo`, `conversation_removed`, `message_removed`, `verification`). Every kind but typing
 * carries an id, so Last-Event-ID resumes them all. The tables are the truth: the member's feed reads
 * every event after its streams' positions whenever the bus says "look", and at every catch-up (so an event whose
 * notification was lost — another instance died between commit and NOTIFY, the listening connection dropped, a
 * member was activated and his held messages delivered — arrives within STREAM_CATCH_UP_MS). A comment line keeps
 * a quiet stream open through proxies (a heartbeat after its last write); a stream ends with its session. Typing
 * signals come from the bus only and are never replayed.
 *
 * The feeds of this instance read in one statement: a "look" marks the feed due, and one reader at a time reads every
 * due feed (up to READ_BATCH members per statement). A message's notification names sender and recipient, so their
 * two feeds are one read; under load, everything that became due while a read ran is the next one (one read per
 * instance per round, not per stream or member).
 */
export function streamHandler(deps: {
  db: Db;
  bus: Bus;
  logger: Logger;
  getSigner: () => Promise<MediaSigner>;
  /** How often the tables are read without a "look" (default STREAM_CATCH_UP_MS; tests shorten it). */
  catchUpMs?: number | undefined;
  /** How long a stream may stay quiet before it gets a comment line (default STREAM_HEARTBEAT_MS; tests shorten it). */
  heartbeatMs?: number | undefined;
}) {
  const { db, bus } = deps;
  const feeds = new Map<number, Feed>();
  const due = new Set<Feed>();
  let reading = false;

  const deliver = (feed: Feed, rows: readonly repo.EventRow[], signer: MediaSigner): void => {
    const frames = rows.map((r) => [repo.seqOf(r.seq), toFrame(r, feed.userId, signer)] as const);
    for (const st of feed.streams) {
      const fresh = frames.filter(([seq]) => seq > st.position);
      if (fresh.length === 0) continue;
      st.write(fresh.map(([, text]) => text).join(''));
      st.position = fresh[fresh.length - 1]?.[0] ?? st.position;
    }
  };

  /** Reads every due feed, round after round, until none is due (one reader at a time, so positions only grow). */
  const readDue = async (): Promise<void> => {
    if (reading) return;
    reading = true;
    try {
      // The rest of this turn's signals first (one notification names several members).
      await new Promise((resolve) => setImmediate(resolve));
      while (due.size > 0) {
        const batch = [...due].slice(0, READ_BATCH);
        for (const feed of batch) due.delete(feed);
        const live = batch.filter((feed) => feed.streams.size > 0);
        if (live.length === 0) continue;
        const rows = await repo.eventsAfterMany(
          db,
          live.map((feed) => ({ userId: feed.userId, after: lowestPosition(feed) })),
          BATCH,
        );
        if (rows.length === 0) continue;
        const signer = await deps.getSigner();
        const byUser = new Map<number, repo.EventRow[]>();
        for (const { user_id: userId, ...row } of rows) {
          const list = byUser.get(userId);
          if (list) list.push(row);
          else byUser.set(userId, [row]);
        }
        for (const feed of live) {
          const list = byUser.get(feed.userId);
          if (!list) continue;
          deliver(feed, list, signer);
          // A longer backlog is read in several rounds.
          if (list.length >= BATCH) due.add(feed);
        }
      }
    } catch (err) {
      // What was due is read at the next look or catch-up (not at once: the database may be away).
      due.clear();
      deps.logger.warn({ err }, 'event stream read failed; the next catch-up tries again');
    } finally {
      reading = false;
    }
    if (due.size > 0) void readDue();
  };

  const look = (feed: Feed): void => {
    due.add(feed);
    void readDue();
  };

  const feedOf = (userId: number): Feed => {
    const existing = feeds.get(userId);
    if (existing) return existing;
    const feed: Feed = { userId, streams: new Set(), unsubscribe: () => undefined };
    feed.unsubscribe = bus.subscribe(userId, (signal: BusSignal) => {
      if (signal.type === 'closing') {
        for (const st of [...feed.streams]) st.end();
      } else if (signal.type === 'evict') {
        const closed = frame('closed', { reason: 'too_many_streams' });
        for (const st of [...feed.streams]) {
          if (!signal.streams.includes(st.id)) continue;
          st.write(closed);
          st.end();
        }
      } else if (signal.type === 'typing') {
        const text = frame('typing', { conversation: signal.conversation, from: signal.from });
        for (const st of feed.streams) st.write(text);
      } else {
        look(feed);
      }
    });
    feeds.set(userId, feed);
    return feed;
  };

  // A comment line for each stream that has been quiet for a heartbeat interval (one timer for all of them).
  const heartbeatMs = deps.heartbeatMs ?? STREAM_HEARTBEAT_MS;
  const heartbeat = setInterval(
    () => {
      const quietSince = performance.now() - heartbeatMs;
      for (const feed of feeds.values()) for (const st of feed.streams) if (st.lastWrite <= quietSince) st.write(': ping\n\n');
    },
    Math.min(HEARTBEAT_TICK_MS, heartbeatMs),
  );
  heartbeat.unref();

  /**
   * The catch-up, for all feeds of this instance at once: one query for the sessions behind every open stream, and
   * one (per CATCH_UP_BATCH members) for which members have events past their streams' positions; only those feeds
   * read their events. (Asked per feed, 1000 open streams made two queries per member every catch-up.)
   */
  let catchingUp = false;
  const catchUpAll = async (): Promise<void> => {
    if (catchingUp || feeds.size === 0) return;
    catchingUp = true;
    try {
      const all = [...feeds.values()];
      const sessions = [...new Set(all.flatMap((feed) => [...feed.streams].map((st) => st.sessionId)))];
      const alive = await repo.liveSessions(db, sessions);
      // A stream lives no longer than its login: after logout or expiry it ends (the browser's retry gets a 403).
      for (const feed of all) for (const st of [...feed.streams]) if (!alive.has(st.sessionId)) st.end();
      const live = all.filter((feed) => feed.streams.size > 0);
      for (let i = 0; i < live.length; i += CATCH_UP_BATCH) {
        const batch = live.slice(i, i + CATCH_UP_BATCH);
        const behind = await repo.membersWithEventsAfter(
          db,
          batch.map((feed) => ({ userId: feed.userId, after: lowestPosition(feed) })),
        );
        for (const feed of batch) if (behind.has(feed.userId)) look(feed);
      }
    } catch (err) {
      deps.logger.warn({ err }, 'event stream catch-up failed; the next one tries again');
    } finally {
      catchingUp = false;
    }
  };
  const catchUp = setInterval(() => void catchUpAll(), deps.catchUpMs ?? STREAM_CATCH_UP_MS);
  catchUp.unref();

  /**
   * Registers the new stream and removes the member's rows beyond MAX_STREAMS_PER_MEMBER (the oldest, including rows a
   * crashed instance left behind); the instances holding them close those streams on the bus signal.
   */
  const capStreams = async (userId: number, id: string): Promise<void> => {
    try {
      await repo.insertEventStream(db, id, userId);
      const over = await repo.deleteStreamsBeyond(db, userId, MAX_STREAMS_PER_MEMBER);
      if (over.length > 0) await bus.publish([userId], { type: 'evict', streams: over.map((r) => r.id) });
    } catch (err) {
      deps.logger.warn({ err }, 'event stream cap not checked');
    }
  };

  return async (req: Request, res: Response, viewer: { userId: number; sessionId: string }, lastEventId?: number): Promise<void> => {
    const position = resumePoint(req, lastEventId) ?? (await repo.currentEventSeq(db));

    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    // No Connection header of our own: Node answers the client's (keep-alive, or close — and then closes the socket
    // when the stream ends, instead of keeping it for requests that must not come).
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.flushHeaders();
    res.write(`retry: ${STREAM_RETRY_MS}\n: stream of member events\n\n`);

    const feed = feedOf(viewer.userId);
    const stream: StreamState = {
      id: randomUUID(),
      position,
      sessionId: viewer.sessionId,
      lastWrite: performance.now(),
      write: (text) => {
        if (res.writableEnded) return;
        res.write(text);
        stream.lastWrite = performance.now();
      },
      end: () => {
        if (!res.writableEnded) res.end();
        close();
      },
    };
    const close = () => {
      if (!feed.streams.delete(stream)) return;
      void repo.deleteEventStream(db, stream.id).catch((err: unknown) => deps.logger.warn({ err }, 'event stream row not removed'));
      if (feed.streams.size === 0 && feeds.get(feed.userId) === feed) {
        feeds.delete(feed.userId);
        feed.unsubscribe();
      }
    };
    feed.streams.add(stream);
    res.once('close', close);
    // Whatever happened between the Last-Event-ID and now.
    look(feed);
    await capStreams(viewer.userId, stream.id);
  };
}
