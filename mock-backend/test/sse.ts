import http from 'node:http';
import { createParser, type ParserCallbacks } from 'eventsource-parser';

/**
 * Reads an event stream answer (`text/event-stream`) with eventsource-parser: each complete event goes to `onEvent`
 * (its own `id`, `event` name and `data` as sent), an event's id to `onId`, and comments and `retry` lines to theirs.
 * The one parser of the tests and benches; none splits the stream by hand.
 */
export function readEventStream(res: http.IncomingMessage, callbacks: ParserCallbacks): void {
  const parser = createParser(callbacks);
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => parser.feed(chunk));
}

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** Opens the event stream of a member on a listening server (a second "browser") and collects its events. */
export function openStream(url: string, cookie: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let req: http.ClientRequest | undefined;
  const ready = new Promise<number>((resolve, reject) => {
    req = http.get(`${url}/api/events.php`, { headers: { cookie, accept: 'text/event-stream', ...headers } }, (res) => {
      resolve(res.statusCode ?? 0);
      readEventStream(res, {
        onEvent: ({ id, event, data }) => {
          if (!event || !data) return;
          events.push({ ...(id ? { id } : {}), event, data: JSON.parse(data) });
          for (const w of waiters.splice(0)) w();
        },
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
  });
  return {
    events,
    ready,
    async waitFor(pred: (e: SseEvent) => boolean, ms = 5000): Promise<SseEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(pred);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => req?.destroy(),
  };
}

export type Stream = ReturnType<typeof openStream>;
