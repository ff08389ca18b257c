import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { createTestContext, type TestContext } from '../../test/context';
import { completeCheckout, expectBooksBalance, newBuyer, waitForStatus, webhooksSettled } from '../../test/payments';
import { discountMinor } from './discounts';

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
let seq = 0;
async function code(fields: {
  validity?: string;
  country?: string;
  currency?: string;
  minimum?: number;
  methods?: string[];
  expiresInDays?: number;
  percentage?: number;
}): Promise<string> {
  seq += 1;
  const name = `TEST${seq}${randomUUID().slice(0, 6).toUpperCase()}`;
  const days = fields.expiresInDays ?? null;
  await ctx.db.query(
    sql`INSERT INTO discount_codes (code, value_percentage, validity, country, currency, minimum_order_value, paymentmethods, expires_at)
     VALUES (${name}, ${fields.percentage ?? 20}, ${fields.validity ?? 'once'}, ${fields.country ?? null}, ${fields.currency ?? null},
             ${fields.minimum ?? null}, ${fields.methods ?? []},
             CASE WHEN ${days}::int IS NULL THEN NULL ELSE now() + make_interval(days => ${days}::int) END)`,
  );
  return name;
}

async function firstPackage(cookie: string) {
  return (await api().get('/api/credit-packages.php').set('cookie', cookie)).body.packages[0] as { id: number; price_minor: number };
}

