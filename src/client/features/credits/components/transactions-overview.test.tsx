// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { userFixture } from '../../../test/fixtures';
import { transactionsAction, transactionsLoader } from '../../../app/pages/credits-page';
import { renderWithApp } from '../../../test/render-app';
import { refundStateOf } from './refund-state';
import { TransactionsOverview } from './transactions-overview';

afterEach(cleanup);

const PURCHASE = {
  id: 8,
  status: 'paid',
  credits: 100,
  amount_minor: 1599,
  list_price_minor: 1599,
  discount_minor: 0,
  currency: 'EUR',
  country: 'NL',
  method: 'ideal',
  method_name: 'iDEAL',
  method_retired: false,
  issuer: null,
  discount_code: null,
  package_id: 1,
  created_at: '2026-11-20T09:00:00Z',
  paid_at: '2026-11-20T09:01:00Z',
  credited: true,
  charged_back: false,
  refunded_minor: 0,
  checkout_url: null,
};
const QUOTE_ITEM = {
  payment_id: 8,
  credits: 100,
  credits_bought: 100,
  amount_minor: 1599,
  paid_minor: 1599,
  currency: 'EUR',
  method: 'ideal',
  method_name: 'iDEAL',
  refundable: true,
  refundable_until: '2026-12-04T09:00:00Z',
};

/** A backend with one purchase that refunds it (pending) on POST /refund.php; records the refund requests. */
function backend() {
  const refunds: { key: string | null; body: unknown }[] = [];
  const fetch = (async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const refunded = refunds.length > 0;
    if (path === '/api/refund.php' && request.method === 'POST') {
      refunds.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      return json({ refund_id: 3, status: 'pending', credits: 100, amount_minor: 1599, currency: 'EUR', balance: 0 });
    }
    if (path === '/api/refund.php') return json({ items: refunded ? [] : [QUOTE_ITEM], credits: refunded ? 0 : 100, totals: [] });
    if (path === '/api/transactions.php') {
      return json({
        balance: refunded ? 0 : 100,
        paid_user: true,
        transactions: [PURCHASE],
        refunds: refunded
          ? [
              {
                id: 3,
                payment_id: 8,
                credits: 100,
                amount_minor: 1599,
                currency: 'EUR',
                status: 'pending',
                created_at: '2026-11-23T10:00:00Z',
              },
            ]
          : [],
      });
    }
    if (path === '/api/user.php') return json({ user: userFixture({ credits: refunded ? 0 : 100 }), counts: null });
    return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, refunds };
}

describe('TransactionsOverview refunds', () => {
  it('When the member asks for a refund, then a dialog names the amount and credits first; keeping the credits refunds nothing', async () => {
    const server = backend();
    renderWithApp(<TransactionsOverview />, {
      user: userFixture(),
      fetch: server.fetch,
      url: '/transactions',
      path: '/transactions',
      loader: transactionsLoader,
    });
    fireEvent.click(await screen.findByTestId('refund-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Refund €15.99 for 100 unused credits?' });
    expect(dialog.textContent).toContain('The money goes back through iDEAL.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my credits' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.refunds).toEqual([]);
  });

  it('When the member confirms, then one refund is requested with an Idempotency-Key and the order shows "Refund pending"', async () => {
    const server = backend();
    renderWithApp(<TransactionsOverview />, {
      user: userFixture(),
      fetch: server.fetch,
      url: '/transactions',
      path: '/transactions',
      action: transactionsAction,
      loader: transactionsLoader,
    });
    fireEvent.click(await screen.findByTestId('refund-button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund €15.99' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.refunds).toHaveLength(1);
    expect(server.refunds[0]?.body).toEqual({ payment_id: 8 });
    expect(server.refunds[0]?.key).toMatch(/.{8,}/);
    // The route's action answered 303 to the page with ?refunded=; its loader brought the purchases again.
    expect((await screen.findByTestId('refund-status')).textContent).toBe('Refund pending');
    expect(screen.getByRole('status').textContent).toContain('Your refund is being processed');
  });

  it('When the member reads in Dutch, then the question formats the amount the Dutch way', async () => {
    const server = backend();
    renderWithApp(<TransactionsOverview />, {
      user: userFixture(),
      fetch: server.fetch,
      locale: 'nl',
      messages: nl,
      url: '/transactions',
      path: '/transactions',
      loader: transactionsLoader,
    });
    fireEvent.click(await screen.findByTestId('refund-button'));
    expect(await screen.findByRole('dialog', { name: /^€\s15,99 terugbetalen voor 100 ongebruikte credits\?$/ })).not.toBeNull();
    expect(server.refunds).toEqual([]);
  });

  it('When a purchase has refunds, then its state is the newest that counts: pending, refunded, failed or none', () => {
    const refund = (status: 'pending' | 'refunded' | 'failed', payment_id = 8) => ({
      payment_id,
      status,
      created_at: '2026-11-23T10:00:00Z',
    });
    expect(refundStateOf({ id: 8, refunded_minor: 0 }, [])).toBeNull();
    expect(refundStateOf({ id: 8, refunded_minor: 0 }, [refund('pending', 9)])).toBeNull();
    expect(refundStateOf({ id: 8, refunded_minor: 0 }, [refund('pending')])).toBe('pending');
    expect(refundStateOf({ id: 8, refunded_minor: 1599 }, [refund('refunded')])).toBe('refunded');
    expect(refundStateOf({ id: 8, refunded_minor: 1599 }, [])).toBe('refunded');
    expect(refundStateOf({ id: 8, refunded_minor: 0 }, [refund('failed')])).toBe('failed');
  });
});
