// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userFixture } from '../../../test/fixtures';
import { payAction } from '../../../app/pages/credits-page';
import { renderWithApp } from '../../../test/render-app';
import { CreditsCheckout } from './credits-checkout';
import { PaymentResult } from './payment-result';

const METHODS = [
  { id: 'ideal', name: 'iDEAL', group: 'bank', issuers: [] },
  { id: 'creditcard', name: 'Credit card', group: 'card', issuers: [] },
  { id: 'paypal', name: 'PayPal', group: 'wallet', issuers: [] },
];
const LISTING = {
  country: 'NL',
  currency: 'EUR',
  refund_days: 14,
  discount: { code: 'SPRING', percentage: 20, methods: ['ideal', 'creditcard'] },
  packages: [{ id: 3, credits: 500, currency: 'EUR', price_minor: 3599, discounted_price_minor: 2879, popular: false }],
  methods: METHODS,
};

function backend(answers: Record<string, unknown>) {
  const sent: { call: string; body: unknown }[] = [];
  const fetch = async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const call = `${request.method} ${new URL(request.url).pathname}`;
    const text = request.method === 'GET' ? '' : await request.text();
    sent.push({ call, body: text ? JSON.parse(text) : null });
    return new Response(JSON.stringify(answers[call] ?? {}), {
      status: call in answers ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch };
}

afterEach(cleanup);

describe('discount codes that explain themselves', () => {
  it('When a code is valid for iDEAL and card only, then it says so, and under PayPal the full price is shown, explained and paid without the code', async () => {
    const api = backend({
      'GET /api/credit-packages.php': LISTING,
      'POST /api/payments.php': { payment_id: 8, status: 'open', checkout_url: null },
    });
    renderWithApp(<CreditsCheckout packageId={3} method="paypal" />, {
      user: userFixture(),
      fetch: api.fetch,
      url: '/credits/3/paypal?code=SPRING',
      path: '/credits/:id/:paymentmethod',
      action: payAction,
    });
    expect((await screen.findByTestId('discount-applied')).textContent).toContain('Valid with iDEAL and Credit card.');
    expect(screen.getByTestId('code-not-for-method').textContent).toContain(
      'Code SPRING is valid with iDEAL and Credit card only. With PayPal you pay the full price, €35.99.',
    );
    const pay = screen.getByTestId('pay-button');
    expect(pay.textContent).toBe('Pay €35.99');
    await act(async () => {
      fireEvent.click(pay);
    });
    await waitFor(() => expect(api.sent.some((s) => s.call === 'POST /api/payments.php')).toBe(true));
    expect(api.sent.find((s) => s.call === 'POST /api/payments.php')?.body).toEqual({ package_id: 3, method: 'paypal', country: 'NL' });
  });

  it('When the method is one the code allows, then the discounted price is the one shown and the code goes with the payment', async () => {
    const api = backend({
      'GET /api/credit-packages.php': LISTING,
      'POST /api/payments.php': { payment_id: 8, status: 'open', checkout_url: null },
    });
    renderWithApp(<CreditsCheckout packageId={3} method="creditcard" />, {
      user: userFixture(),
      fetch: api.fetch,
      url: '/credits/3/creditcard?code=SPRING',
      path: '/credits/:id/:paymentmethod',
      action: payAction,
    });
    const pay = await screen.findByTestId('pay-button');
    expect(pay.textContent).toBe('Pay €28.79');
    expect(screen.queryByTestId('code-not-for-method')).toBeNull();
    await act(async () => {
      fireEvent.click(pay);
    });
    await waitFor(() =>
      expect(api.sent.find((s) => s.call === 'POST /api/payments.php')?.body).toMatchObject({
        method: 'creditcard',
        discount_code: 'SPRING',
      }),
    );
  });

  it('When the methods are listed, then a method the code does not cover shows its full price and why', async () => {
    const api = backend({ 'GET /api/credit-packages.php': LISTING });
    renderWithApp(<CreditsCheckout packageId={3} method={null} />, {
      user: userFixture(),
      fetch: api.fetch,
      url: '/credits/3?code=SPRING',
    });
    expect((await screen.findByTestId('method-full-price-paypal')).textContent).toBe('€35.99: code SPRING is not valid with this method');
    expect(screen.queryByTestId('method-full-price-ideal')).toBeNull();
  });

  it('When an iDEAL payment with a code failed, then "Try another payment method" keeps the code', async () => {
    const api = backend({
      'GET /api/payment.php': {
        id: 8,
        status: 'failed',
        credits: 500,
        amount_minor: 2879,
        list_price_minor: 3599,
        discount_minor: 720,
        currency: 'EUR',
        country: 'NL',
        method: 'ideal',
        method_name: 'iDEAL',
        method_retired: false,
        issuer: null,
        discount_code: 'SPRING',
        package_id: 3,
        created_at: '2026-11-23T09:00:00Z',
        paid_at: null,
        credited: false,
        charged_back: false,
        refunded_minor: 0,
        checkout_url: null,
      },
    });
    renderWithApp(<PaymentResult id={8} />, { user: userFixture(), fetch: api.fetch, url: '/transactions/8' });
    expect((await screen.findByTestId('retry-other-method')).getAttribute('href')).toBe('/credits/3?code=SPRING');
  });
});
