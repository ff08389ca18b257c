import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { balanceOf, completeCheckout, expectBooksBalance, newBuyer, waitForStatus, webhooksSettled } from '../../test/payments';
import { spendCredits } from '../credits/spend';
import { WEBHOOK_PATH } from './service';
import { followUpPayments } from './settlement';
import { sql } from '../../lib/db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 3 });
});
afterAll(() => ctx?.close());
afterEach(async () => {
  await webhooksSettled(ctx);
  await expectBooksBalance(ctx);
});

const api = () => request(ctx.app);

async function buy(cookie: string, body: Record<string, unknown>, key = randomUUID()) {
  return api().post('/api/payments.php').set('cookie', cookie).set('idempotency-key', key).send(body);
}

async function nlPackage(cookie?: string): Promise<{ id: number; credits: number; price_minor: number }> {
  const res = await (cookie
    ? api().get('/api/credit-packages.php').set('cookie', cookie)
    : api().get('/api/credit-packages.php').query({ country: 'NL' }));
  expect(res.status).toBe(200);
  return res.body.packages[0];
}

describe('credit bundles and methods', () => {
  it('When a visitor looks at bundles per country, then prices are in the country currency and only methods that work there are offered', async () => {
    const nl = await api().get('/api/credit-packages.php').query({ country: 'NL' });
    expect(nl.body.currency).toBe('EUR');
    expect(nl.body.packages.map((p: { credits: number }) => p.credits)).toEqual([100, 250, 500, 1000]);
    const nlMethods = nl.body.methods.map((m: { id: string }) => m.id);
    expect(nlMethods).toEqual(expect.arrayContaining(['ideal', 'creditcard', 'visa', 'mastercard', 'paypal', 'directdebit']));
    expect(nlMethods).not.toContain('blik');
    expect(nl.body.methods.find((m: { id: string }) => m.id === 'ideal').issuers.length).toBeGreaterThan(3);
    const pl = await api().get('/api/credit-packages.php').query({ country: 'PL' });
    expect(pl.body.currency).toBe('PLN');
    expect(pl.body.methods.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining(['blik', 'przelewy24']));
    const ch = await api().get('/api/credit-packages.php').query({ country: 'CH' });
    expect(ch.body.currency).toBe('CHF');
    expect(ch.body.methods.map((m: { id: string }) => m.id)).toContain('twint');
    for (const country of ['DE', 'AT', 'NL', 'BE']) {
      const res = await api().get('/api/credit-packages.php').query({ country });
      const ids = res.body.methods.map((m: { id: string }) => m.id);
      expect(ids).not.toContain('giropay');
      expect(ids).not.toContain('sofort');
    }
    const bad = await api().get('/api/credit-packages.php').query({ country: 'JP' });
    expect(bad.status).toBe(400);
  });
});

