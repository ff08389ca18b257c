import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { balanceOf, expectBooksBalance, newBuyer, waitForStatus, webhooksSettled } from '../../test/payments';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 3, settleDelayMs: 200 });
});
afterAll(() => ctx?.close());
afterEach(async () => {
  await webhooksSettled(ctx);
  await expectBooksBalance(ctx);
});

const form = (packageId: number) => ({
  package_id: packageId,
  account_holder: 'Jan de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Herengracht',
  house_number: '420',
  postcode: '1017 BZ',
  city: 'Amsterdam',
  mobile: '06 12345678',
  consent: true,
});

async function packages(cookie: string): Promise<{ id: number; credits: number; price_minor: number }[]> {
  return (await request(ctx.app).get('/api/credit-packages.php').set('cookie', cookie)).body.packages;
}

const lastCode = (to: string) => /(\d{6})/.exec([...ctx.sms].reverse().find((m) => m.to === to)?.text ?? '')?.[1] ?? '';

describe('direct debit', () => {
  it('When a member fills in the form and confirms the SMS code, then the mandate is valid and the debit pays the credits once the provider settles it', async () => {
    const { userId, cookie } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    if (!pkg) throw new Error('no bundle');
    const started = await request(ctx.app).post('/api/directdebit.php').set('cookie', cookie).send(form(pkg.id));
    expect(started.status).toBe(201);
    expect(started.body.reference).toMatch(/^MM-\d{8}-[0-9A-F]{10}$/);
    expect(started.body.mobile).toBe('+31 ••• 678');
    const code = lastCode('+31612345678');
    expect(code).toMatch(/^\d{6}$/);
    // The code is stored hashed only.
    const [stored] = await ctx.db.query<{ code_hash: string }>('SELECT code_hash FROM direct_debit_mandates WHERE id = $1', [started.body.mandate_id]);
    expect(stored?.code_hash).not.toContain(code);
    const wrong = await request(ctx.app).post('/api/directdebit-confirm.php').set('cookie', cookie).set('accept-language', 'nl')
      .send({ mandate_id: started.body.mandate_id, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'sms_code_invalid', message: 'Code ongeldig', params: { tries_left: 4 } });
    const key = randomUUID();
    const ok = await request(ctx.app).post('/api/directdebit-confirm.php').set('cookie', cookie).set('idempotency-key', key).send({ mandate_id: started.body.mandate_id, code });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ status: 'pending', checkout_url: null });
    const again = await request(ctx.app).post('/api/directdebit-confirm.php').set('cookie', cookie).set('idempotency-key', key).send({ mandate_id: started.body.mandate_id, code });
    expect(again.body.payment_id).toBe(ok.body.payment_id);
    expect(await balanceOf(ctx, userId)).toBe(0);
    await waitForStatus(ctx, cookie, ok.body.payment_id, 'paid');
    expect(await balanceOf(ctx, userId)).toBe(pkg.credits);
    // The code cannot be used a second time.
    const reused = await request(ctx.app).post('/api/directdebit-confirm.php').set('cookie', cookie).send({ mandate_id: started.body.mandate_id, code });
    expect(reused.body.error.code).toBe('sms_code_invalid');
  });

  it('When the code is wrong five times, then even the right code is refused', async () => {
    const { cookie } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    const started = await request(ctx.app).post('/api/directdebit.php').set('cookie', cookie).send({ ...form(pkg?.id as number), mobile: '+31 6 87654321' });
    const code = lastCode('+31687654321');
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const res = await request(ctx.app).post('/api/directdebit-confirm.php').set('cookie', cookie).send({ mandate_id: started.body.mandate_id, code: wrongCode });
      expect(res.status).toBe(422);
    }
    const right = await request(ctx.app).post('/api/directdebit-confirm.php').set('cookie', cookie).send({ mandate_id: started.body.mandate_id, code });
    expect(right.body.error).toMatchObject({ code: 'sms_code_invalid', params: { tries_left: 0 } });
    // Another member cannot use the mandate at all.
    const other = await newBuyer(ctx, 'NL');
    expect((await request(ctx.app).post('/api/directdebit-confirm.php').set('cookie', other.cookie).send({ mandate_id: started.body.mandate_id, code })).status).toBe(404);
  });

  it('When the IBAN, the mobile number or the consent is wrong, then 422 names the field and nothing is stored', async () => {
    const { cookie, userId } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ iban: 'NL91 ABNA 0417 1643 01' }, 'iban_invalid', 'iban'],
      [{ iban: 'PK36SCBL0000001123456702' }, 'iban_invalid', 'iban'],
      [{ mobile: '12' }, 'phone_invalid', 'mobile'],
      [{ mobile: '020 123 4567' }, 'phone_invalid', 'mobile'],
      [{ consent: false }, 'consent_required', 'consent'],
      [{ city: '   ' }, 'field_required', 'city'],
    ];
    for (const [change, code, field] of cases) {
      const res = await request(ctx.app).post('/api/directdebit.php').set('cookie', cookie).send({ ...form(pkg?.id as number), ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.error).toMatchObject({ code, params: { field } });
    }
    const [n] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM direct_debit_mandates WHERE user_id = $1', [userId]);
    expect(n?.n).toBe(0);
  });

  it('When a new member asks for more than his limit, or a blocked member asks at all, then the limit and blocked messages answer', async () => {
    const fresh = await newBuyer(ctx, 'NL', { signupAgoSeconds: 3600 });
    const all = await packages(fresh.cookie);
    const big = all.find((p) => p.price_minor > 10_000);
    const limited = await request(ctx.app).post('/api/directdebit.php').set('cookie', fresh.cookie).set('accept-language', 'nl').send(form(big?.id as number));
    expect(limited.status).toBe(422);
    expect(limited.body.error).toMatchObject({ code: 'direct_debit_limit', message: 'Uw limiet voor automatische incasso betalingen is bereikt.' });
    const blocked = await newBuyer(ctx, 'NL');
    await ctx.db.query(`INSERT INTO direct_debit_blocks (user_id, reason) VALUES ($1, 'test')`, [blocked.userId]);
    const refused = await request(ctx.app).post('/api/directdebit.php').set('cookie', blocked.cookie).set('accept-language', 'nl').send(form(all[0]?.id as number));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'direct_debit_blocked', message: 'Je account is geblokkeerd voor automatische incasso.' });
    // Outside the euro area direct debit is not offered.
    const swiss = await newBuyer(ctx, 'CH');
    const chf = await packages(swiss.cookie);
    expect((await request(ctx.app).post('/api/directdebit.php').set('cookie', swiss.cookie).send(form(chf[0]?.id as number))).body.error.code).toBe('method_unavailable');
  });

  it('When a paid direct debit is charged back after the credits were spent, then the member is blocked for direct debit', async () => {
    const { userId, cookie } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    const started = await request(ctx.app).post('/api/directdebit.php').set('cookie', cookie).send({ ...form(pkg?.id as number), mobile: '+31 6 11122233' });
    const ok = await request(ctx.app).post('/api/directdebit-confirm.php').set('cookie', cookie).send({ mandate_id: started.body.mandate_id, code: lastCode('+31611122233') });
    await waitForStatus(ctx, cookie, ok.body.payment_id, 'paid');
    const { spendCredits } = await import('../credits/spend');
    await spendCredits(ctx.db, { userId, credits: pkg?.credits as number, reason: 'message' });
    const [row] = await ctx.db.query<{ p: string }>('SELECT provider_payment_id AS p FROM payments WHERE id = $1', [ok.body.payment_id]);
    await fetch(`${ctx.psp.url}/v2/testing/payments/${row?.p}/chargeback`, { method: 'POST', headers: { authorization: `Bearer ${ctx.psp.apiKey}` } });
    await webhooksSettled(ctx);
    const again = await request(ctx.app).post('/api/directdebit.php').set('cookie', cookie).send({ ...form(pkg?.id as number), mobile: '+31 6 11122233' });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('direct_debit_blocked');
  });
});
