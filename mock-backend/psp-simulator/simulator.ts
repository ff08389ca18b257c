import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import { escapeHtml } from '../../src/shared/html';

/**
 * A payment service provider for development and tests, as its own HTTP service: a Mollie-like API (`/v2/…`,
 * Bearer API key, Idempotency-Key on creates), a hosted test checkout where the tester picks the outcome (a plain
 * HTML form that POSTs `status` to its own URL), and webhooks signed as Standard Webhooks (HMAC-SHA256 over id,
 * timestamp and the raw body), retried with exponential backoff until the receiver answers 2xx. Testing endpoints
 * deliver a webhook twice or a payment's events out of order, and send a chargeback.
 *
 * Direct debits (method `directdebit` with a mandate) start `pending` and settle to `paid` after `settleDelayMs`.
 * State is kept in memory and, with `stateFile`, written through to a JSON file so a restart keeps the payments.
 */

export type SimStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';
const OUTCOMES: readonly SimStatus[] = ['paid', 'failed', 'canceled', 'expired', 'pending'];
/** Methods the simulated PSP still offers (Giropay and Sofort were withdrawn in 2024). */
const ACTIVE_METHODS = [
  'ideal',
  'bancontact',
  'eps',
  'przelewy24',
  'blik',
  'twint',
  'swish',
  'vipps',
  'mobilepay',
  'satispay',
  'applepay',
  'paypal',
  'creditcard',
  'banktransfer',
  'paysafecard',
  'directdebit',
] as const;
const NOT_REFUNDABLE = new Set(['paysafecard']);

interface Amount {
  value: string;
  currency: string;
}

interface SimEvent {
  id: string;
  type: string;
  status: SimStatus;
  at: string;
}

export interface SimPayment {
  resource: 'payment';
  id: string;
  status: SimStatus;
  amount: Amount;
  amountRefunded: Amount;
  amountChargedBack: Amount;
  description: string;
  method: string;
  brand: string | null;
  issuer: string | null;
  sequenceType: string;
  mandateId: string | null;
  redirectUrl: string;
  webhookUrl: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  events: SimEvent[];
}

interface SimRefund {
  resource: 'refund';
  id: string;
  paymentId: string;
  amount: Amount;
  status: 'refunded';
  createdAt: string;
}

interface SimMandate {
  resource: 'mandate';
  id: string;
  status: 'valid';
  method: 'directdebit';
  mandateReference: string;
  details: { consumerName: string; consumerAccount: string };
  signatureDate: string;
  createdAt: string;
}

interface State {
  payments: Record<string, SimPayment>;
  refunds: Record<string, SimRefund>;
  mandates: Record<string, SimMandate>;
  /** `<key>` → the id of what the first request with that Idempotency-Key created. */
  idempotency: Record<string, string>;
}

export interface SimulatorOptions {
  apiKey: string;
  /** Standard Webhooks secret (`whsec_<base64>`). */
  webhookSecret: string;
  /** The origin browsers reach the simulator at (for checkout links); default: the address it listens on. */
  publicUrl?: string | undefined;
  stateFile?: string | undefined;
  settleDelayMs?: number;
  /** An open payment nobody completed expires after this many ms (default 30 minutes), as a real PSP's does. */
  expireOpenAfterMs?: number;
  /** First retry after this many ms, doubling; at most `maxAttempts` deliveries per event. */
  retryBaseMs?: number;
  maxAttempts?: number;
  logger?: Logger | undefined;
}

export interface Simulator {
  app: Express;
  /** Set once listening (or by the caller): the base of checkout links. */
  setPublicUrl(url: string): void;
  /** Deliveries not yet answered with 2xx (tests wait on it). */
  pendingDeliveries(): number;
  payment(id: string): SimPayment | undefined;
  close(): void;
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const minorOf = (a: Amount) => Math.round(Number(a.value) * 100);
const amountOf = (minor: number, currency: string): Amount => ({ value: (minor / 100).toFixed(2), currency });
function loadState(file: string | undefined): State {
  const empty: State = { payments: {}, refunds: {}, mandates: {}, idempotency: {} };
  if (!file) return empty;
  try {
    return { ...empty, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<State>) };
  } catch {
    return empty;
  }
}

