// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useNavigate } from 'react-router';
import { DetailsMenu } from './details-menu';

afterEach(cleanup);

/** The page's own navigation (not a click, which would close the menu as a click outside it). */
const page: { go: ReturnType<typeof useNavigate> } = { go: () => undefined };

function Page() {
  const navigate = useNavigate();
  useEffect(() => {
    page.go = navigate;
  }, [navigate]);
  return (
    <DetailsMenu label="Account of Jan" summary="Jan" summaryClassName="nav-icon-link">
      <p>menu items</p>
    </DetailsMenu>
  );
}

function openMenu(): HTMLDetailsElement {
  const details = screen.getByRole('button', { name: 'Account of Jan' }).closest('details') as HTMLDetailsElement;
  details.open = true;
  return details;
}

describe('DetailsMenu', () => {
  it('When the page rewrites its own URL (a replace on the same path), then an open menu stays open', async () => {
    render(
      <MemoryRouter initialEntries={['/members']}>
        <Page />
      </MemoryRouter>,
    );
    const details = openMenu();
    await act(async () => void page.go('/members?min_age=30', { replace: true }));
    expect(details.open).toBe(true);
  });

  it('When the member goes to another search or another page, then the menu closes', async () => {
    render(
      <MemoryRouter initialEntries={['/members']}>
        <Page />
      </MemoryRouter>,
    );
    let details = openMenu();
    await act(async () => void page.go('/members?min_age=40'));
    expect(details.open).toBe(false);
    details = openMenu();
    await act(async () => void page.go('/profile', { replace: true }));
    expect(details.open).toBe(false);
  });
});
