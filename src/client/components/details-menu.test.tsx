// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserRouter, MemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
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

  it("When the member opens the menu after the URL changed but before the next page shows, then the page's arrival leaves it open", async () => {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    window.history.replaceState(null, '', '/login');
    const router = createBrowserRouter([
      {
        element: (
          <>
            <DetailsMenu label="Account of Jan" summary="Jan" summaryClassName="nav-icon-link">
              <p>menu items</p>
            </DetailsMenu>
            <Outlet />
          </>
        ),
        children: [
          { path: '/login', element: <h1>Log in</h1> },
          {
            path: '/members',
            loader: async () => {
              await arrived;
              return null;
            },
            element: <h1>Members</h1>,
          },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Log in' });
    const details = screen.getByRole('button', { name: 'Account of Jan' }).closest('details') as HTMLDetailsElement;

    // The router moves the URL when the loader is done; React shows the page in a later task, outside act.
    const going = router.navigate('/members');
    arrive();
    await going;
    expect(window.location.pathname).toBe('/members');
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull();
    details.open = true;
    details.dispatchEvent(new Event('toggle'));

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Members' })).toBeTruthy());
    expect(details.open).toBe(true);
    router.dispose();
  });
});
