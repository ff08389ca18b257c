import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { createTestContext, type TestContext } from '../../test/context';
import { balanceOf, completeCheckout, expectBooksBalance, newBuyer, waitForStatus, webhooksSettled } from '../../test/payments';
import { discountMinor } from '../credits/discounts';
import { addBusinessDays, openForMs } from './deadlines';
import { cancelOrder } from './orders';
import { ProviderUnavailable, unavailableProvider, type PaymentProvider } from './provider';
import type { PaymentsDeps } from './service';
import { closeUnpaid, followUpPayments } from './settlement';
import { createHttpProvider } from './simulator-provider';

let ctx: TestContext;
let provider: PaymentProvider;
beforeAll(async () => {
  ctx = await createTestContext({ members: 2 });
  provider = createHttpProvider({ baseUrl: ctx.psp.url, apiKey: ctx.psp.apiKey, webhookSecret: ctx.psp.webhookSecret });
});
afterAll(() => ctx?.close());
afterEach(async () => {
  await webhooksSettled(ctx);
  await expectBooksBalance(ctx);
});

const api = () => request(ctx.app);
const deps = (over: Partial<PaymentsDeps> = {}): PaymentsDeps => ({
  db: ctx.db,
  provider,
  webhookUrl: () => '',
  logger: createLogger('silent'),
  bus: ctx.bus,
  ...over,
});

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

/** A member two days after his signup: past the time bonus, with his own welcome code. */
async function welcomeBuyer(): Promise<Buyer & { code: string }> {
  const buyer = await newBuyer(ctx, 'NL', { signupAgoSeconds: 2 * 86_400 });
  const welcome = await api().get('/api/discountcode.php').query({ welcome: 'true' }).set('cookie', buyer.cookie);
  expect(welcome.status).toBe(200);
  return { ...buyer, code: welcome.body.code as string };
}

async function bundles(cookie: string) {
  const res = await api().get('/api/credit-packages.php').set('cookie', cookie);
  return res.body.packages as { id: number; credits: number; price_minor: number }[];
}

async function checkout(cookie: string, body: Record<string, unknown>) {
  return api().post('/api/payments.php').set('cookie', cookie).set('idempotency-key', randomUUID()).send(body);
}

const pricesWith = (cookie: string, code: string, language = 'en') =>
  api().get('/api/credit-packages.php').query({ discount_code: code }).set('cookie', cookie).set('accept-language', language);
const cancel = (cookie: string, paymentId: number, key: string = randomUUID()) =>
  api().post('/api/payment-cancel.php').set('cookie', cookie).set('idempotency-key', key).send({ payment_id: paymentId });
const resume = (cookie: string, paymentId: number) =>
  api().post('/api/payment-resume.php').set('cookie', cookie).send({ payment_id: paymentId });

async function providerIdOf(paymentId: number): Promise<string> {
  const [row] = await ctx.db.query<{ p: string }>(sql`SELECT provider_payment_id AS p FROM payments WHERE id = ${paymentId}`);
  return row?.p as string;
}

/** The simulator's own copy of the payment (what the provider says), to play what happens there. */
async function atProvider(paymentId: number) {
  const sim = ctx.psp.simulator.payment(await providerIdOf(paymentId));
  if (!sim) throw new Error('no such payment at the provider');
  return sim;
}

/** Time passes beyond the order's deadline (and the follow-up's minute since it last asked). */
async function pastDeadline(paymentId: number): Promise<void> {
  await ctx.db.query(
    sql`UPDATE payments SET expires_at = now() - interval '1 second', updated_at = now() - interval '2 minutes' WHERE id = ${paymentId}`,
  );
}

