// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { PaymentResult } from './payment-result';

afterEach(cleanup);

const PAID = {
  id: 8,
  status: 'paid',
  credits: 100,
  amount_minor: 1999,
  list_price_minor: 1999,
  discount_minor: 0,
  currency: 'EUR',
  country: 'NL',
  method: 'ideal',
  method_name: 'iDEAL',
  method_retired: false,
  issuer: null,
  discount_code: null,
  package_id: 1,
  created_at: '2026-11-23T09:00:00Z',
  paid_at: '2026-11-23T09:01:00Z',
  credited: true,
  charged_back: false,
  refunded_minor: 0,
  checkout_url: null,
};

const refund = (status: 'pending' | 'refunded' | 'failed', payment_id = 8) => ({
  id: 3,
  payment_id,
  credits: 100,
  amount_minor: 1999,
  currency: 'EUR',
  status,
  created_at: '2026-11-23T10:00:00Z',
});

/** A backend that knows payment 8 (as given) and lists it with the given refunds. */
const backend = (payment: typeof PAID, refunds: ReturnType<typeof refund>[]) =>
  (async (input: Request | string | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    const body =
      path === '/api/payment.php'
        ? payment
        : path === '/api/transactions.php'
          ? { balance: 0, paid_user: true, transactions: [payment], refunds }
          : path === '/api/user.php'
            ? { user: userFixture(), counts: null }
            : null;
    return new Response(JSON.stringify(body ?? {}), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;

describe('the transaction detail page (/transactions/{id})', () => {
  it.each([
    ['pending', 'Refund pending', 0],
    ['refunded', 'Refunded', 1999],
    ['failed', 'Refund failed', 0],
  ] as const)('When the purchase has a %s refund, then its status says "%s" as the list does', async (status, label, refunded) => {
    renderWithApp(<PaymentResult id={8} />, {
      user: userFixture(),
      fetch: backend({ ...PAID, refunded_minor: refunded }, [refund(status)]),
      url: '/transactions/8',
    });
    const badge = await screen.findByTestId('refund-status');
    expect(badge.textContent).toBe(label);
    expect(badge.className).toContain(`refund-badge-${status}`);
  });

  it('When nothing of the purchase was refunded (only another one), then no refund state is shown', async () => {
    renderWithApp(<PaymentResult id={8} />, { user: userFixture(), fetch: backend(PAID, [refund('pending', 9)]), url: '/transactions/8' });
    await screen.findByText('Payment completed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('refund-status')).toBeNull();
  });

  it('When the member reads in Dutch, then the refund state is Dutch', async () => {
    renderWithApp(<PaymentResult id={8} />, {
      user: userFixture(),
      fetch: backend(PAID, [refund('pending')]),
      url: '/transactions/8',
      locale: 'nl',
      messages: nl,
    });
    expect((await screen.findByTestId('refund-status')).textContent).toBe(nl['credits.refundState.pending']);
  });
});
