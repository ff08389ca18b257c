// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { companyInfoKey } from '../../info-pages/index';
import { DeleteAccountForm } from './delete-account-form';
import { settingsAction } from '../../../app/pages/account-settings-pages';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const company = (deleteDiscount: number) => ({
  name: 'Test BV',
  address: 'Straat 1',
  kvk: '1',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: [],
  vat_numbers: [],
  support_phone: '',
  delete_discount: deleteDiscount,
  added: '2024-01-01T00:00:00Z',
});

/** The settings page's loader data: the company details (its deletion discount). */
const pageData = (deleteDiscount: number) => ({ [companyInfoKey()]: company(deleteDiscount) });

function backend(deleteDiscount: number) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
    if (url.pathname === '/api/delete-discount.php')
      return json(200, {
        code: 'STAY-1',
        value_percentage: deleteDiscount,
        status: 'active',
        validity: 'once-per-user',
        expired: false,
        expires: null,
        user_id: 1,
      });
    return json(500, {});
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('DeleteAccountForm', () => {
  it("When the member picks 'too expensive', then the site's delete discount is offered; taking it gives his code and the bundles with it, and deletes nothing", async () => {
    const { fetch, calls } = backend(50);
    renderWithApp(<DeleteAccountForm />, { user: userFixture(), fetch, fallback: pageData(50), path: '/settings', action: settingsAction });
    expect(screen.queryByTestId('delete-discount')).toBeNull();
    fireEvent.click(screen.getByLabelText('It is too expensive'));
    expect((await screen.findByTestId('delete-discount')).textContent).toContain('Stay with us and get 50% off your next purchase.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay and take 50% off' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Your code STAY-1 takes 50% off your next purchase.');
    expect(screen.getByRole('link', { name: 'Buy credits with it' }).getAttribute('href')).toBe('/credits?code=STAY-1');
    expect(calls).toContain('POST /api/delete-discount.php');
    expect(calls).not.toContain('DELETE /api/account.php');
  });

  it('When the site offers no delete discount, then nothing is offered for too expensive', async () => {
    const { fetch, calls } = backend(0);
    renderWithApp(<DeleteAccountForm />, { user: userFixture(), fetch, fallback: pageData(0) });
    fireEvent.click(screen.getByLabelText('It is too expensive'));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByTestId('delete-discount')).toBeNull();
    // The details came with the page: nothing is asked for them.
    expect(calls).toEqual([]);
  });
});
