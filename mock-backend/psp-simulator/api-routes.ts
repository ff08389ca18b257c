import { randomBytes } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Payments } from './payments';
import type { Store } from './store';
import { ACTIVE_METHODS, NOT_REFUNDABLE, amountOf, minorOf, type Amount, type SimMandate, type SimPayment, type SimRefund } from './types';
import type { Delivery } from './webhooks';

const amountSchema = z.object({ value: z.string(), currency: z.string() });
const paymentRequest = z
  .object({
    amount: amountSchema,
    description: z.string(),
    method: z.string(),
    brand: z.string(),
    issuer: z.string(),
    redirectUrl: z.string(),
    webhookUrl: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    sequenceType: z.string(),
    mandateId: z.string(),
  })
  .partial();
const refundRequest = z.object({ amount: amountSchema }).partial();
const mandateRequest = z
  .object({ consumerName: z.string(), consumerAccount: z.string(), mandateReference: z.string(), signatureDate: z.string() })
  .partial();
const resendRequest = z.object({ mode: z.string() }).partial();

/** A request's JSON body as `schema` reads it; a body of another shape is read as empty (the checks below refuse it). */
function bodyOf<T>(req: Request, schema: z.ZodType<T>): Partial<T> {
  const parsed = schema.safeParse(req.body);
  return parsed.success ? parsed.data : {};
}

/** A Mollie-like error answer (`application/problem+json`-style body). */
const problem = (res: Response, status: number, detail: string) => res.status(status).json({ status, title: 'Error', detail });

/**
 * The API under `/v2` (Bearer API key, Idempotency-Key on creates): methods, payments and their refunds, mandates, and
 * the testing endpoints that deliver a webhook twice or a payment's events newest first, and send a chargeback.
 */
export function apiRoutes(deps: { apiKey: string; store: Store; payments: Payments; delivery: Delivery }): Router {
  const { store, payments, delivery } = deps;
  const router = Router();
  const auth = (req: Request, res: Response, next: NextFunction) => {
    if (req.get('authorization') !== `Bearer ${deps.apiKey}`) {
      res.status(401).json({ status: 401, title: 'Unauthorized Request', detail: 'Missing or invalid API key' });
      return;
    }
    next();
  };
  router.use('/v2', express.json({ limit: '32kb' }), auth);

  router.get('/v2/methods', (_req, res) => {
    res.json({
      count: ACTIVE_METHODS.length,
      _embedded: { methods: ACTIVE_METHODS.map((id) => ({ resource: 'method', id, status: 'activated' })) },
    });
  });

  router.post('/v2/payments', (req, res) => {
    const earlier = store.replay(req, (id) => store.state.payments[id]);
    if (earlier) return void res.status(201).json(payments.view(earlier as SimPayment));
    const b = bodyOf(req, paymentRequest);
    if (!b.amount || !/^\d+\.\d{2}$/.test(b.amount.value ?? '') || !/^[A-Z]{3}$/.test(b.amount.currency ?? ''))
      return void problem(res, 422, 'The amount is invalid');
    if (!b.method || !(ACTIVE_METHODS as readonly string[]).includes(b.method))
      return void problem(res, 422, 'The payment method is invalid or not activated');
    if (!b.webhookUrl || !b.redirectUrl) return void problem(res, 422, 'redirectUrl and webhookUrl are required');
    const recurring = b.sequenceType === 'recurring';
    if (b.method === 'directdebit' && (!recurring || !b.mandateId || !store.state.mandates[b.mandateId]))
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
    store.state.payments[p.id] = p;
    store.remember(req, p.id);
    store.save();
    if (recurring) payments.scheduleSettlement(p);
    res.status(201).json(payments.view(p));
  });

  router.get('/v2/payments/:id', (req, res) => {
    const p = store.state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    payments.expireIfStale(p);
    res.json(payments.view(p));
  });

  router.delete('/v2/payments/:id', (req, res) => {
    const p = store.state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    if (p.status !== 'open' || p.cancelable === false) return void problem(res, 422, 'The payment cannot be canceled');
    payments.setStatus(p, 'canceled');
    res.json(payments.view(p));
  });

  router.post('/v2/payments/:id/refunds', (req, res) => {
    const earlier = store.replay(req, (id) => store.state.refunds[id]);
    if (earlier) return void res.status(201).json(earlier);
    const p = store.state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    if (p.status !== 'paid') return void problem(res, 422, 'The payment is not paid');
    if (NOT_REFUNDABLE.has(p.method)) return void problem(res, 422, 'Refunds are not supported for this payment method');
    const amount: Amount | undefined = bodyOf(req, refundRequest).amount;
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
    store.state.refunds[refund.id] = refund;
    p.amountRefunded = amountOf(minorOf(p.amountRefunded) + minorOf(amount), p.amount.currency);
    store.remember(req, refund.id);
    store.save();
    res.status(201).json(refund);
  });

  router.post('/v2/mandates', (req, res) => {
    const earlier = store.replay(req, (id) => store.state.mandates[id]);
    if (earlier) return void res.status(201).json(earlier);
    const b = bodyOf(req, mandateRequest);
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
    store.state.mandates[m.id] = m;
    store.remember(req, m.id);
    store.save();
    res.status(201).json(m);
  });

  router.get('/v2/mandates/:id', (req, res) => {
    const m = store.state.mandates[req.params.id];
    if (!m) return void problem(res, 404, 'No mandate exists with this id');
    res.json(m);
  });

  // Testing: deliver a payment's last event twice (same webhook-id), or all its events newest first.
  router.post('/v2/testing/payments/:id/webhooks', (req, res) => {
    const p = store.state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    const mode = bodyOf(req, resendRequest).mode === 'reverse' ? 'reverse' : 'duplicate';
    const last = p.events.at(-1);
    if (!last) return void problem(res, 422, 'The payment has no events yet');
    const events = mode === 'reverse' ? [...p.events].reverse() : [last, last];
    for (const e of events) delivery.deliver(p, e);
    res.status(202).json({ delivered: events.length });
  });

  // Testing: the consumer's bank reverses a paid payment (chargeback); the payment stays `paid` with amountChargedBack.
  router.post('/v2/testing/payments/:id/chargeback', (req, res) => {
    const p = store.state.payments[req.params.id];
    if (!p) return void problem(res, 404, 'No payment exists with this id');
    if (p.status !== 'paid') return void problem(res, 422, 'Only a paid payment can be charged back');
    p.amountChargedBack = amountOf(minorOf(p.amount) - minorOf(p.amountRefunded), p.amount.currency);
    payments.addEvent(p, 'payment.chargeback');
    res.json(payments.view(p));
  });

  return router;
}