describe('discount codes at checkout', () => {
  it('When a percentage is taken off, then it is rounded half up to the cent and never takes the whole price', () => {
    expect(discountMinor(1999, 25)).toBe(500);
    expect(discountMinor(1999, 10)).toBe(200);
    expect(discountMinor(4499, 12.5)).toBe(562);
    expect(discountMinor(100, 100)).toBe(99);
  });

  it('When a single-use code is redeemed twice in parallel, then exactly one checkout gets it', async () => {
    const name = await code({ validity: 'once' });
    const a = await newBuyer(ctx, 'NL');
    const b = await newBuyer(ctx, 'NL');
    const pkg = await firstPackage(a.cookie);
    const results = await Promise.all(
      [a, b, a, b].map((m) =>
        api().post('/api/payments.php').set('cookie', m.cookie).send({ package_id: pkg.id, method: 'paypal', discount_code: name }),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    // No payment completed, so nobody is told it was used: the winner's other checkout hears that his unpaid order
    // reserves it, the other member that an unfinished order does.
    const winner = [a, b, a, b][results.indexOf(won[0] as (typeof results)[number])];
    for (const [i, r] of results.entries()) {
      if (r.status === 201) continue;
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe([a, b, a, b][i] === winner ? 'code_reserved' : 'code_reserved_elsewhere');
    }
  });

  it('When the payment with a code is open, then the code is reserved for it; failed, the code is free again; once paid it stays used ("Code reeds gebruikt")', async () => {
    const name = await code({ validity: 'once-per-user' });
    const m = await newBuyer(ctx, 'NL');
    const pkg = await firstPackage(m.cookie);
    const first = await api()
      .post('/api/payments.php')
      .set('cookie', m.cookie)
      .send({ package_id: pkg.id, method: 'creditcard', discount_code: name });
    expect(first.status).toBe(201);
    const busy = await api()
      .get('/api/credit-packages.php')
      .query({ discount_code: name })
      .set('cookie', m.cookie)
      .set('accept-language', 'nl');
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toBe(
      `Code ${name} is gereserveerd voor je bestelling #${first.body.payment_id}, die nog niet betaald is. Rond die bestelling af of annuleer haar om de code voor een ander pakket te gebruiken.`,
    );
    await completeCheckout(first.body.checkout_url, 'failed');
    await waitForStatus(ctx, m.cookie, first.body.payment_id, 'failed');
    const second = await api()
      .post('/api/payments.php')
      .set('cookie', m.cookie)
      .send({ package_id: pkg.id, method: 'creditcard', discount_code: name });
    expect(second.status).toBe(201);
    await completeCheckout(second.body.checkout_url, 'paid');
    const paid = await waitForStatus(ctx, m.cookie, second.body.payment_id, 'paid');
    expect(paid.body.amount_minor).toBe(pkg.price_minor - discountMinor(pkg.price_minor, 20));
    const used = await api()
      .get('/api/credit-packages.php')
      .query({ discount_code: name })
      .set('cookie', m.cookie)
      .set('accept-language', 'nl');
    expect(used.body.error.message).toBe('Code reeds gebruikt');
    expect(
      (
        await api()
          .post('/api/payments.php')
          .set('cookie', m.cookie)
          .send({ package_id: pkg.id, method: 'creditcard', discount_code: name })
      ).body.error.code,
    ).toBe('code_used');
    // Another member may still use a once-per-user code.
    const other = await newBuyer(ctx, 'NL');
    expect(
      (
        await api()
          .post('/api/payments.php')
          .set('cookie', other.cookie)
          .send({ package_id: pkg.id, method: 'creditcard', discount_code: name })
      ).status,
    ).toBe(201);
  });

  it('When a code does not fit the order, then 422 names the rule; unknown codes are "Code niet gevonden"', async () => {
    const m = await newBuyer(ctx, 'NL');
    const pkg = await firstPackage(m.cookie);
    const buy = async (discount: string, method = 'paypal') =>
      api()
        .post('/api/payments.php')
        .set('cookie', m.cookie)
        .set('accept-language', 'nl')
        .send({ package_id: pkg.id, method, discount_code: discount });
    expect((await buy(await code({ country: 'DE' }))).body.error.params.rule).toBe('country');
    expect((await buy(await code({ currency: 'GBP' }))).body.error.params.rule).toBe('currency');
    expect((await buy(await code({ minimum: pkg.price_minor + 1 }))).body.error.params.rule).toBe('minimum_order_value');
    expect((await buy(await code({ methods: ['ideal'] }))).body.error.params.rule).toBe('paymentmethods');
    expect((await buy(await code({ methods: ['paypal'], country: 'NL', currency: 'EUR' }))).status).toBe(201);
    expect((await buy(await code({ expiresInDays: -1 }))).body.error.code).toBe('code_expired');
    const unknown = await buy('NO-SUCH-CODE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Code niet gevonden');
    // A bundle below the minimum keeps its price in the listing; the bigger ones show the discount.
    const name = await code({ minimum: pkg.price_minor + 1 });
    const listed = await api().get('/api/credit-packages.php').query({ discount_code: name }).set('cookie', m.cookie);
    expect(listed.body.packages[0].discounted_price_minor).toBeNull();
    expect(listed.body.packages[1].discounted_price_minor).toBeLessThan(listed.body.packages[1].price_minor);
  });

  it('When a code is valid for some methods only, then the listing names them with the code; a code for every method names none', async () => {
    const m = await newBuyer(ctx, 'NL');
    const limited = await code({ methods: ['ideal', 'creditcard'], validity: 'unlimited' });
    const listed = await api().get('/api/credit-packages.php').query({ discount_code: limited }).set('cookie', m.cookie);
    expect(listed.status).toBe(200);
    expect(listed.body.discount).toEqual({ code: limited, percentage: 20, methods: ['ideal', 'creditcard'] });
    const open = await code({ validity: 'unlimited' });
    expect((await api().get('/api/credit-packages.php').query({ discount_code: open }).set('cookie', m.cookie)).body.discount).toEqual({
      code: open,
      percentage: 20,
      methods: null,
    });
  });

  it('When the time bonus is used after its 4 hours, or by a paid member, then it is refused; inside them it takes 25 % off', async () => {
    const fresh = await newBuyer(ctx, 'NL', { signupAgoSeconds: 600 });
    const late = await newBuyer(ctx, 'NL', { signupAgoSeconds: 5 * 3600 });
    const paid = await newBuyer(ctx, 'NL', { signupAgoSeconds: 600, paid: true });
    const pkg = await firstPackage(fresh.cookie);
    const ok = await api()
      .post('/api/payments.php')
      .set('cookie', fresh.cookie)
      .send({ package_id: pkg.id, method: 'paypal', discount_code: 'TIMEBONUS25' });
    expect(ok.status).toBe(201);
    const payment = await api().get('/api/payment.php').query({ id: ok.body.payment_id }).set('cookie', fresh.cookie);
    expect(payment.body.discount_minor).toBe(discountMinor(pkg.price_minor, 25));
    for (const m of [late, paid]) {
      const res = await api()
        .post('/api/payments.php')
        .set('cookie', m.cookie)
        .send({ package_id: pkg.id, method: 'paypal', discount_code: 'TIMEBONUS25' });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('code_expired');
    }
  });

  it('When a moderator or an admin signs up and asks for his discount, then he has none: no time bonus, no welcome code, and TIMEBONUS25 at checkout is not for him (422 code_not_applicable)', async () => {
    for (const [role, ago] of [
      ['moderator', 600],
      ['admin', 2 * 86_400],
    ] as const) {
      const staff = await newBuyer(ctx, 'NL', { signupAgoSeconds: ago });
      await ctx.db.query(sql`UPDATE users SET role = ${role} WHERE id = ${staff.userId}`);
      expect((await api().get('/api/discountcode.php').query({ welcome: 'true' }).set('cookie', staff.cookie)).status).toBe(404);
      const pkg = await firstPackage(staff.cookie);
      const res = await api()
        .post('/api/payments.php')
        .set('cookie', staff.cookie)
        .send({ package_id: pkg.id, method: 'paypal', discount_code: 'TIMEBONUS25' });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('code_not_applicable');
      const [codes] = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM discount_codes WHERE user_id = ${staff.userId}`);
      expect(codes?.n).toBe(0);
    }
  });

  it('When the time bonus is over, then an unpaid member gets his own 25 % welcome code until 7 days after signup, usable at checkout once', async () => {
    const inBonus = await newBuyer(ctx, 'NL', { signupAgoSeconds: 600 });
    expect((await api().get('/api/discountcode.php').query({ welcome: 'true' }).set('cookie', inBonus.cookie)).body.code).toBe(
      'TIMEBONUS25',
    );
    const after = await newBuyer(ctx, 'NL', { signupAgoSeconds: 2 * 86_400 });
    const welcome = await api().get('/api/discountcode.php').query({ welcome: 'true' }).set('cookie', after.cookie);
    expect(welcome.status).toBe(200);
    expect(welcome.body).toMatchObject({
      code: `WELCOME-${after.userId}`,
      value_percentage: 25,
      validity: 'once-per-user',
      expired: false,
    });
    const pkg = await firstPackage(after.cookie);
    const listed = await api().get('/api/credit-packages.php').query({ discount_code: welcome.body.code }).set('cookie', after.cookie);
    expect(listed.body.packages[0].discounted_price_minor).toBe(pkg.price_minor - discountMinor(pkg.price_minor, 25));
    // Nobody else can use it.
    const other = await newBuyer(ctx, 'NL', { signupAgoSeconds: 2 * 86_400 });
    expect(
      (
        await api()
          .post('/api/payments.php')
          .set('cookie', other.cookie)
          .send({ package_id: pkg.id, method: 'paypal', discount_code: welcome.body.code })
      ).status,
    ).toBe(404);
    const old = await newBuyer(ctx, 'NL', { signupAgoSeconds: 8 * 86_400 });
    expect((await api().get('/api/discountcode.php').query({ welcome: 'true' }).set('cookie', old.cookie)).status).toBe(404);
  });
});
