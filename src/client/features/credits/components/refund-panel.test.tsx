// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { statementAction } from '../../../app/pages/statement-page';
import { prefetchKey } from '../../../app/route-handle';
import { renderWithApp } from '../../../test/render-app';
import { getRefundQuote, refundQuoteKey } from '../api/refunds';
import { RefundPanel } from './refund-panel';

afterEach(cleanup);

const TOKEN = 'ab12cd34ef56ab12ab12cd34ef56ab12';
const HOLDER = { statement: 12, token: TOKEN };
const ITEM = {
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

describe('RefundPanel for a suspended member without a session', () => {
  it('When he confirms a refund on his statement, then the quote and the refund carry the statement and its token, and no session is asked for', async () => {
    const calls: { method: string; url: URL; body: unknown }[] = [];
    const fetch = (async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      calls.push({ method: request.method, url, body: request.method === 'POST' ? await request.json() : null });
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/refund.php' && request.method === 'POST')
        return json({ refund_id: 3, status: 'pending', credits: 100, amount_minor: 1599, currency: 'EUR', balance: 0 });
      if (url.pathname === '/api/refund.php') return json({ items: calls.length > 2 ? [] : [ITEM], credits: 100, totals: [] });
      return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
    }) as unknown as typeof globalThis.fetch;
    renderWithApp(<RefundPanel page={`/safety/statements/12?token=${TOKEN}`} holder={HOLDER} />, {
      fetch,
      url: `/safety/statements/12?token=${TOKEN}`,
      path: '/safety/statements/:id',
      action: statementAction,
      // The statement page's loader brings a suspended member's quote with the statement (its part of it here).
      loader: async ({ context }) => prefetchKey(refundQuoteKey(HOLDER), () => getRefundQuote(context.api, HOLDER)),
    });

    fireEvent.click(await screen.findByTestId('refund-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Refund €15.99 for 100 unused credits?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund €15.99' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Your refund is being processed; the credits were taken off your balance.'),
    );

    const [quote] = calls;
    expect(quote?.url.searchParams.get('statement')).toBe('12');
    expect(quote?.url.searchParams.get('token')).toBe(TOKEN);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ payment_id: 8, statement: 12, token: TOKEN });
    expect(calls.some((c) => c.url.pathname === '/api/user.php')).toBe(false);
  });
});
