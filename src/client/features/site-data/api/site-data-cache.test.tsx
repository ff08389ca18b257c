// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { useCompanyInfo } from '../../info-pages/api/get-company-info';
import { useInterests } from './get-interests';
import { useRegions } from './get-regions';

afterEach(cleanup);

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function Readers() {
  const interests = useInterests();
  const regions = useRegions('NL');
  const company = useCompanyInfo();
  return <p data-testid="read">{`${interests.data?.length ?? '-'} ${regions.data?.length ?? '-'} ${company.data?.name ?? '-'}`}</p>;
}

/** Pages that come and go (client navigation), each reading the site data again. */
function Pages() {
  const [page, setPage] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setPage((p) => p + 1)}>
        next
      </button>
      <Readers key={page} />
      <Readers key={`${page}-again`} />
    </>
  );
}

describe('site data', () => {
  it('When several components and later pages need interests, regions and company info, then each is loaded once and kept (no reload on focus)', async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/interests.php') return json({ interests: [{ id: 1, key: 'kissing' }] });
      if (url.pathname === '/api/regions.php') return json({ regions: [{ id: 5, country: 'NL', code: 'UT', name: 'Utrecht' }] });
      return json({
        name: 'Test BV',
        address: '',
        kvk: '',
        city: '',
        country: 'NL',
        tradenames: [],
        vat_numbers: [],
        support_phone: '',
        delete_discount: 0,
        added: '2024-01-01T00:00:00Z',
      });
    });
    renderWithApp(<Pages />, { fetch: fetch as unknown as typeof globalThis.fetch });
    await vi.waitFor(() => expect(screen.getAllByTestId('read').map((p) => p.textContent)).toEqual(['1 1 Test BV', '1 1 Test BV']));
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(screen.getAllByTestId('read').map((p) => p.textContent)).toEqual(['1 1 Test BV', '1 1 Test BV']);
    expect(calls.sort()).toEqual(['/api/companyinfo.php', '/api/interests.php', '/api/regions.php?country=NL']);
  });
});