async function purchases(userId: number): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = ${userId} AND reason = 'purchase'`,
  );
  return row?.n ?? 0;
}

describe('unpaid orders and their discounts', () => {
  it('When an order is placed, then it stays open an hour at a hosted checkout and 16 days by bank transfer; a debit is expected three business days after it became pending', () => {
    const at = new Date('2026-03-06T10:00:00Z'); // a Friday
    expect(openForMs('creditcard')).toBe(3_600_000);
    expect(openForMs('ideal')).toBe(3_600_000);
    expect(openForMs('banktransfer')).toBe(16 * 86_400_000);
    expect(addBusinessDays(at, 3).toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect(addBusinessDays(at, 2).toISOString()).toBe('2026-03-10T10:00:00.000Z');
  });

  it('When a newcomer leaves the checkout of his welcome code unpaid, then the code shows as reserved for that order (never used), and after the deadline the follow-up expires it at the provider and he pays the discounted price again', async () => {
    const buyer = await welcomeBuyer();
    const thousand = (await bundles(buyer.cookie)).find((p) => p.credits === 1000) as { id: number; price_minor: number };
    const discounted = thousand.price_minor - discountMinor(thousand.price_minor, 25);
    const created = await checkout(buyer.cookie, { package_id: thousand.id, method: 'creditcard', discount_code: buyer.code });
    expect(created.status).toBe(201);
    const paymentId = created.body.payment_id as number;
    const open = await api().get('/api/payment.php').query({ id: paymentId }).set('cookie', buyer.cookie);
    expect(open.body).toMatchObject({ status: 'open', amount_minor: discounted, discount_code: buyer.code, expected_at: null });
    expect(Date.parse(open.body.expires_at) - Date.parse(open.body.created_at)).toBe(3_600_000);

    // Back on /credits: the code is his, reserved for the unpaid order — never "already used".
    const reserved = await pricesWith(buyer.cookie, buyer.code);
    expect(reserved.status).toBe(409);
    expect(reserved.body.error).toMatchObject({ code: 'code_reserved', params: { payment_id: paymentId, code: buyer.code } });
    expect(reserved.body.error.message).toBe(
      `Code ${buyer.code} is reserved for your order #${paymentId}, which is not paid yet. Complete or cancel that order to use the code for another bundle.`,
    );
    const stillHis = await api().get('/api/discountcode.php').query({ welcome: 'true' }).set('cookie', buyer.cookie);
    expect(stillHis.body.code).toBe(buyer.code);

    await pastDeadline(paymentId);
    await followUpPayments(deps());
    const expired = await api().get('/api/payment.php').query({ id: paymentId }).set('cookie', buyer.cookie);
    expect(expired.body).toMatchObject({ status: 'expired', credited: false, expires_at: null, checkout_url: null });
    // The provider was asked to cancel it, so nobody can still pay it there.
    expect((await atProvider(paymentId)).status).toBe('canceled');

    const again = await pricesWith(buyer.cookie, buyer.code);
    expect(again.status).toBe(200);
    expect(again.body.packages.find((p: { id: number }) => p.id === thousand.id).discounted_price_minor).toBe(discounted);
    const second = await checkout(buyer.cookie, { package_id: thousand.id, method: 'paypal', discount_code: buyer.code });
    expect(second.status).toBe(201);
    expect(await balanceOf(ctx, buyer.userId)).toBe(0);
  });

  it('When a member cancels his unpaid order, then it is cancelled at the provider and here and the code is his again at once; a repeat changes nothing; anybody else gets 404', async () => {
    const buyer = await newBuyer(ctx, 'NL', { signupAgoSeconds: 600 });
    const other = await newBuyer(ctx, 'NL');
    const [pkg] = await bundles(buyer.cookie);
    const created = await checkout(buyer.cookie, {
      package_id: pkg?.id,
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
      discount_code: 'TIMEBONUS25',
    });
    expect(created.status).toBe(201);
    const paymentId = created.body.payment_id as number;
    expect((await pricesWith(buyer.cookie, 'TIMEBONUS25')).body.error.code).toBe('code_reserved');

    // Someone else's order is not found, as one that does not exist.
    expect((await cancel(other.cookie, paymentId)).status).toBe(404);
    expect((await resume(other.cookie, paymentId)).status).toBe(404);
    expect((await cancel(buyer.cookie, 2_000_000_000)).status).toBe(404);
    expect((await api().get('/api/payment.php').query({ id: paymentId }).set('cookie', buyer.cookie)).body.status).toBe('open');

    const key = randomUUID();
    const cancelled = await cancel(buyer.cookie, paymentId, key);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: paymentId, status: 'canceled', credited: false, checkout_url: null });
    expect((await atProvider(paymentId)).status).toBe('canceled');
    const replayed = await cancel(buyer.cookie, paymentId, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect((await cancel(buyer.cookie, paymentId)).body.status).toBe('canceled');
    const closed = await resume(buyer.cookie, paymentId);
    expect(closed.status).toBe(409);
    expect(closed.body.error).toMatchObject({ code: 'payment_not_open', message: 'This order was cancelled.' });

    const free = await pricesWith(buyer.cookie, 'TIMEBONUS25');
    expect(free.status).toBe(200);
    expect(free.body.packages[0].discounted_price_minor).toBe((pkg?.price_minor ?? 0) - discountMinor(pkg?.price_minor ?? 0, 25));
  });

  it('When a member resumes his unpaid order, then he gets the checkout of that same payment, pays the discounted price once, and the code counts as used only now', async () => {
    const buyer = await welcomeBuyer();
    const [pkg] = await bundles(buyer.cookie);
    const created = await checkout(buyer.cookie, { package_id: pkg?.id, method: 'creditcard', discount_code: buyer.code });
    const paymentId = created.body.payment_id as number;
    const resumed = await resume(buyer.cookie, paymentId);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ payment_id: paymentId, status: 'open', checkout_url: created.body.checkout_url });

    await completeCheckout(resumed.body.checkout_url, 'paid');
    const paid = await waitForStatus(ctx, buyer.cookie, paymentId, 'paid');
    expect(paid.body.amount_minor).toBe((pkg?.price_minor ?? 0) - discountMinor(pkg?.price_minor ?? 0, 25));
    expect(await balanceOf(ctx, buyer.userId)).toBe(pkg?.credits);
    expect(await purchases(buyer.userId)).toBe(1);
    const [use] = await ctx.db.query<{ reserved: boolean }>(sql`SELECT reserved FROM discount_code_uses WHERE payment_id = ${paymentId}`);
    expect(use?.reserved).toBe(false);

    const late = await cancel(buyer.cookie, paymentId);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: 'payment_not_cancelable',
      message: 'This order is already paid and can no longer be cancelled.',
    });
    expect((await resume(buyer.cookie, paymentId)).body.error.code).toBe('payment_not_open');
  });

  it('When two checkouts with one once-per-member code run in parallel, then one reserves it and the other is told it is reserved for that order', async () => {
    const buyer = await welcomeBuyer();
    const [pkg] = await bundles(buyer.cookie);
    const both = await Promise.all(
      ['creditcard', 'paypal'].map((method) => checkout(buyer.cookie, { package_id: pkg?.id, method, discount_code: buyer.code })),
    );
    const won = both.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    const lost = both.find((r) => r.status !== 201);
    expect(lost?.status).toBe(409);
    expect(lost?.body.error).toMatchObject({ code: 'code_reserved', params: { payment_id: won[0]?.body.payment_id } });
    const [uses] = await ctx.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM discount_code_uses WHERE user_id = ${buyer.userId}`,
    );
    expect(uses?.n).toBe(1);
  });

  it('When a payment is paid at the provider after its deadline but before the follow-up asks, then the follow-up credits it exactly once and a late webhook changes nothing', async () => {
    const buyer = await welcomeBuyer();
    const [pkg] = await bundles(buyer.cookie);
    const created = await checkout(buyer.cookie, { package_id: pkg?.id, method: 'creditcard', discount_code: buyer.code });
    const paymentId = created.body.payment_id as number;
    await pastDeadline(paymentId);
    // Paid there at the last second; its webhook has not arrived.
    const sim = await atProvider(paymentId);
    sim.status = 'paid';

    await followUpPayments(deps());
    const paid = await api().get('/api/payment.php').query({ id: paymentId }).set('cookie', buyer.cookie);
    expect(paid.body).toMatchObject({ status: 'paid', credited: true });
    expect(await balanceOf(ctx, buyer.userId)).toBe(pkg?.credits);
    expect((await pricesWith(buyer.cookie, buyer.code)).body.error.code).toBe('code_used');

    // The late webhook, twice: the credits stay granted once.
    sim.events.push({ id: `msg_${randomUUID()}`, type: 'payment.status_changed', status: 'paid', at: new Date().toISOString() });
    const late = await fetch(`${ctx.psp.url}/v2/testing/payments/${sim.id}/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.psp.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'duplicate' }),
    });
    expect(late.status).toBe(202);
    await webhooksSettled(ctx);
    expect(await balanceOf(ctx, buyer.userId)).toBe(pkg?.credits);
    expect(await purchases(buyer.userId)).toBe(1);
  });

  it('When the provider will not cancel an order at its deadline, then it is expired here and its code given back; paid there after all, it is credited once and the code counts as used', async () => {
    const buyer = await welcomeBuyer();
    const [pkg] = await bundles(buyer.cookie);
    const created = await checkout(buyer.cookie, { package_id: pkg?.id, method: 'creditcard', discount_code: buyer.code });
    const paymentId = created.body.payment_id as number;
    (await atProvider(paymentId)).cancelable = false;
    await pastDeadline(paymentId);

    await followUpPayments(deps());
    expect((await api().get('/api/payment.php').query({ id: paymentId }).set('cookie', buyer.cookie)).body.status).toBe('expired');
    expect((await atProvider(paymentId)).status).toBe('open');
    expect((await pricesWith(buyer.cookie, buyer.code)).status).toBe(200);

    // A real payment is never lost: the member paid on the checkout he still had open.
    await completeCheckout(created.body.checkout_url, 'paid');
    const paid = await waitForStatus(ctx, buyer.cookie, paymentId, 'paid');
    expect(paid.body.credited).toBe(true);
    await webhooksSettled(ctx);
    expect(await balanceOf(ctx, buyer.userId)).toBe(pkg?.credits);
    expect(await purchases(buyer.userId)).toBe(1);
    expect((await pricesWith(buyer.cookie, buyer.code)).body.error.code).toBe('code_used');
  });

  it('When the provider cannot be asked, then nothing is closed: a cancel answers 503 and an order past its deadline stays open with its code reserved until the provider answers', async () => {
    const buyer = await welcomeBuyer();
    const [pkg] = await bundles(buyer.cookie);
    const created = await checkout(buyer.cookie, { package_id: pkg?.id, method: 'creditcard', discount_code: buyer.code });
    const paymentId = created.body.payment_id as number;
    await expect(cancelOrder(deps({ provider: unavailableProvider() }), buyer.userId, paymentId)).rejects.toMatchObject({
      status: 503,
      code: 'payment_provider_unavailable',
    });
    // What the follow-up does with an order past its deadline, while the provider is down.
    const order = { id: String(paymentId), providerPaymentId: await providerIdOf(paymentId) };
    await expect(closeUnpaid(deps({ provider: unavailableProvider() }), order, 'expired')).rejects.toBeInstanceOf(ProviderUnavailable);
    expect((await api().get('/api/payment.php').query({ id: paymentId }).set('cookie', buyer.cookie)).body.status).toBe('open');
    expect((await pricesWith(buyer.cookie, buyer.code)).body.error.code).toBe('code_reserved');
    // Once the provider answers again, the order is closed and the code given back.
    await pastDeadline(paymentId);
    await followUpPayments(deps());
    expect((await api().get('/api/payment.php').query({ id: paymentId }).set('cookie', buyer.cookie)).body.status).toBe('expired');
    expect((await pricesWith(buyer.cookie, buyer.code)).status).toBe(200);
  });

  it('When a payment is pending at the bank, then it says when it is expected and cannot be cancelled; the single-use code of another member is reserved, not used', async () => {
    const buyer = await newBuyer(ctx, 'NL');
    const [pkg] = await bundles(buyer.cookie);
    const created = await checkout(buyer.cookie, { package_id: pkg?.id, method: 'banktransfer' });
    const paymentId = created.body.payment_id as number;
    const open = await api().get('/api/payment.php').query({ id: paymentId }).set('cookie', buyer.cookie);
    expect(Date.parse(open.body.expires_at) - Date.parse(open.body.created_at)).toBe(16 * 86_400_000);
    // The member says he transferred the money: pending since Friday morning.
    await ctx.db.query(sql`UPDATE payments SET status = 'pending', pending_since = '2026-03-06T10:00:00Z' WHERE id = ${paymentId}`);
    const pending = await api().get('/api/payment.php').query({ id: paymentId }).set('cookie', buyer.cookie);
    expect(pending.body).toMatchObject({ status: 'pending', expires_at: null, expected_at: '2026-03-10T10:00:00.000Z' });
    const refused = await cancel(buyer.cookie, paymentId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('payment_not_cancelable');
    await ctx.db.query(sql`UPDATE payments SET status = 'open' WHERE id = ${paymentId}`);
    expect((await cancel(buyer.cookie, paymentId)).body.status).toBe('canceled');

    // A single-use code held by one member's unpaid order is reserved for everybody else, never "used".
    const single = `ONCE${randomUUID().slice(0, 8).toUpperCase()}`;
    await ctx.db.query(sql`INSERT INTO discount_codes (code, value_percentage, validity) VALUES (${single}, 10, 'once')`);
    const holder = await newBuyer(ctx, 'NL');
    const held = await checkout(holder.cookie, { package_id: pkg?.id, method: 'paypal', discount_code: single });
    expect(held.status).toBe(201);
    const elsewhere = await pricesWith(buyer.cookie, single, 'nl');
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error).toMatchObject({
      code: 'code_reserved_elsewhere',
      message: 'Deze code is gereserveerd voor een bestelling die nog niet is afgerond. Probeer het later opnieuw.',
    });
    expect((await cancel(holder.cookie, held.body.payment_id)).body.status).toBe('canceled');
    expect((await pricesWith(buyer.cookie, single)).status).toBe(200);
  });
});
