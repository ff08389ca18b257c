import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { apiRoutes } from './api-routes';
import { checkoutRoutes } from './checkout';
import { createPayments } from './payments';
import { createStore } from './store';
import type { Simulator, SimulatorOptions } from './types';
import { createDelivery } from './webhooks';

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

export type { Simulator, SimulatorOptions } from './types';

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function createSimulator(opts: SimulatorOptions): Simulator {
  const store = createStore(opts.stateFile);
  const delivery = createDelivery({
    webhookSecret: opts.webhookSecret,
    retryBaseMs: opts.retryBaseMs ?? 1_000,
    maxAttempts: opts.maxAttempts ?? 10,
    log: opts.logger,
  });
  let publicUrl = opts.publicUrl?.replace(/\/+$/, '') ?? '';
  const payments = createPayments({
    store,
    delivery,
    settleDelayMs: opts.settleDelayMs ?? 5_000,
    expireOpenAfterMs: opts.expireOpenAfterMs ?? 30 * 60_000,
    publicUrl: () => publicUrl,
  });

  const app = express();
  app.disable('x-powered-by');
  app.use(apiRoutes({ apiKey: opts.apiKey, store, payments, delivery }));
  app.use(checkoutRoutes({ store, payments }));
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  return {
    app,
    setPublicUrl(url) {
      publicUrl = url.replace(/\/+$/, '');
    },
    pendingDeliveries: () => delivery.pending(),
    payment: (id) => store.state.payments[id],
    close: () => delivery.close(),
  };
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
