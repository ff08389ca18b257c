import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { profileFixture, userFixture } from '../../src/client/test/fixtures';
import { renderPage } from '../../src/server/render';
import { json, makeApp, startStandIn, type Recorded, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const KEY = '0f8e5a1c-3b2d-4e6f-8a9b-1c2d3e4f5a6b';
const OTHER_KEY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const CHECKOUT = 'https://checkout.psp.test/pay/tr_77';

const bodyOf = (r: Recorded) => JSON.parse(r.body || '{}') as Record<string, unknown>;
const nl = (r: Recorded) => r.headers['accept-language'] === 'nl';
const refusal = (res: ServerResponse, status: number, code: string, message: string, params?: Record<string, unknown>) =>
  json(res, status, { error: { code, message, ...(params ? { params } : {}) } });

/**
 * A backend that keeps its writes once per Idempotency-Key (a repeated key answers the first answer again, and charges,
 * refunds or sends nothing more): `done` counts the work really done per call.
 */
function onceByKey(done: Map<string, number>, call: string, answer: (req: Recorded, n: number) => unknown) {
  const answers = new Map<string, unknown>();
  return (req: Recorded, res: ServerResponse): void => {
    const key = String(req.headers['idempotency-key'] ?? '');
    if (!answers.has(key)) {
      done.set(call, (done.get(call) ?? 0) + 1);
      answers.set(key, answer(req, done.get(call)!));
    }
    json(res, 200, answers.get(key));
  };
}

const listing = {
  country: 'NL',
  currency: 'EUR',
  refund_days: 14,
  discount: null,
  packages: [{ id: 1, credits: 100, currency: 'EUR', price_minor: 1995, discounted_price_minor: null, popular: true }],
  methods: [
    { id: 'ideal', name: 'iDEAL', group: 'bank', issuers: [{ id: 'ideal_TESTNL2A', name: 'Test bank' }] },
    { id: 'directdebit', name: 'Direct debit', group: 'directdebit', issuers: [] },
  ],
};
const quote = {
  items: [
    {
      payment_id: 7,
      credits: 60,
      credits_bought: 100,
      amount_minor: 1197,
      paid_minor: 1995,
      currency: 'EUR',
      method: 'ideal',
      method_name: 'iDEAL',
      refundable: true,
      refundable_until: '2026-12-01T00:00:00Z',
    },
  ],
  credits: 60,
  totals: [{ currency: 'EUR', amount_minor: 1197 }],
};
const sentGift = {
  message: {
    id: 2,
    conversation: 5,
    seq: 2,
    sender: 11,
    mine: true,
    kind: 'gift',
    text: '',
    gift: 'rose',
    photo: null,
    created_at: '2026-01-01T00:00:00Z',
    held: false,
  },
  allowance: {
    message_credits: 2,
    message_length: 1000,
    credits: 20,
    free_messages_left: 0,
    conversations_left: null,
    first_messages_left: null,
    first_messages_per_day: null,
  },
};

/** A member's backend for the money forms: bundles, payments, refunds, direct debit, the swipe game and gifts. */
function moneyBackend(done: Map<string, number>) {
  const payment = onceByKey(done, 'payments', (_r, n) => ({ payment_id: 76 + n, status: 'open', checkout_url: CHECKOUT }));
  const refund = onceByKey(done, 'refunds', () => ({
    refund_id: 3,
    status: 'pending',
    credits: 60,
    amount_minor: 1197,
    currency: 'EUR',
    balance: 0,
  }));
  const debit = onceByKey(done, 'debits', () => ({ payment_id: 90, status: 'pending', checkout_url: null }));
  const gift = onceByKey(done, 'gifts', () => sentGift);
  return startStandIn({
    '/api/user.php': (_req, res) =>
      json(res, 200, { user: { ...userFixture(), paid_user: true }, counts: { unread_messages: 0, new_likes: 0 } }),
    '/api/credit-packages.php': (_req, res) => json(res, 200, listing),
    '/api/payments.php': (req, res) => {
      const body = bodyOf(req);
      if (body.method === 'banktransfer') return json(res, 200, { payment_id: 81, status: 'open', checkout_url: null });
      if (body.method === 'creditcard') return json(res, 200, { payment_id: 82, status: 'open', checkout_url: 'javascript:alert(1)' });
      if (body.issuer === undefined) return refusal(res, 422, 'issuer_required', nl(req) ? 'Kies je bank.' : 'Choose your bank.');
      return payment(req, res);
    },
    '/api/payment.php': (req, res) =>
      json(res, 200, {
        id: Number(new URL(req.url, 'http://x').searchParams.get('id')),
        status: 'open',
        credits: 100,
        amount_minor: 1995,
        list_price_minor: 1995,
        discount_minor: 0,
        currency: 'EUR',
        country: 'NL',
        method: 'ideal',
        method_name: 'iDEAL',
        method_retired: false,
        issuer: 'ideal_TESTNL2A',
        discount_code: null,
        package_id: 1,
        created_at: '2026-01-01T00:00:00Z',
        paid_at: null,
        credited: false,
        charged_back: false,
        refunded_minor: 0,
        checkout_url: CHECKOUT,
      }),
    '/api/transactions.php': (_req, res) => json(res, 200, { balance: 60, paid_user: true, transactions: [], refunds: [] }),
    '/api/refund.php': (req, res) => {
      if (req.method === 'GET') return json(res, 200, quote);
      if (bodyOf(req).payment_id !== 7)
        return refusal(res, 422, 'refund_not_possible', nl(req) ? 'Deze aankoop kan niet worden terugbetaald.' : 'Not refundable.');
      return refund(req, res);
    },
    '/api/directdebit.php': (req, res) => {
      if (String(bodyOf(req).iban).length < 15)
        return refusal(res, 422, 'validation_failed', nl(req) ? 'Dit IBAN klopt niet.' : 'Invalid IBAN.', {
          field_errors: [{ field: 'iban', message: nl(req) ? 'Dit IBAN klopt niet.' : 'Invalid IBAN.' }],
        });
      json(res, 200, { mandate_id: 3, reference: 'MD-0003', mobile: '+31 6 •••• 5678', expires_at: '2026-01-01T00:10:00Z' });
    },
    '/api/directdebit-confirm.php': (req, res) => {
      if (bodyOf(req).code !== '123456')
        return refusal(res, 422, 'code_wrong', nl(req) ? 'Deze code klopt niet.' : 'Wrong code.', { field: 'code' });
      return debit(req, res);
    },
    '/api/swipe-game.php': (_req, res) =>
      json(res, 200, { cards: [profileFixture()], likes_left: 0, likes_per_day: 5, resets_in_seconds: 3600, can_undo: false }),
    '/api/swipe.php': (req, res) => {
      if (req.method === 'DELETE') return json(res, 200, { profile: null });
      const body = bodyOf(req);
      if (body.profile_id === 404) return refusal(res, 404, 'not_found', 'Gone');
      if (body.like === true && body.profile_id === 43)
        return refusal(
          res,
          429,
          'swipe_limit',
          nl(req) ? 'Je hebt je likes van vandaag gebruikt.' : 'You have used your likes for today.',
          { resets_in_seconds: 3600 },
        );
      json(res, 200, { match: false, likes_left: 3, resets_in_seconds: 3600 });
    },
    '/api/conversation.php': (_req, res) =>
      json(res, 200, {
        conversation: 5,
        profile: { ...profileFixture(), last_active: null },
        messages: [],
        older: null,
        partner_read_seq: 0,
        read_seq: 0,
        allowance: sentGift.allowance,
      }),
    '/api/gifts.php': (_req, res) => json(res, 200, { gifts: [{ key: 'rose', credits: 5, image: '/img/gifts/rose.png' }] }),
    '/api/gift.php': (req, res) => {
      if (bodyOf(req).gift === 'teddy') return refusal(res, 402, 'insufficient_credits', 'Not enough credits');
      return gift(req, res);
    },
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The tags `<name …>` of a page that carry every one of `attributes` (in any order, as React writes them). */
const tagsWith = (html: string, name: string, attributes: string[]) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]).filter((tag) => attributes.every((a) => tag.includes(a)));

const post = (target: string, fields: Record<string, string>, cookie = 'auth=0123456789abcdef') =>
  request(app!)
    .post(target)
    .set('Host', 'site.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Origin', 'http://site.test')
    .set('Cookie', cookie)
    .type('form')
    .send(form(fields));

const DUTCH = 'auth=0123456789abcdef; locale=nl';

async function start(): Promise<Map<string, number>> {
  const done = new Map<string, number>();
  standIn = await moneyBackend(done);
  app = makeApp(standIn.url, { render: renderPage });
  return done;
}

describe('the bundles on the server', () => {
  const page = (target: string) =>
    request(app!).get(target).set('Host', 'site.test').set('Cookie', 'auth=0123456789abcdef').set('Accept', 'text/html');
  const wavesOf = (res: { headers: Record<string, unknown> }) =>
    /desc="(\d+) calls in (\d+) waves"/.exec(String(res.headers['server-timing'])) ?? [];

  it('When a member who has paid opens /credits, /premium or /credits/repeat-order, then the bundles come in the one wave of the user call, rendered without JavaScript', async () => {
    await start();
    await page('/credits'); // the site's settings into the cache
    for (const target of ['/credits', '/premium', '/credits/repeat-order']) {
      const res = await page(target);
      expect(res.status).toBe(200);
      const [, , waves] = wavesOf(res);
      expect(Number(waves), target).toBe(1);
      expect(res.text, target).toContain('data-testid="package-100"');
    }
    // A member who has paid has no welcome discount: it is not asked for.
    expect(standIn!.hits('/api/discountcode.php')).toEqual([]);
  });
});

describe('buying a bundle without JavaScript', () => {
  it("When the pay form is posted, then the payment starts with the form's key and the page answers 303 on to the provider's hosted checkout through the payment's page", async () => {
    await start();
    const res = await post('/credits/1/ideal', { issuer: 'ideal_TESTNL2A', country: 'NL', idempotency_key: KEY });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/transactions/77?checkout=1');
    const forward = await request(app!)
      .get(res.headers.location as string)
      .set('Host', 'site.test')
      .set('Cookie', 'auth=0123456789abcdef');
    expect(forward.status).toBe(200);
    expect(tagsWith(forward.text, 'meta', ['http-equiv="refresh"', `content="0;url=${CHECKOUT}"`])).toHaveLength(1);
    expect(forward.text).toContain(`href="${CHECKOUT}"`);
    const started = standIn!.hits('/api/payments.php');
    expect(started).toHaveLength(1);
    expect(bodyOf(started[0]!)).toEqual({ package_id: 1, method: 'ideal', issuer: 'ideal_TESTNL2A', country: 'NL' });
    expect(started[0]!.headers['idempotency-key']).toBe(KEY);
  });

  it('When the same pay form is posted twice, then both posts carry one key and the bundle is charged once (the same checkout both times)', async () => {
    const done = await start();
    const fields = { issuer: 'ideal_TESTNL2A', country: 'NL', idempotency_key: KEY };
    const first = await post('/credits/1/ideal', fields);
    const again = await post('/credits/1/ideal', fields);
    expect([first.status, again.status]).toEqual([303, 303]);
    expect(again.headers.location).toBe(first.headers.location);
    expect(done.get('payments')).toBe(1);
    expect(new Set(standIn!.hits('/api/payments.php').map((r) => r.headers['idempotency-key']))).toEqual(new Set([KEY]));

    // Another attempt (a new key) is another payment.
    await post('/credits/1/ideal', { ...fields, idempotency_key: OTHER_KEY });
    expect(done.get('payments')).toBe(2);
  });

  it('When the backend answers no checkout, or one that is no web address, then the page answers 303 to the payment itself', async () => {
    await start();
    const page = await request(app!).get('/transactions/82').set('Host', 'site.test').set('Cookie', 'auth=0123456789abcdef');
    expect(tagsWith(page.text, 'meta', ['http-equiv="refresh"'])).toEqual([]);
    const transfer = await post('/credits/1/banktransfer', { idempotency_key: KEY });
    expect(transfer.status).toBe(303);
    expect(transfer.headers.location).toBe('/transactions/81');
    const card = await post('/credits/1/creditcard', { idempotency_key: OTHER_KEY });
    expect(card.status).toBe(303);
    expect(card.headers.location).toBe('/transactions/82');
  });

  it("When the backend refuses the payment, then the pay step comes again with its message in Dutch and the form's key kept", async () => {
    await start();
    const res = await post('/credits/1/ideal', { country: 'NL', idempotency_key: KEY }, DUTCH);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Kies je bank.');
    expect(res.text).toContain(`value="${KEY}"`);
    expect(tagsWith(res.text, 'form', ['method="post"', 'action="/credits/1/ideal"'])).toHaveLength(1);
  });

  it('When another site posts the pay form, then no payment starts', async () => {
    await start();
    const res = await request(app!)
      .post('/credits/1/ideal')
      .set('Host', 'site.test')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Cookie', 'auth=0123456789abcdef')
      .type('form')
      .send(form({ issuer: 'ideal_TESTNL2A', idempotency_key: KEY }));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/credits/1/ideal');
    expect(standIn!.hits('/api/payments.php')).toEqual([]);
  });
});

describe('direct debit without JavaScript', () => {
  const details = {
    intent: 'start',
    account_holder: 'Jan Jansen',
    iban: 'NL91ABNA0417164300',
    street: 'Dorpsstraat',
    house_number: '1',
    postcode: '1234 AB',
    city: 'Utrecht',
    mobile: '0612345678',
    consent: 'on',
  };

  it('When the details are posted, then the code is sent and the page answers 303 to the code step (the IBAN never in the address)', async () => {
    await start();
    const res = await post('/directdebit?package=1', details);
    expect(res.status).toBe(303);
    const next = new URL(res.headers.location as string, 'http://site.test');
    expect(next.pathname).toBe('/directdebit');
    expect(Object.fromEntries(next.searchParams)).toEqual({ package: '1', mandate: '3', reference: 'MD-0003', mobile: '+31 6 •••• 5678' });
    expect(res.headers.location).not.toContain('NL91');
    expect(bodyOf(standIn!.hits('/api/directdebit.php')[0]!)).toEqual({
      package_id: 1,
      account_holder: 'Jan Jansen',
      iban: 'NL91ABNA0417164300',
      street: 'Dorpsstraat',
      house_number: '1',
      postcode: '1234 AB',
      city: 'Utrecht',
      mobile: '0612345678',
      consent: true,
    });
  });

  it('When a wrong IBAN is posted, then the form comes again with the error beside the field in Dutch and the details kept', async () => {
    await start();
    const res = await post('/directdebit?package=1', { ...details, iban: 'NL00' }, DUTCH);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Dit IBAN klopt niet.');
    expect(res.text).toContain('value="Jan Jansen"');
    expect(res.text).toMatch(/name="iban"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="iban"/);
  });

  it("When the code is posted twice with the form's key, then the debit is confirmed once and the page answers 303 to the payment; a wrong code comes back in Dutch", async () => {
    const done = await start();
    const step = '/directdebit?package=1&mandate=3&reference=MD-0003';
    const first = await post(step, { intent: 'confirm', mandate_id: '3', code: '123456', idempotency_key: KEY });
    const again = await post(step, { intent: 'confirm', mandate_id: '3', code: '123456', idempotency_key: KEY });
    expect([first.status, again.status]).toEqual([303, 303]);
    expect(first.headers.location).toBe('/transactions/90');
    expect(done.get('debits')).toBe(1);
    expect(standIn!.hits('/api/directdebit-confirm.php').map((r) => r.headers['idempotency-key'])).toEqual([KEY, KEY]);

    const wrong = await post(step, { intent: 'confirm', mandate_id: '3', code: '000000', idempotency_key: OTHER_KEY }, DUTCH);
    expect(wrong.status).toBe(200);
    expect(wrong.text).toContain('Deze code klopt niet.');
    expect(wrong.text).toContain(`value="${OTHER_KEY}"`);
    // The code step again (its form posts to the step's own address), not the details.
    expect(
      tagsWith(wrong.text, 'form', ['method="post"', `action="${step.replaceAll('&', '&amp;')}"`, 'data-testid="direct-debit-code"']),
    ).toHaveLength(1);
  });
});

describe('the refund without JavaScript', () => {
  it('When the refund button is followed, then the page asks first: a confirmation form, and nothing is refunded', async () => {
    await start();
    const res = await request(app!).get('/transactions?refund=7').set('Host', 'site.test').set('Cookie', 'auth=0123456789abcdef');
    expect(res.status).toBe(200);
    expect(tagsWith(res.text, 'form', ['method="post"', 'action="/transactions"', 'data-testid="refund-confirm"'])).toHaveLength(1);
    expect(res.text).toContain('name="payment_id" value="7"');
    expect(standIn!.hits('/api/refund.php').filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("When the confirmation is posted twice with the form's key, then the credits are refunded once and the page answers 303 to the transactions", async () => {
    const done = await start();
    const first = await post('/transactions', { payment_id: '7', idempotency_key: KEY });
    const again = await post('/transactions', { payment_id: '7', idempotency_key: KEY });
    expect([first.status, again.status]).toEqual([303, 303]);
    expect(first.headers.location).toBe('/transactions?refunded=7');
    expect(done.get('refunds')).toBe(1);
    const asked = standIn!.hits('/api/refund.php').filter((r) => r.method === 'POST');
    expect(asked.map((r) => [bodyOf(r), r.headers['idempotency-key']])).toEqual([
      [{ payment_id: 7 }, KEY],
      [{ payment_id: 7 }, KEY],
    ]);
  });

  it('When the backend refuses the refund, then the transactions come again with its message in Dutch', async () => {
    await start();
    const res = await post('/transactions', { payment_id: '8', idempotency_key: KEY }, DUTCH);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Deze aankoop kan niet worden terugbetaald.');
  });

  it('When the page comes back after a refund, then it says so in Dutch', async () => {
    await start();
    const res = await request(app!).get('/transactions?refunded=7').set('Host', 'site.test').set('Cookie', DUTCH);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Je terugbetaling wordt verwerkt');
  });
});

describe('the swipe game without JavaScript', () => {
  it('When a card is liked or passed with its buttons, then the backend swipes it and the page answers 303 back to the game', async () => {
    await start();
    const liked = await post('/swipe-game', { intent: 'like', profile_id: '42' });
    expect(liked.status).toBe(303);
    expect(liked.headers.location).toBe('/swipe-game');
    const passed = await post('/swipe-game', { intent: 'pass', profile_id: '42' });
    expect(passed.status).toBe(303);
    const gone = await post('/swipe-game', { intent: 'pass', profile_id: '404' });
    expect(gone.status).toBe(303);
    expect(standIn!.hits('/api/swipe.php').map(bodyOf)).toEqual([
      { profile_id: 42, like: true },
      { profile_id: 42, like: false },
      { profile_id: 404, like: false },
    ]);
  });

  it("When the day's likes are used, then the game comes again with the backend's message in Dutch and the card's buttons as a form", async () => {
    await start();
    const res = await post('/swipe-game', { intent: 'like', profile_id: '43' }, DUTCH);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Je hebt je likes van vandaag gebruikt.');
    expect(tagsWith(res.text, 'form', ['method="post"', 'action="/swipe-game"'])).toHaveLength(1);
    expect(tagsWith(res.text, 'button', ['type="submit"', 'name="intent"', 'value="pass"'])).toHaveLength(1);
  });
});

describe('a chat gift without JavaScript', () => {
  it("When a gift of the picker is posted, then it is sent once with the form's key (posted twice) and the page answers 303 to the conversation", async () => {
    const done = await start();
    const fields = { text: '', profile_id: '42', gift: 'rose', idempotency_key: KEY };
    const first = await post('/chats/5', fields);
    const again = await post('/chats/5', fields);
    expect([first.status, again.status]).toEqual([303, 303]);
    expect(first.headers.location).toBe('/chats/5#chat-latest');
    expect(done.get('gifts')).toBe(1);
    const sent = standIn!.hits('/api/gift.php');
    expect(sent.map((r) => [bodyOf(r), r.headers['idempotency-key']])).toEqual([
      [{ profile_id: 42, gift: 'rose' }, KEY],
      [{ profile_id: 42, gift: 'rose' }, KEY],
    ]);
    expect(standIn!.hits('/api/message.php')).toEqual([]);
  });

  it('When the picker is opened by its link, then the gifts are buttons of the composer form carrying their keys', async () => {
    await start();
    const res = await request(app!).get('/chats/5?gifts=open').set('Host', 'site.test').set('Cookie', 'auth=0123456789abcdef');
    expect(res.status).toBe(200);
    expect(tagsWith(res.text, 'button', ['type="submit"', 'name="gift"', 'value="rose"'])).toHaveLength(1);
    expect(tagsWith(res.text, 'form', ['method="post"', 'action="/chats/5"'])).toHaveLength(1);
  });

  it('When the member lacks the credits for the gift, then the conversation comes again with the credit alert in Dutch', async () => {
    await start();
    const res = await post('/chats/5', { text: '', profile_id: '42', gift: 'teddy', idempotency_key: KEY }, DUTCH);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="credit-alert"');
    expect(res.text).toContain(`value="${KEY}"`);
  });
});
