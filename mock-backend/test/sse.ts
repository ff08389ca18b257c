import http from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** Opens the event stream of a member on a listening server (a second "browser") and collects its events. */
export function openStream(url: string, cookie: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  let buffer = '';
  const waiters: (() => void)[] = [];
  let req: http.ClientRequest | undefined;
  const ready = new Promise<number>((resolve, reject) => {
    req = http.get(`${url}/api/events.php`, { headers: { cookie, accept: 'text/event-stream', ...headers } }, (res) => {
      resolve(res.statusCode ?? 0);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
          }
          if (fields.event && fields.data) {
            events.push({ ...(fields.id ? { id: fields.id } : {}), event: fields.event, data: JSON.parse(fields.data) });
            for (const w of waiters.splice(0)) w();
          }
        }
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