describe('buying credits', () => {
  it('When a free member pays with iDEAL, then credits arrive only through the verified webhook, as a paid lot, and he becomes premium', async () => {
    const { userId, cookie } = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(cookie);
    const missing = await buy(cookie, { package_id: pkg.id, method: 'ideal' });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('issuer_required');
    const created = await buy(cookie, { package_id: pkg.id, method: 'ideal', issuer: 'ideal_INGBNL2A' });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('open');
    expect(created.body.checkout_url).toMatch(/\/checkout\/tr_/);
    // Coming back to the site before paying (the browser's return) changes nothing.
    const early = await api().get('/api/payment.php').query({ id: created.body.payment_id }).set('cookie', cookie);
    expect(early.body).toMatchObject({ status: 'open', credited: false });
    expect(await balanceOf(ctx, userId)).toBe(0);

    const back = await completeCheckout(created.body.checkout_url, 'paid');
    expect(back).toMatch(new RegExp(`/transactions/${created.body.payment_id}$`));
    const paid = await waitForStatus(ctx, cookie, created.body.payment_id, 'paid');
    expect(paid.body).toMatchObject({
      credited: true,
      credits: pkg.credits,
      amount_minor: pkg.price_minor,
      currency: 'EUR',
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
    });
    expect(await balanceOf(ctx, userId)).toBe(pkg.credits);
    const [user] = await ctx.db.query<{ paid_user: boolean }>(sql`SELECT paid_user FROM users WHERE id = ${userId}`);
    expect(user?.paid_user).toBe(true);
    const list = await api().get('/api/transactions.php').set('cookie', cookie);
    expect(list.body).toMatchObject({ balance: pkg.credits, paid_user: true });
    expect(list.body.transactions[0]).toMatchObject({ id: created.body.payment_id, status: 'paid' });
    // Somebody else's payment is not found (no enumeration).
    const other = await newBuyer(ctx, 'NL');
    expect((await api().get('/api/payment.php').query({ id: created.body.payment_id }).set('cookie', other.cookie)).status).toBe(404);
  });

  it('When a payment fails, then no credits are added and the member can retry with another method', async () => {
    const { userId, cookie } = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(cookie);
    const first = await buy(cookie, { package_id: pkg.id, method: 'creditcard' });
    await completeCheckout(first.body.checkout_url, 'failed');
    await waitForStatus(ctx, cookie, first.body.payment_id, 'failed');
    expect(await balanceOf(ctx, userId)).toBe(0);
    const second = await buy(cookie, { package_id: pkg.id, method: 'paypal' });
    await completeCheckout(second.body.checkout_url, 'canceled');
    await waitForStatus(ctx, cookie, second.body.payment_id, 'canceled');
    const third = await buy(cookie, { package_id: pkg.id, method: 'ideal', issuer: 'ideal_RABONL2U' });
    await completeCheckout(third.body.checkout_url, 'paid');
    await waitForStatus(ctx, cookie, third.body.payment_id, 'paid');
    expect(await balanceOf(ctx, userId)).toBe(pkg.credits);
  });

  it('When the same Idempotency-Key is sent twice, then one payment; a method that does not work in the country is refused', async () => {
    const { cookie } = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(cookie);
    const key = randomUUID();
    const a = await buy(cookie, { package_id: pkg.id, method: 'paypal' }, key);
    const b = await buy(cookie, { package_id: pkg.id, method: 'paypal' }, key);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body.payment_id).toBe(a.body.payment_id);
    const blik = await buy(cookie, { package_id: pkg.id, method: 'blik' });
    expect(blik.status).toBe(422);
    expect(blik.body.error.code).toBe('method_unavailable');
    const retired = await buy(cookie, { package_id: pkg.id, method: 'sofort' });
    expect(retired.body.error.code).toBe('method_unavailable');
    const visitor = await api().post('/api/payments.php').send({ package_id: pkg.id, method: 'paypal' });
    expect(visitor.status).toBe(403);
  });

  it('When the request forges Host and X-Forwarded-Host, then the checkout still returns to the configured PUBLIC_URL', async () => {
    const { cookie } = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(cookie);
    const created = await api()
      .post('/api/payments.php')
      .set('cookie', cookie)
      .set('idempotency-key', randomUUID())
      .set('host', 'evil.example')
      .set('x-forwarded-host', 'evil.example')
      .set('x-forwarded-proto', 'https')
      .send({ package_id: pkg.id, method: 'ideal', issuer: 'ideal_INGBNL2A' });
    expect(created.status).toBe(201);
    const back = await completeCheckout(created.body.checkout_url, 'canceled');
    expect(back).toBe(`http://localhost:3000/transactions/${created.body.payment_id}`);
    await waitForStatus(ctx, cookie, created.body.payment_id, 'canceled');
  });

  it('When a payment stays pending, then it is pending until the provider settles it', async () => {
    const { userId, cookie } = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(cookie);
    const created = await buy(cookie, { package_id: pkg.id, method: 'banktransfer' });
    await completeCheckout(created.body.checkout_url, 'pending');
    await waitForStatus(ctx, cookie, created.body.payment_id, 'pending');
    expect(await balanceOf(ctx, userId)).toBe(0);
    await waitForStatus(ctx, cookie, created.body.payment_id, 'paid');
    expect(await balanceOf(ctx, userId)).toBe(pkg.credits);
  });
});

