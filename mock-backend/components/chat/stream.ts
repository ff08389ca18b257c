import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { STREAM_HEARTBEAT_MS, STREAM_RETRY_MS } from '../../../src/shared/chat';
import type { Bus, BusSignal } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { badRequest } from '../../lib/errors';
import * as repo from './repository';
import { toMessage } from './service';

/** Events read per query; a longer backlog is sent in several rounds. */
const BATCH = 500;
const EVENT_ID = /^\d{1,16}$/;

/** Where the stream starts: Last-Event-ID (a reconnect), the `last_event_id` query (a first connection that knows), or now. */
export function resumePoint(req: Request): number | null {
  const header = req.get('last-event-id');
  if (header !== undefined && header.trim() !== '') {
    if (!EVENT_ID.test(header.trim())) throw badRequest({ field: 'Last-Event-ID' });
    return Number(header.trim());
  }
  const query: unknown = req.query.last_event_id;
  if ((typeof query === 'string' && query !== '') || typeof query === 'number') {
    if (!EVENT_ID.test(String(query))) throw badRequest({ field: 'last_event_id' });
    return Number(query);
  }
  return null;
}

function frame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function toFrame(row: repo.EventRow, viewerId: number): string {
  const seq = repo.seqOf(row.seq);
  if (row.type === 'read') {
    return frame('read', { conversation: row.conversation_id, reader: row.reader, seq: repo.seqOf(row.read_seq) }, seq);
  }
  const message = toMessage(
    {
      id: row.id ?? 0,
      conversation_id: row.conversation_id,
      seq: row.seq,
      sender_id: row.sender_id ?? 0,
      kind: row.kind ?? 'text',
      body: row.body ?? '',
      gift_key: row.gift_key,
      photo_filename: row.photo_filename,
      created_at: row.created_at ?? new Date(),
      held: row.held ?? false,
    },
    viewerId,
  );
  return frame('message', message, seq);
}

/**
 * GET /api/events.php: the member's events as Server-Sent Events. The tables are the truth: the stream reads every
 * event after its position whenever the bus says "look", and at every heartbeat (so an event whose notification was
 * lost — another instance died between commit and NOTIFY, the listening connection dropped — arrives within one
 * heartbeat). Typing signals come from the bus only and are never replayed.
 */
export function streamHandler(deps: { db: Db; bus: Bus; logger: Logger }) {
  return async (req: Request, res: Response, viewer: { userId: number; sessionId: string }): Promise<void> => {
    const viewerId = viewer.userId;
    const { db, bus } = deps;
    let position = resumePoint(req) ?? (await repo.currentEventSeq(db));

    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.setHeader('Connection', 'keep-alive');
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.flushHeaders();
    res.write(`retry: ${STREAM_RETRY_MS}\n: stream of member events\n\n`);

    let closed = false;
    let pumping = false;
    let again = false;

    const pump = async (): Promise<void> => {
      if (pumping) {
        again = true;
        return;
      }
      pumping = true;
      try {
        do {
          again = false;
          for (;;) {
            const rows = await repo.eventsAfter(db, viewerId, position, BATCH);
            if (closed) return;
            if (rows.length === 0) break;
            res.write(rows.map((r) => toFrame(r, viewerId)).join(''));
            position = repo.seqOf(rows[rows.length - 1]?.seq);
            if (rows.length < BATCH) break;
          }
        } while (again && !closed);
      } catch (err) {
        if (!closed) req.log?.warn({ err }, 'event stream read failed; next heartbeat tries again');
      } finally {
        pumping = false;
      }
    };

    const onSignal = (signal: BusSignal) => {
      if (closed) return;
      if (signal.type === 'closing') {
        res.end();
        return;
      }
      if (signal.type === 'typing') {
        res.write(frame('typing', { conversation: signal.conversation, from: signal.from }));
        return;
      }
      void pump();
    };
    const unsubscribe = bus.subscribe(viewerId, onSignal);
    const heartbeat = setInterval(() => {
      if (closed) return;
      // A stream lives no longer than its login: after logout or expiry it ends (the browser's retry gets a 403).
      repo.sessionAlive(db, viewer.sessionId).then(
        (alive) => {
          if (closed) return;
          if (!alive) {
            res.end();
            return;
          }
          res.write(': ping\n\n');
          void pump();
        },
        () => undefined,
      );
    }, STREAM_HEARTBEAT_MS);

    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    };
    res.once('close', close);
    req.once('close', close);
    // Whatever happened between the Last-Event-ID and now.
    await pump();
  };
}
