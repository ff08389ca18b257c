import express, { Router, type Request, type Response } from 'express';
import { getClient } from '../../lib/client';
import { getSite, getViewer, requireViewer } from '../../lib/context';
import { respondIdempotently } from '../../lib/idempotency';
import { rateLimit } from '../../lib/rate-limit';
import * as refunds from './refunds';
import * as service from './service';
import type { PaymentsDeps } from './service';

/** The path the provider posts webhooks to (outside /api: server-to-server, raw body, no session). */
export const WEBHOOK_PATH = '/webhooks/psp';

/**
 * Where the member's browser comes back after the hosted checkout: the origin he is on (the host the BFF forwards,
 * which is the browser's own Host), so his session cookie goes with him; PUBLIC_URL when none is forwarded. The
 * return URL only ever goes to the member who makes the request, and it settles nothing.
 */
export function returnOrigin(req: Request, publicUrl: string): string {
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim().toLowerCase();
  const proto = req.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  if (host && /^[a-z0-9.-]{1,253}(:\d{1,5})?$/.test(host)) return `${proto}://${host}`;
  return publicUrl;
}

export function paymentRoutes(deps: PaymentsDeps & { publicUrl: string }): Router {
  const router = Router();
  const { db } = deps;

  router.get('/credit-packages.php', async (req, res) => {
    const q = req.query as { country?: string; discount_code?: string };
    const site = getSite(res);
    const viewer = getViewer(res);
    const country = await service.checkoutCountry(db, site, { asked: q.country, userId: viewer?.userId, clientCountry: getClient(res).country });
    res.json(await service.listPackages(db, { site, userId: viewer?.userId ?? null, country, discountCode: q.discount_code }));
  });

  router.post(
    '/payments.php',
    rateLimit(db, { name: 'payments', points: 30, windowSeconds: 3600, per: 'member' }),
    async (req, res) => {
      const viewer = requireViewer(res);
      const site = getSite(res);
      await respondIdempotently(db, req, res, 201, () =>
        service.createPayment(deps, {
          userId: viewer.userId,
          site,
          clientCountry: getClient(res).country,
          origin: returnOrigin(req, deps.publicUrl),
          input: req.body as service.CreatePaymentInput,
        }),
      );
    },
  );

  router.get('/payment.php', async (req, res) => {
    const viewer = requireViewer(res);
    res.json(await service.getPayment(db, viewer.userId, Number((req.query as { id: string }).id)));
  });

  router.get('/transactions.php', async (_req, res) => {
    const viewer = requireViewer(res);
    res.json(await service.listTransactions(db, viewer.userId));
  });

  router.get('/refund.php', async (_req, res) => {
    const viewer = requireViewer(res);
    res.json(await refunds.refundQuote(db, viewer.userId));
  });

  router.post(
    '/refund.php',
    rateLimit(db, { name: 'refunds', points: 20, windowSeconds: 3600, per: 'member' }),
    async (req, res) => {
      const viewer = requireViewer(res);
      await respondIdempotently(db, req, res, 200, () => refunds.requestRefund(deps, viewer.userId, (req.body as { payment_id: number }).payment_id));
    },
  );

  return router;
}

/** The webhook receiver, mounted before the JSON parser: the signature covers the raw bytes. */
export function webhookRoute(deps: PaymentsDeps): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: '64kb' }), async (req: Request, res: Response) => {
    const headers = {
      'webhook-id': req.get('webhook-id'),
      'webhook-timestamp': req.get('webhook-timestamp'),
      'webhook-signature': req.get('webhook-signature'),
    };
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = await service.receiveWebhook(deps, raw, headers);
    res.status(outcome.status).json(outcome.body);
  });
  return router;
}
