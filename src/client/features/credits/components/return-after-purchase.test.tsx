// @vitest-environment jsdom
import { act, cleanup, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreditAlert } from '../../../components/credit-alert';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { useChatDraft } from '../../chat/drafts';
import { PaymentResult } from './payment-result';

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
const answering = (body: unknown) =>
  (async (input: Request | string | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return new Response(JSON.stringify(url.pathname === '/api/payment.php' ? body : {}), {
      status: url.pathname === '/api/payment.php' ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as unknown as typeof fetch;

beforeEach(() => window.sessionStorage.clear());
afterEach(cleanup);

describe('back to where you were after buying credits', () => {
  it("When the member buys from a conversation's credit alert, then the paid result leads back to that conversation instead of the member search", async () => {
    renderWithApp(<CreditAlert />, { user: userFixture(), url: '/chats/42' });
    fireEvent.click(screen.getByRole('link', { name: 'Buy credits' }));
    cleanup();
    renderWithApp(<PaymentResult id={8} />, { user: userFixture(), fetch: answering(PAID), url: '/transactions/8' });
    const back = await screen.findByTestId('payment-back');
    expect(back.getAttribute('href')).toBe('/chats/42');
    expect(back.textContent).toBe('Back to your conversation');
    fireEvent.click(back);
    expect(window.sessionStorage.getItem('credits.returnTo')).toBeNull();
  });

  it('When the member bought from the credits page itself, then "Start chatting" leads to the members', async () => {
    renderWithApp(<PaymentResult id={8} />, { user: userFixture(), fetch: answering(PAID), url: '/transactions/8' });
    expect((await screen.findByRole('link', { name: 'Start chatting' })).getAttribute('href')).toBe('/members');
  });

  it('When the member leaves a conversation with an unsent text, then the text is there again when he comes back, and gone once sent', () => {
    const first = renderHook(() => useChatDraft('/conversation.php?conversation=42'));
    act(() => first.result.current[1]('Shall we meet on Friday?'));
    first.unmount();
    const again = renderHook(() => useChatDraft('/conversation.php?conversation=42'));
    expect(again.result.current[0]).toBe('Shall we meet on Friday?');
    expect(renderHook(() => useChatDraft('/conversation.php?conversation=7')).result.current[0]).toBe('');
    act(() => again.result.current[1](''));
    expect(window.sessionStorage.getItem('chat.draft./conversation.php?conversation=42')).toBeNull();
  });
});
