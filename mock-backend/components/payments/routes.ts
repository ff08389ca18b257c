import express, { Router, type Request, type Response } from 'express';
import { getClient } from '../../lib/client';
import { getSite, getViewer, requireViewer, type Site } from '../../lib/context';
import type { Db } from '../../lib/db';
import { respondIdempotently } from '../../lib/idempotency';
import { ANSWERED, type Answered, type Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
import type { SmsSender } from '../../lib/sms';
import * as directDebit from './direct-debit';
import * as orders from './orders';
import * as refunds from './refunds';
import * as repo from './repository';
import * as checkout from './checkout';
import * as service from './service';
import { WEBHOOK_PATH, type PaymentsDeps } from './service';
import * as settlement from './settlement';

/**
 * Where the member's browser comes back after the hosted checkout, and never from the request's headers (a forged
 * Host or X-Forwarded-Host would send the member, and his payment's return, to another site): PUBLIC_URL for the
 * default site, PUBLIC_URL with the site's own configured host for the others, as the links in mails.
 */
async function returnOrigin(db: Db, site: Site, publicUrl: string): Promise<string> {
  if ((await repo.isDefaultSite(db, site.id)) !== false) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = site.host;
  return url.origin;
}

/** Resolves a statement's token to the suspended member it stands for (the safety component's rule). */
type SuspendedMember = (siteId: number, statement: number, token: string) => Promise<number>;

export type PaymentOperations =
  | 'listCreditPackages'
  | 'createPayment'
  | 'getPayment'
  | 'cancelPayment'
  | 'resumePayment'
  | 'listTransactions'
  | 'getRefundQuote'
  | 'requestRefund'
  | 'startDirectDebit'
  | 'resendDirectDebitCode'
  | 'confirmDirectDebit';

export function paymentOperations(
  deps: PaymentsDeps & { publicUrl: string; sms: SmsSender; suspendedMember: SuspendedMember },
): Operations<PaymentOperations> {
  const { db } = deps;

  /** Who asks for a refund: the session's member, or a suspended one (no session) by a statement's token. */
  const refunder = async (res: Response, holder: { statement?: number | undefined; token?: string | undefined }): Promise<number> => {
    const viewer = getViewer(res);
    if (viewer) return viewer.userId;
    const { statement, token } = holder;
    if (statement !== undefined && Number.isInteger(statement) && statement > 0 && token !== undefined && token !== '')
      return deps.suspendedMember(getSite(res).id, statement, token);
    return requireViewer(res).userId;
  };

  // The member's unpaid orders: cancelled (with its Idempotency-Key: it changes the payment) or resumed.
  const orderLimit = rateLimit(db, { name: 'payment-orders', points: 60, windowSeconds: 3600, per: 'member' });

  return {
    listCreditPackages: {
      handle: async ({ res, query }) => {
        const site = getSite(res);
        const viewer = getViewer(res);
        const country = await checkout.checkoutCountry(db, site, {
          asked: query.country,
          userId: viewer?.userId,
          clientCountry: getClient(res).country,
        });
        return checkout.listPackages(db, { site, userId: viewer?.userId ?? null, country, discountCode: query.discount_code });
      },
    },

    createPayment: {
      use: [rateLimit(db, { name: 'payments', points: 30, windowSeconds: 3600, per: 'member' })],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = requireViewer(res);
        const site = getSite(res);
        const origin = await returnOrigin(db, site, deps.publicUrl);
        await respondIdempotently(db, req, res, 201, () =>
          checkout.createPayment(deps, {
            userId: viewer.userId,
            site,
            clientCountry: getClient(res).country,
            origin,
            input: body,
          }),
        );
        return ANSWERED;
      },
    },

    getPayment: {
      handle: async ({ res, query }) => {
        const viewer = requireViewer(res);
        return service.getPayment(db, viewer.userId, query.id);
      },
    },

    cancelPayment: {
      use: [orderLimit],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = requireViewer(res);
        await respondIdempotently(db, req, res, 200, () => orders.cancelOrder(deps, viewer.userId, body.payment_id));
        return ANSWERED;
      },
    },

    resumePayment: {
      use: [orderLimit],
      handle: async ({ res, body }) => {
        const viewer = requireViewer(res);
        return orders.resumeOrder(deps, viewer.userId, body.payment_id);
      },
    },

    listTransactions: {
      handle: async ({ res }) => {
        const viewer = requireViewer(res);
        return service.listTransactions(db, viewer.userId);
      },
    },

    getRefundQuote: { handle: async ({ res, query }) => refunds.refundQuote(db, await refunder(res, query)) },

    requestRefund: {
      use: [rateLimit(db, { name: 'refunds', points: 20, windowSeconds: 3600, per: 'member' })],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const userId = await refunder(res, body);
        await respondIdempotently(db, req, res, 200, () => refunds.requestRefund(deps, userId, body.payment_id));
        return ANSWERED;
      },
    },

    startDirectDebit: {
      use: [rateLimit(db, { name: 'direct-debit', points: 10, windowSeconds: 3600, per: 'member' })],
      handle: async ({ res, body }) => {
        const viewer = requireViewer(res);
        const started = await directDebit.startDirectDebit(deps, {
          userId: viewer.userId,
          site: getSite(res),
          clientCountry: getClient(res).country,
          language: viewer.language,
          form: body,
        });
        res.status(201);
        return started;
      },
    },

    resendDirectDebitCode: {
      use: [rateLimit(db, { name: 'direct-debit-resend', points: 5, windowSeconds: 3600, per: 'member' })],
      handle: async ({ res, body }) => {
        const viewer = requireViewer(res);
        return directDebit.resendDirectDebitCode(deps, {
          userId: viewer.userId,
          site: getSite(res),
          language: viewer.language,
          mandateId: body.mandate_id,
        });
      },
    },

    confirmDirectDebit: {
      use: [rateLimit(db, { name: 'direct-debit-confirm', points: 30, windowSeconds: 3600, per: 'member' })],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = requireViewer(res);
        const origin = await returnOrigin(db, getSite(res), deps.publicUrl);
        await respondIdempotently(db, req, res, 201, () =>
          directDebit.confirmDirectDebit(deps, {
            userId: viewer.userId,
            site: getSite(res),
            mandateId: body.mandate_id,
            code: body.code,
            origin,
            discountCode: body.discount_code,
          }),
        );
        return ANSWERED;
      },
    },
  };
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
    const outcome = await settlement.receiveWebhook(deps, raw, headers);
    res.status(outcome.status).json(outcome.body);
  });
  return router;
}
