// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { directDebitAction } from '../../../app/pages/credits-page';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { DirectDebitForm } from './direct-debit-form';

/**
 * The form in the app's page: its steps run the page's route action through the router, and every page loads data (as
 * the app's pages do) before it shows.
 */
const renderForm = (fetch: typeof globalThis.fetch) =>
  renderWithApp(<DirectDebitForm />, {
    user: userFixture(),
    fetch,
    url: '/directdebit?package=7',
    action: directDebitAction,
    loader: async () => ({}),
  });

const PACKAGES = {
  country: 'NL',
  currency: 'EUR',
  refund_days: 14,
  discount: null,
  packages: [{ id: 7, credits: 100, currency: 'EUR', price_minor: 1999, discounted_price_minor: null, popular: false }],
  methods: [],
};
const STARTED = { mandate_id: 55, reference: 'MM-20261123-ABCDEF0123', mobile: '+31 ••• 678', expires_at: '2026-11-23T10:00:00Z' };

/** A fake backend: each "METHOD /path" answers the next of its list (status, body); the bodies sent are recorded. */
function backend(answers: Record<string, [number, unknown][]>) {
  const sent: { call: string; body: unknown }[] = [];
  const fetch = async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const call = `${request.method} ${new URL(request.url).pathname}`;
    const text = request.method === 'GET' ? '' : await request.text();
    sent.push({ call, body: text ? JSON.parse(text) : null });
    const [status, body] = (call === 'GET /api/credit-packages.php' ? [200, PACKAGES] : answers[call]?.shift()) ?? [
      404,
      { error: { code: 'not_found', message: 'Not found.' } },
    ];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch };
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillForm = () => {
  fill('Account holder', 'Jan de Vries');
  fill('IBAN', 'NL91 ABNA 0417 1643 01');
  fill('Street', 'Herengracht');
  fill('House number', '420');
  fill('Postcode', '1017 BZ');
  fill('City', 'Amsterdam');
  fill('Mobile number', '12');
  fireEvent.click(screen.getByRole('checkbox'));
};

beforeEach(() => window.sessionStorage.clear());
afterEach(cleanup);

describe('direct debit form with JavaScript (the page action through the router)', () => {
  it('When the server finds several wrong fields, then all show at once, the first is focused, and what was typed stays (also after a reload of the tab)', async () => {
    const api = backend({
      'POST /api/directdebit.php': [
        [
          422,
          {
            error: {
              code: 'iban_invalid',
              message: 'This IBAN is not valid.',
              params: {
                field: 'iban',
                field_errors: [
                  { field: 'iban', code: 'iban_invalid', message: 'This IBAN is not valid.' },
                  { field: 'mobile', code: 'phone_invalid', message: 'This mobile number is not valid.' },
                ],
              },
            },
          },
        ],
      ],
    });
    const view = renderForm(api.fetch);
    await screen.findByLabelText('IBAN');
    fillForm();
    await act(async () => {
      fireEvent.click(screen.getByTestId('direct-debit-submit'));
    });
    await screen.findByText('This mobile number is not valid.');
    expect(screen.getByText('This IBAN is not valid.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('IBAN'));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Amsterdam');
    // Kept for this tab only, never in the address.
    expect(window.sessionStorage.getItem('directDebit.draft.7')).toContain('NL91 ABNA 0417 1643 01');
    expect(window.localStorage.length).toBe(0);

    view.unmount();
    renderForm(api.fetch);
    await waitFor(() => expect((screen.getByLabelText('IBAN') as HTMLInputElement).value).toBe('NL91 ABNA 0417 1643 01'));
    expect((screen.getByLabelText('Street') as HTMLInputElement).value).toBe('Herengracht');
  });

  it('When the code is used up, then the answer says so, confirming is off, and "Send a new code" gets a new one that can be confirmed', async () => {
    const api = backend({
      'POST /api/directdebit.php': [[201, STARTED]],
      'POST /api/directdebit-confirm.php': [
        [
          422,
          {
            error: {
              code: 'sms_code_attempts_exhausted',
              message: 'This code has been entered wrongly too often and no longer works. Ask for a new code.',
              params: { field: 'code', tries_left: 0, can_resend: true },
            },
          },
        ],
        [201, { payment_id: 9, status: 'pending', checkout_url: null }],
      ],
      'POST /api/directdebit-resend.php': [[200, { ...STARTED, expires_at: '2026-11-23T10:10:00Z' }]],
    });
    renderForm(api.fetch);
    await screen.findByLabelText('IBAN');
    fillForm();
    await act(async () => {
      fireEvent.click(screen.getByTestId('direct-debit-submit'));
    });
    const codeField = await screen.findByLabelText('Code from the SMS');
    fireEvent.change(codeField, { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('direct-debit-confirm'));
    });
    await screen.findByText('This code has been entered wrongly too often and no longer works. Ask for a new code.');
    expect((screen.getByTestId('direct-debit-confirm') as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      fireEvent.click(screen.getByTestId('direct-debit-resend'));
    });
    await screen.findByText('We sent a new code to +31 ••• 678. The previous code no longer works.');
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '654321' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('direct-debit-confirm'));
    });
    await waitFor(() => expect(api.sent.filter((s) => s.call === 'POST /api/directdebit-confirm.php')).toHaveLength(2));
    expect(api.sent.find((s) => s.call === 'POST /api/directdebit-resend.php')?.body).toEqual({ mandate_id: 55 });
    expect(api.sent.at(-1)?.body).toMatchObject({ mandate_id: 55, code: '654321' });
    // Confirmed: nothing of the form is kept.
    await waitFor(() => expect(window.sessionStorage.getItem('directDebit.draft.7')).toBeNull());
  });
});
