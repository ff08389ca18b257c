import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { completeCheckout, expectBooksBalance, newBuyer, waitForStatus, webhooksSettled } from '../../test/payments';
import { discountMinor } from '../credits/discounts';
import { sql } from '../../lib/db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 2 });
});
afterAll(() => ctx?.close());
afterEach(async () => {
  await webhooksSettled(ctx);
  await expectBooksBalance(ctx);
});

const api = () => request(ctx.app);
const setDeleteDiscount = (percentage: number) =>
  ctx.db.query(sql`UPDATE company_info SET delete_discount = ${percentage} WHERE id = (SELECT company_id FROM sites WHERE is_default)`);

describe('delete discount', () => {
  it("When a member who finds the site too expensive claims the delete discount, then his next purchase costs the company's percentage less, once", async () => {
    await setDeleteDiscount(50);
    const m = await newBuyer(ctx, 'NL', { paid: true });
    const claimed = await api().post('/api/delete-discount.php').set('cookie', m.cookie);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({
      code: `STAY-${m.userId}`,
      value_percentage: 50,
      validity: 'once-per-user',
      status: 'active',
      expired: false,
      user_id: m.userId,
    });
    // Asking again answers the same code.
    expect((await api().post('/api/delete-discount.php').set('cookie', m.cookie)).body.code).toBe(claimed.body.code);

    const listing = await api().get('/api/credit-packages.php').query({ discount_code: claimed.body.code }).set('cookie', m.cookie);
    expect(listing.status).toBe(200);
    const pkg = listing.body.packages[0] as { id: number; price_minor: number; discounted_price_minor: number };
    expect(pkg.discounted_price_minor).toBe(pkg.price_minor - discountMinor(pkg.price_minor, 50));
    const bought = await api()
      .post('/api/payments.php')
      .set('cookie', m.cookie)
      .send({ package_id: pkg.id, method: 'creditcard', discount_code: claimed.body.code });
    expect(bought.status).toBe(201);
    // While that order is unpaid it only reserves the code: still his, never "used".
    const reserved = await api().post('/api/delete-discount.php').set('cookie', m.cookie);
    expect(reserved.body).toMatchObject({ code: claimed.body.code, status: 'active' });
    await completeCheckout(bought.body.checkout_url, 'paid');
    const paid = await waitForStatus(ctx, m.cookie, bought.body.payment_id, 'paid');
    expect(paid.body.amount_minor).toBe(pkg.price_minor - discountMinor(pkg.price_minor, 50));
    // Used: claiming it again is 409, and it discounts nothing more.
    const again = await api().post('/api/delete-discount.php').set('cookie', m.cookie).set('accept-language', 'nl');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'code_used', message: 'Code reeds gebruikt' });
  });

  it('When another member or a visitor tries the code, or the site offers no delete discount, then it is refused', async () => {
    await setDeleteDiscount(50);
    const owner = await newBuyer(ctx, 'NL');
    const { code } = (await api().post('/api/delete-discount.php').set('cookie', owner.cookie)).body as { code: string };
    const other = await newBuyer(ctx, 'NL');
    const stranger = await api().get('/api/credit-packages.php').query({ discount_code: code }).set('cookie', other.cookie);
    expect(stranger.status).toBe(404);
    expect((await api().post('/api/delete-discount.php')).status).toBe(403);
    await setDeleteDiscount(0);
    const none = await newBuyer(ctx, 'NL');
    const refused = await api().post('/api/delete-discount.php').set('cookie', none.cookie);
    expect(refused.status).toBe(404);
    expect(await ctx.db.query(sql`SELECT 1 FROM discount_codes WHERE code = ${`STAY-${none.userId}`}`)).toEqual([]);
    await setDeleteDiscount(50);
  });
});