describe('the webhook receiver', () => {
  async function paidPayment() {
    const buyer = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(buyer.cookie);
    const created = await buy(buyer.cookie, { package_id: pkg.id, method: 'creditcard' });
    await completeCheckout(created.body.checkout_url, 'paid');
    await waitForStatus(ctx, buyer.cookie, created.body.payment_id, 'paid');
    const [row] = await ctx.db.query<{ provider_payment_id: string }>(
      sql`SELECT provider_payment_id FROM payments WHERE id = ${created.body.payment_id}`,
    );
    return {
      ...buyer,
      pkg,
      paymentId: created.body.payment_id as number,
      providerId: (row as { provider_payment_id: string }).provider_payment_id,
    };
  }

  it('When the provider delivers a webhook twice or all events out of order, then the credits are granted once', async () => {
    const { userId, pkg, providerId } = await paidPayment();
    for (const mode of ['duplicate', 'reverse']) {
      const res = await fetch(`${ctx.psp.url}/v2/testing/payments/${providerId}/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.psp.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      });
      expect(res.status).toBe(202);
      await webhooksSettled(ctx);
    }
    expect(await balanceOf(ctx, userId)).toBe(pkg.credits);
    const [n] = await ctx.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = ${userId} AND reason = 'purchase'`,
    );
    expect(n?.n).toBe(1);
  });

  it('When a webhook is forged, tampered with or too old, then 401 and nothing changes', async () => {
    const { userId, cookie } = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(cookie);
    const created = await buy(cookie, { package_id: pkg.id, method: 'creditcard' });
    const [row] = await ctx.db.query<{ provider_payment_id: string }>(
      sql`SELECT provider_payment_id FROM payments WHERE id = ${created.body.payment_id}`,
    );
    const body = JSON.stringify({
      type: 'payment.status_changed',
      timestamp: new Date().toISOString(),
      data: { id: row?.provider_payment_id, status: 'paid' },
    });
    const send = (headers: Record<string, string>, payload = body) =>
      api().post(WEBHOOK_PATH).set('content-type', 'application/json').set(headers).send(payload);
    const signed = (secret: string, at: Date, payload = body) => {
      const id = `msg_${randomUUID()}`;
      return {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(id, at, payload),
      };
    };
    const forged = await send(signed(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, new Date()));
    expect(forged.status).toBe(401);
    const good = signed(ctx.psp.webhookSecret, new Date());
    expect((await send(good, body.replace('status_changed', 'status_changed '))).status).toBe(401);
    expect((await send(signed(ctx.psp.webhookSecret, new Date(Date.now() - 6 * 60_000)))).status).toBe(401);
    expect((await send({})).status).toBe(401);
    // A correctly signed event still changes nothing by itself: the payment is fetched and it is open.
    expect((await send(good)).status).toBe(200);
    const after = await api().get('/api/payment.php').query({ id: created.body.payment_id }).set('cookie', cookie);
    expect(after.body.status).toBe('open');
    expect(await balanceOf(ctx, userId)).toBe(0);
  });

  it('When a webhook was lost, then the follow-up job fetches the payment and settles it', async () => {
    const { userId, cookie } = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(cookie);
    const created = await buy(cookie, { package_id: pkg.id, method: 'creditcard' });
    const [row] = await ctx.db.query<{ provider_payment_id: string }>(
      sql`SELECT provider_payment_id FROM payments WHERE id = ${created.body.payment_id}`,
    );
    // The provider marks it paid, but the webhook never reaches us.
    const sim = ctx.psp.simulator.payment(row?.provider_payment_id as string);
    if (!sim) throw new Error('no such payment in the simulator');
    sim.status = 'paid';
    await ctx.db.query(sql`UPDATE payments SET updated_at = now() - interval '2 minutes' WHERE id = ${created.body.payment_id}`);
    const result = await followUpPayments({
      db: ctx.db,
      provider: (await import('./simulator-provider')).createHttpProvider({
        baseUrl: ctx.psp.url,
        apiKey: ctx.psp.apiKey,
        webhookSecret: ctx.psp.webhookSecret,
      }),
      webhookUrl: () => '',
      logger: (await import('../../lib/logger')).createLogger('silent'),
    });
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(ctx, userId)).toBe(pkg.credits);
  });

  it('When a paid payment is charged back, then its unused credits are taken back and, as some were spent, the member is blocked for direct debit', async () => {
    const { userId, pkg, providerId } = await paidPayment();
    await spendCredits(ctx.db, { userId, credits: 30, reason: 'message' });
    const res = await fetch(`${ctx.psp.url}/v2/testing/payments/${providerId}/chargeback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.psp.apiKey}` },
    });
    expect(res.status).toBe(200);
    await webhooksSettled(ctx);
    expect(await balanceOf(ctx, userId)).toBe(0);
    const [block] = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM direct_debit_blocks WHERE user_id = ${userId}`);
    expect(block?.n).toBe(1);
    const [ledger] = await ctx.db.query<{ delta: number }>(
      sql`SELECT delta FROM credit_ledger WHERE user_id = ${userId} AND reason = 'chargeback'`,
    );
    expect(ledger?.delta).toBe(-(pkg.credits - 30));
  });
});

describe('refunds', () => {
  it('When a member refunds a purchase he partly used, then the quote shows remaining × unit price first and the refund takes exactly that, through the original payment', async () => {
    const buyer = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(buyer.cookie);
    const created = await buy(buyer.cookie, { package_id: pkg.id, method: 'creditcard' });
    await completeCheckout(created.body.checkout_url, 'paid');
    await waitForStatus(ctx, buyer.cookie, created.body.payment_id, 'paid');
    await spendCredits(ctx.db, { userId: buyer.userId, credits: 30, reason: 'message' });
    const quote = await api().get('/api/refund.php').set('cookie', buyer.cookie);
    expect(quote.status).toBe(200);
    const expected = Math.floor(((pkg.credits - 30) * pkg.price_minor) / pkg.credits);
    expect(quote.body.items).toEqual([
      expect.objectContaining({ payment_id: created.body.payment_id, credits: pkg.credits - 30, amount_minor: expected, refundable: true }),
    ]);
    const key = randomUUID();
    const refund = await api()
      .post('/api/refund.php')
      .set('cookie', buyer.cookie)
      .set('idempotency-key', key)
      .send({ payment_id: created.body.payment_id });
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ status: 'refunded', credits: pkg.credits - 30, amount_minor: expected, balance: 0 });
    const again = await api()
      .post('/api/refund.php')
      .set('cookie', buyer.cookie)
      .set('idempotency-key', key)
      .send({ payment_id: created.body.payment_id });
    expect(again.body.refund_id).toBe(refund.body.refund_id);
    const twice = await api().post('/api/refund.php').set('cookie', buyer.cookie).send({ payment_id: created.body.payment_id });
    expect(twice.status).toBe(422);
    expect(twice.body.error.code).toBe('nothing_to_refund');
    const sim = ctx.psp.simulator.payment(
      (await ctx.db.query<{ p: string }>(sql`SELECT provider_payment_id AS p FROM payments WHERE id = ${created.body.payment_id}`))[0]
        ?.p as string,
    );
    expect(sim?.amountRefunded.value).toBe((expected / 100).toFixed(2));
    // Another member cannot refund it.
    const other = await newBuyer(ctx, 'NL');
    expect((await api().post('/api/refund.php').set('cookie', other.cookie).send({ payment_id: created.body.payment_id })).status).toBe(
      404,
    );
  });

  it("When the site's refund_days have passed since the purchase, then it is no longer offered or refunded; inside them it is", async () => {
    const buyer = await newBuyer(ctx, 'NL');
    await ctx.db.query(sql`UPDATE sites SET refund_days = 3 WHERE is_default`);
    try {
      const pkg = await nlPackage(buyer.cookie);
      const created = await buy(buyer.cookie, { package_id: pkg.id, method: 'creditcard' });
      await completeCheckout(created.body.checkout_url, 'paid');
      const paid = await waitForStatus(ctx, buyer.cookie, created.body.payment_id, 'paid');
      const quote = await api().get('/api/refund.php').set('cookie', buyer.cookie);
      const [item] = quote.body.items as { refundable_until: string; refundable: boolean }[];
      expect(item?.refundable).toBe(true);
      // The window ends refund_days (3) after the payment.
      const days = (Date.parse(item?.refundable_until ?? '') - Date.parse(paid.body.paid_at)) / 86_400_000;
      expect(Math.round(days)).toBe(3);
      // Time passes beyond the window: the purchase is no longer refundable, and the credits stay.
      await ctx.db.query(
        sql`UPDATE credit_lots SET refundable_until = now() - interval '1 second' WHERE payment_id = ${created.body.payment_id}`,
      );
      expect((await api().get('/api/refund.php').set('cookie', buyer.cookie)).body.items).toEqual([]);
      const late = await api().post('/api/refund.php').set('cookie', buyer.cookie).send({ payment_id: created.body.payment_id });
      expect(late.status).toBe(422);
      expect(late.body.error.code).toBe('nothing_to_refund');
      expect(await balanceOf(ctx, buyer.userId)).toBe(pkg.credits);
    } finally {
      await ctx.db.query(sql`UPDATE sites SET refund_days = 14 WHERE is_default`);
    }
  });

  it('When the purchase was paid with paysafecard, then the quote says it cannot be refunded and a request keeps the credits', async () => {
    const buyer = await newBuyer(ctx, 'NL');
    const pkg = await nlPackage(buyer.cookie);
    const created = await buy(buyer.cookie, { package_id: pkg.id, method: 'paysafecard' });
    await completeCheckout(created.body.checkout_url, 'paid');
    await waitForStatus(ctx, buyer.cookie, created.body.payment_id, 'paid');
    const quote = await api().get('/api/refund.php').set('cookie', buyer.cookie);
    expect(quote.body.items[0]).toMatchObject({ refundable: false });
    const res = await api().post('/api/refund.php').set('cookie', buyer.cookie).send({ payment_id: created.body.payment_id });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('refund_not_possible');
    expect(await balanceOf(ctx, buyer.userId)).toBe(pkg.credits);
  });
});
