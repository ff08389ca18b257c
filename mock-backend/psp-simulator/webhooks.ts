import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import type { SimEvent, SimPayment } from './types';

/**
 * Webhook delivery: each event is POSTed to the payment's webhookUrl, signed as Standard Webhooks (HMAC-SHA256 over
 * id, timestamp and the raw body, afresh per attempt with the same webhook-id), and retried with exponential backoff
 * (first after `retryBaseMs`, doubling) until the receiver answers 2xx or `maxAttempts` deliveries were made.
 */
export interface Delivery {
  deliver(p: SimPayment, event: SimEvent): void;
  /** Runs `fn` after `ms` unless the simulator closes first (the timer does not keep the process alive). */
  later(ms: number, fn: () => void): void;
  /** Deliveries not yet answered with 2xx (or given up). */
  pending(): number;
  close(): void;
}

export function createDelivery(opts: {
  webhookSecret: string;
  retryBaseMs: number;
  maxAttempts: number;
  log?: Logger | undefined;
}): Delivery {
  const webhook = new Webhook(opts.webhookSecret);
  const { retryBaseMs, maxAttempts, log } = opts;
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref();
    timers.add(t);
  };

  /** Sends one event, signed afresh per attempt (same webhook-id), until 2xx or maxAttempts. */
  function deliver(p: SimPayment, event: SimEvent, attempt = 1): void {
    const body = JSON.stringify({ type: event.type, timestamp: event.at, data: { id: p.id, status: event.status } });
    const now = new Date();
    const headers = {
      'content-type': 'application/json',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': webhook.sign(event.id, now, body),
    };
    inFlight += 1;
    fetch(p.webhookUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })
      .then((res) => {
        if (res.status >= 200 && res.status < 300) return;
        throw new Error(`webhook answered ${res.status}`);
      })
      .catch((err: unknown) => {
        if (attempt >= maxAttempts) {
          log?.warn({ payment: p.id, event: event.id, attempt, err }, 'webhook given up');
          return;
        }
        const delay = retryBaseMs * 2 ** (attempt - 1);
        log?.info({ payment: p.id, event: event.id, attempt, delay }, 'webhook failed, retrying');
        inFlight += 1;
        later(delay, () => {
          inFlight -= 1;
          deliver(p, event, attempt + 1);
        });
      })
      .finally(() => {
        inFlight -= 1;
      });
  }

  return {
    deliver: (p, event) => deliver(p, event),
    later,
    pending: () => inFlight,
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
