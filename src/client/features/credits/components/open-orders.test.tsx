// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { creditsLoader, transactionsAction, transactionsLoader } from '../../../app/pages/credits-page';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { CreditsCheckout } from './credits-checkout';
import { PaymentResult } from './payment-result';

afterEach(cleanup);

/** The newcomer's unpaid order: 1,000 credits with his 25 % welcome code, by card, open until 10:00 UTC. */
const ORDER = {
  id: 8,
  status: 'open',
  credits: 1000,
  amount_minor: 10499,
  list_price_minor: 13999,
  discount_minor: 3500,
  currency: 'EUR',
  country: 'NL',
  method: 'creditcard',
  method_name: 'Credit card',
  method_retired: false,
  issuer: null,
  discount_code: 'WELCOME-5',
  package_id: 4,
  created_at: '2026-11-23T09:00:00Z',
  paid_at: null,
  credited: false,
  charged_back: false,
  refunded_minor: 0,
  checkout_url: 'https://psp.test/checkout/tr_8',
  expires_at: '2026-11-23T10:00:00Z',
  expected_at: null,
};
const WELCOME = {
  code: 'WELCOME-5',
  country: null,
  user_id: 5,
  expires: '2026-11-30T09:00:00Z',
  value_percentage: 25,
  currency: null,
  minimum_order_value: null,
  status: 'active',
  validity: 'once-per-user',
  expired: false,
  paymentmethods: [],
};
const listing = (discounted: boolean) => ({
  country: 'NL',
  currency: 'EUR',
  refund_days: 14,
  discount: discounted ? { code: 'WELCOME-5', percentage: 25, methods: null } : null,
  packages: [
    { id: 4, credits: 1000, currency: 'EUR', price_minor: 13999, discounted_price_minor: discounted ? 10499 : null, popular: false },
  ],
  methods: [{ id: 'creditcard', name: 'Credit card', group: 'card', issuers: [] }],
});
const RESERVED =
  'Code WELCOME-5 is reserved for your order #8, which is not paid yet. Complete or cancel that order to use the code for another bundle.';

/**
 * The backend of a member whose order #8 holds his welcome code: the prices with the code are refused as reserved
 * (409 `code_reserved`) until the order is cancelled; records every call with its Idempotency-Key.
 */
