// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { useRegions } from './get-regions';

afterEach(cleanup);

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function Readers() {
  const regions = useRegions('NL');
  return <p data-testid="read">{`${regions.data?.length ?? '-'}`}</p>;
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

// The interest tags and the company details are page data (the loaders of the pages that show them); the regions are
// asked as the member picks a country, and kept.
describe('site data asked in the browser', () => {
  it('When several components and later pages need the regions of a country, then they are loaded once and kept (no reload on focus)', async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      calls.push(`${url.pathname}${url.search}`);
      return json({ regions: [{ id: 5, country: 'NL', code: 'UT', name: 'Utrecht' }] });
    });
    renderWithApp(<Pages />, { fetch: fetch as unknown as typeof globalThis.fetch });
    await vi.waitFor(() => expect(screen.getAllByTestId('read').map((p) => p.textContent)).toEqual(['1', '1']));
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(screen.getAllByTestId('read').map((p) => p.textContent)).toEqual(['1', '1']);
    expect(calls).toEqual(['/api/regions.php?country=NL']);
  });
});