export function createSimulator(opts: SimulatorOptions): Simulator {
  const state = loadState(opts.stateFile);
  const webhook = new Webhook(opts.webhookSecret);
  const settleDelayMs = opts.settleDelayMs ?? 5_000;
  const retryBaseMs = opts.retryBaseMs ?? 1_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const expireOpenAfterMs = opts.expireOpenAfterMs ?? 30 * 60_000;
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let publicUrl = opts.publicUrl?.replace(/\/+$/, '') ?? '';
  const log = opts.logger;

  const save = () => {
    if (!opts.stateFile) return;
    mkdirSync(path.dirname(opts.stateFile), { recursive: true });
    const tmp = `${opts.stateFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, opts.stateFile);
  };

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

  function setStatus(p: SimPayment, status: SimStatus, type = 'payment.status_changed'): void {
    p.status = status;
    const event: SimEvent = { id: `msg_${randomUUID()}`, type, status, at: new Date().toISOString() };
    p.events.push(event);
    save();
    deliver(p, event);
  }

  function scheduleSettlement(p: SimPayment): void {
    later(settleDelayMs, () => {
      const current = state.payments[p.id];
      if (current && current.status === 'pending') setStatus(current, 'paid');
    });
  }

  const view = (p: SimPayment) => {
    const { events: _events, ...rest } = p;
    return {
      ...rest,
      _links: p.status === 'open' ? { checkout: { href: `${publicUrl}/checkout/${p.id}` } } : {},
    };
  };

  const app = express();
  app.disable('x-powered-by');

  const auth = (req: Request, res: Response, next: NextFunction) => {
    if (req.get('authorization') !== `Bearer ${opts.apiKey}`) {
      res.status(401).json({ status: 401, title: 'Unauthorized Request', detail: 'Missing or invalid API key' });
      return;
    }
    next();
  };
  const problem = (res: Response, status: number, detail: string) => res.status(status).json({ status, title: 'Error', detail });

  /** Answers the resource an earlier request with the same Idempotency-Key created, if any. */
  const replay = (req: Request, find: (id: string) => unknown): unknown => {
    const key = req.get('idempotency-key');
    if (!key) return undefined;
    const id = state.idempotency[`${req.path}:${key}`];
    return id ? find(id) : undefined;
  };
  const remember = (req: Request, id: string) => {
    const key = req.get('idempotency-key');
    if (key) state.idempotency[`${req.path}:${key}`] = id;
  };

  app.use('/v2', express.json({ limit: '32kb' }), auth);

  app.get('/v2/methods', (_req, res) => {
    res.json({
      count: ACTIVE_METHODS.length,
      _embedded: { methods: ACTIVE_METHODS.map((id) => ({ resource: 'method', id, status: 'activated' })) },
    });
  });

  app.post('/v2/payments', (req, res) => {
    const earlier = replay(req, (id) => state.payments[id]);
    if (earlier) return void res.status(201).json(view(earlier as SimPayment));
    const b = req.body as Partial<{
      amount: Amount;
      description: string;
      method: string;
      brand: string;
      issuer: string;
      redirectUrl: string;
      webhookUrl: string;
      metadata: Record<string, unknown>;
      sequenceType: string;
      mandateId: string;
    }>;
    if (!b.amount || !/^\d+\.\d{2}$/.test(b.amount.value ?? '') || !/^[A-Z]{3}$/.test(b.amount.currency ?? ''))
      return void problem(res, 422, 'The amount is invalid');
    if (!b.method || !(ACTIVE_METHODS as readonly string[]).includes(b.method))
      return void problem(res, 422, 'The payment method is invalid or not activated');
    if (!b.webhookUrl || !b.redirectUrl) return void problem(res, 422, 'redirectUrl and webhookUrl are required');
    const recurring = b.sequenceType === 'recurring';
    if (b.method === 'directdebit' && (!recurring || !b.mandateId || !state.mandates[b.mandateId]))
      return void problem(res, 422, 'A direct debit needs a valid mandate');
    const p: SimPayment = {
      resource: 'payment',
      id: `tr_${randomBytes(8).toString('hex')}`,
      status: recurring ? 'pending' : 'open',
      amount: b.amount,
      amountRefunded: amountOf(0, b.amount.currency),
      amountChargedBack: amountOf(0, b.amount.currency),
      description: String(b.description ?? '').slice(0, 255),
      method: b.method,
      brand: b.brand ?? null,
      issuer: b.issuer ?? null,
      sequenceType: b.sequenceType ?? 'oneoff',
      mandateId: b.mandateId ?? null,
      redirectUrl: b.redirectUrl,
      webhookUrl: b.webhookUrl,
      metadata: b.metadata ?? {},
      createdAt: new Date().toISOString(),
      events: [],
    };
    state.payments[p.id] = p;
    remember(req, p.id);
    save();
    if (recurring) scheduleSettlement(p);
    res.status(201).json(view(p));
  });

  app.get('/v2/payments/:id', (req, res) => {
    const p = state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    if (p.status === 'open' && Date.now() - Date.parse(p.createdAt) > expireOpenAfterMs) setStatus(p, 'expired');
    res.json(view(p));
  });

  app.delete('/v2/payments/:id', (req, res) => {
    const p = state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    if (p.status !== 'open') return void problem(res, 422, 'The payment cannot be canceled');
    setStatus(p, 'canceled');
    res.json(view(p));
  });

  app.post('/v2/payments/:id/refunds', (req, res) => {
    const earlier = replay(req, (id) => state.refunds[id]);
    if (earlier) return void res.status(201).json(earlier);
    const p = state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    if (p.status !== 'paid') return void problem(res, 422, 'The payment is not paid');
    if (NOT_REFUNDABLE.has(p.method)) return void problem(res, 422, 'Refunds are not supported for this payment method');
    const amount = (req.body as { amount?: Amount }).amount;
    if (!amount || amount.currency !== p.amount.currency || !/^\d+\.\d{2}$/.test(amount.value))
      return void problem(res, 422, 'The amount is invalid');
    const left = minorOf(p.amount) - minorOf(p.amountRefunded) - minorOf(p.amountChargedBack);
    if (minorOf(amount) <= 0 || minorOf(amount) > left) return void problem(res, 422, 'The amount is higher than the refundable amount');
    const refund: SimRefund = {
      resource: 'refund',
      id: `re_${randomBytes(8).toString('hex')}`,
      paymentId: p.id,
      amount,
      status: 'refunded',
      createdAt: new Date().toISOString(),
    };
    state.refunds[refund.id] = refund;
    p.amountRefunded = amountOf(minorOf(p.amountRefunded) + minorOf(amount), p.amount.currency);
    remember(req, refund.id);
    save();
    res.status(201).json(refund);
  });

  app.post('/v2/mandates', (req, res) => {
    const earlier = replay(req, (id) => state.mandates[id]);
    if (earlier) return void res.status(201).json(earlier);
    const b = req.body as Partial<{ consumerName: string; consumerAccount: string; mandateReference: string; signatureDate: string }>;
    if (!b.consumerName || !b.consumerAccount || !b.mandateReference)
      return void problem(res, 422, 'consumerName, consumerAccount and mandateReference are required');
    const m: SimMandate = {
      resource: 'mandate',
      id: `mdt_${randomBytes(8).toString('hex')}`,
      status: 'valid',
      method: 'directdebit',
      mandateReference: b.mandateReference,
      details: { consumerName: b.consumerName, consumerAccount: b.consumerAccount },
      signatureDate: b.signatureDate ?? new Date().toISOString().slice(0, 10),
      createdAt: new Date().toISOString(),
    };
    state.mandates[m.id] = m;
    remember(req, m.id);
    save();
    res.status(201).json(m);
  });

  app.get('/v2/mandates/:id', (req, res) => {
    const m = state.mandates[req.params.id];
    if (!m) return void problem(res, 404, 'No mandate exists with this id');
    res.json(m);
  });

  // Testing: deliver a payment's last event twice (same webhook-id), or all its events newest first.
  app.post('/v2/testing/payments/:id/webhooks', (req, res) => {
    const p = state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    const mode = (req.body as { mode?: string }).mode === 'reverse' ? 'reverse' : 'duplicate';
    const last = p.events.at(-1);
    if (!last) return void problem(res, 422, 'The payment has no events yet');
    const events = mode === 'reverse' ? [...p.events].reverse() : [last, last];
    for (const e of events) deliver(p, e);
    res.status(202).json({ delivered: events.length });
  });

  // Testing: the consumer's bank reverses a paid payment (chargeback); the payment stays `paid` with amountChargedBack.
  app.post('/v2/testing/payments/:id/chargeback', (req, res) => {
    const p = state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    if (p.status !== 'paid') return void problem(res, 422, 'Only a paid payment can be charged back');
    p.amountChargedBack = amountOf(minorOf(p.amount) - minorOf(p.amountRefunded), p.amount.currency);
    const event: SimEvent = { id: `msg_${randomUUID()}`, type: 'payment.chargeback', status: p.status, at: new Date().toISOString() };
    p.events.push(event);
    save();
    deliver(p, event);
    res.json(view(p));
  });

  // The hosted test checkout.
  app.get('/checkout/:id', (req, res) => {
    const p = state.payments[req.params.id];
    if (!p) return void res.status(404).type('text/plain').send('Unknown payment');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action *");
    if (p.status !== 'open') {
      res
        .type('html')
        .send(
          page(
            'Payment',
            `<p>This payment is ${escapeHtml(p.status)}.</p><p><a href="${escapeHtml(p.redirectUrl)}">Back to the shop</a></p>`,
          ),
        );
      return;
    }
    const options = OUTCOMES.map(
      (s, i) => `<label class="opt"><input type="radio" name="status" value="${s}"${i === 0 ? ' checked' : ''}> ${s}</label>`,
    ).join('');
    res.type('html').send(
      page(
        'Test checkout',
        `<p class="what">${escapeHtml(p.description)}</p>
<p class="amount">${escapeHtml(p.amount.currency)} ${escapeHtml(p.amount.value)} · ${escapeHtml(p.method)}${p.brand ? ` (${escapeHtml(p.brand)})` : ''}${p.issuer ? ` · ${escapeHtml(p.issuer)}` : ''}</p>
<form method="post" action="/checkout/${escapeHtml(p.id)}">
<fieldset><legend>Outcome of this test payment</legend>${options}</fieldset>
<button type="submit">Complete test payment</button>
</form>`,
      ),
    );
  });

  app.post('/checkout/:id', express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const p = state.payments[req.params.id];
    if (!p) return void res.status(404).type('text/plain').send('Unknown payment');
    const status = (req.body as { status?: string }).status as SimStatus;
    if (!OUTCOMES.includes(status)) return void res.status(400).type('text/plain').send('Pick an outcome');
    if (p.status === 'open') {
      setStatus(p, status);
      // A pending payment (a bank that confirms later) settles to paid after the delay.
      if (status === 'pending') scheduleSettlement(p);
    }
    res.redirect(303, p.redirectUrl);
  });

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  return {
    app,
    setPublicUrl(url) {
      publicUrl = url.replace(/\/+$/, '');
    },
    pendingDeliveries: () => inFlight,
    payment: (id) => state.payments[id],
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · PSP simulator</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
fieldset{border:1px solid #888;border-radius:.5rem;padding:1rem}.opt{display:block;padding:.35rem 0}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;background:#0b5cad;color:#fff;border:0;border-radius:.4rem}
button:focus-visible,input:focus-visible{outline:3px solid #f39c12;outline-offset:2px}.amount{font-size:1.25rem;font-weight:600}</style>
</head><body><main><h1>${title}</h1><p><strong>PSP simulator</strong> — no real money moves.</p>${body}</main></body></html>`;
}

/** Starts the simulator on `port` (0 = any free port) and answers its base URL. */
export async function startSimulator(
  opts: SimulatorOptions & { port?: number; host?: string },
): Promise<{ url: string; simulator: Simulator; server: Server; close(): Promise<void> }> {
  const simulator = createSimulator(opts);
  const server = simulator.app.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const url = `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  if (!opts.publicUrl) simulator.setPublicUrl(url);
  return {
    url,
    simulator,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        simulator.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