function shop(resume?: { status: number; body: unknown }) {
  let cancelled = false;
  const calls: { call: string; key: string | null; body: unknown }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = (async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const call = `${request.method} ${url.pathname}`;
    calls.push({ call, key: request.headers.get('Idempotency-Key'), body: request.method === 'GET' ? null : await request.json() });
    const order = { ...ORDER, ...(cancelled ? { status: 'canceled', checkout_url: null, expires_at: null } : {}) };
    switch (call) {
      case 'POST /api/payment-cancel.php':
        cancelled = true;
        return json({ ...order, status: 'canceled', checkout_url: null, expires_at: null });
      case 'POST /api/payment-resume.php':
        return json(resume?.body ?? {}, resume?.status ?? 500);
      case 'GET /api/discountcode.php':
        return json(WELCOME);
      case 'GET /api/payment.php':
        return json(order);
      case 'GET /api/refund.php':
        return json({ items: [], credits: 0, totals: [] });
      case 'GET /api/transactions.php':
        return json({ balance: 0, paid_user: false, transactions: [order], refunds: [] });
      case 'GET /api/credit-packages.php':
        if (!url.searchParams.has('discount_code')) return json(listing(false));
        if (!cancelled)
          return json({ error: { code: 'code_reserved', message: RESERVED, params: { payment_id: 8, code: 'WELCOME-5' } } }, 409);
        return json(listing(true));
      default:
        return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

const newcomer = { ...userFixture(), paid_user: false, credits: 0 };

describe('an unpaid order on /credits and on its page', () => {
  it('When his welcome discount is held by his unpaid order, then /credits shows the order with Resume and Cancel and says the code is reserved, never used; cancelling gives the discounted price back', async () => {
    const api = shop();
    renderWithApp(<CreditsCheckout packageId={null} method={null} />, {
      user: newcomer,
      fetch: api.fetch,
      url: '/credits',
      path: '/transactions/:id',
      action: transactionsAction,
      loader: creditsLoader,
    });
    const order = await screen.findByTestId('open-order-8');
    expect(order.textContent).toContain('Order #8: 1,000 credits for €104.99 with Credit card. Not paid yet: you can pay it until');
    expect(order.textContent).toContain(
      'Your discount WELCOME-5 is reserved for it. If you cancel the order, or it is not paid by then, the discount is yours to use again.',
    );
    expect(screen.getByTestId('resume-order-8').textContent).toBe('Resume payment');
    expect((await screen.findByTestId('discount-reserved')).textContent).toBe(RESERVED);
    expect(document.body.textContent).not.toMatch(/already used/i);
    expect(screen.getByTestId('package-1000').textContent).toContain('€139.99');

    await act(async () => {
      fireEvent.click(screen.getByTestId('cancel-order-8'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('order-cancelled').textContent).toBe(
        'Order #8 is cancelled. No money was taken. Your discount WELCOME-5 can be used again.',
      ),
    );
    const cancel = api.calls.find((c) => c.call === 'POST /api/payment-cancel.php');
    expect(cancel?.body).toEqual({ payment_id: 8 });
    expect(cancel?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('package-1000').textContent).toContain('€104.99'));
    expect(screen.getByTestId('discount-applied').textContent).toContain('WELCOME-5');
    expect(screen.queryByTestId('open-orders')).toBeNull();
    expect(screen.queryByTestId('discount-reserved')).toBeNull();
  });

  it('When the order can no longer be paid, then "Resume payment" says why on the payment\'s page, in the member\'s language', async () => {
    const message = 'Deze bestelling is verlopen: ze is niet op tijd betaald.';
    const api = shop({ status: 409, body: { error: { code: 'payment_not_open', message, params: { status: 'expired' } } } });
    renderWithApp(<PaymentResult id={8} />, {
      user: newcomer,
      fetch: api.fetch,
      url: '/transactions/8',
      path: '/transactions/:id',
      action: transactionsAction,
      loader: transactionsLoader,
      locale: 'nl',
      messages: nl,
    });
    expect((await screen.findByRole('heading', { name: nl['credits.open.title'] })).textContent).toBe('Nog niet betaald');
    await act(async () => {
      fireEvent.click(screen.getByTestId('resume-order-8'));
    });
    expect((await screen.findByTestId('order-refused')).textContent).toBe(message);
    expect(api.calls.filter((c) => c.call === 'POST /api/payment-resume.php')).toEqual([
      { call: 'POST /api/payment-resume.php', key: null, body: { payment_id: 8 } },
    ]);
  });

  it('When an order is pending at the bank, then its page says so with the date it is expected, and once that date has passed that it takes longer than usual', async () => {
    const pending = {
      ...ORDER,
      status: 'pending',
      method: 'directdebit',
      method_name: 'SEPA Direct Debit',
      checkout_url: null,
      expires_at: null,
      expected_at: '2026-03-11T10:00:00Z',
    };
    const fetch = (async () =>
      new Response(JSON.stringify(pending), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      })) as unknown as typeof globalThis.fetch;
    for (const [renderedAt, text] of [
      [
        '2026-03-09T10:00:00Z',
        'Order #8: 1,000 credits for €104.99 with SEPA Direct Debit. Pending at your bank: the credits are added as soon as your bank confirms the payment, expected by Mar 11, 2026.',
      ],
      [
        '2026-03-12T10:00:00Z',
        'Order #8: 1,000 credits for €104.99 with SEPA Direct Debit. Pending at your bank for longer than usual (expected by Mar 11, 2026): we keep checking and add the credits as soon as your bank confirms the payment.',
      ],
    ] as const) {
      renderWithApp(<PaymentResult id={8} />, {
        user: newcomer,
        fetch,
        url: '/transactions/8',
        site: { renderedAt: Date.parse(renderedAt) },
      });
      const outcome = await screen.findByRole('heading', { name: 'Pending at your bank' });
      expect(outcome.parentElement?.textContent).toContain(text);
      expect(screen.queryByTestId('cancel-order-8')).toBeNull();
      cleanup();
    }
  });

  it('When an order was cancelled or expired, then its page says so plainly, with no money taken and the discount free again', async () => {
    for (const [status, title, body] of [
      ['canceled', 'Order cancelled', 'This order was cancelled before it was paid.'],
      ['expired', 'Order expired', 'This order was not paid in time and has expired.'],
    ] as const) {
      const fetch = (async () =>
        new Response(JSON.stringify({ ...ORDER, status, checkout_url: null, expires_at: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })) as unknown as typeof globalThis.fetch;
      renderWithApp(<PaymentResult id={8} />, { user: newcomer, fetch, url: '/transactions/8' });
      const outcome = await screen.findByRole('heading', { name: title });
      expect(outcome.parentElement?.textContent).toContain(
        `${body} No money was taken and no credits were added. Your discount WELCOME-5 can be used again.`,
      );
      expect(screen.getByTestId('retry-other-method').getAttribute('href')).toBe('/credits/4?code=WELCOME-5');
      expect(screen.queryByTestId('resume-order-8')).toBeNull();
      cleanup();
    }
  });
});
