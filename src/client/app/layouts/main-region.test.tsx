// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { MainRegion } from './main-region';

afterEach(cleanup);

describe('MainRegion', () => {
  it('When the member moves to a page whose data is still loading, then <main> is busy and still names the page it shows, and once the page is there it names the new one and is no longer busy', async () => {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<null>((resolve) => (arrive = () => resolve(null)));
    const router = createMemoryRouter(
      [
        {
          element: (
            <MainRegion>
              <Outlet />
            </MainRegion>
          ),
          children: [
            { path: '/members', element: <h1>Members</h1> },
            { path: '/likes', loader: () => arrived, element: <h1>Likes</h1> },
          ],
        },
      ],
      { initialEntries: ['/members?min_age=30'] },
    );
    render(<RouterProvider router={router} />);
    const main = screen.getByRole('main');
    expect(main.getAttribute('data-path')).toBe('/members?min_age=30');
    expect(main.hasAttribute('aria-busy')).toBe(false);

    await act(async () => void router.navigate('/likes'));
    expect(main.getAttribute('aria-busy')).toBe('true');
    expect(main.getAttribute('data-path')).toBe('/members?min_age=30');

    await act(async () => {
      arrive();
      await arrived;
    });
    expect(screen.getByRole('heading').textContent).toBe('Likes');
    expect(main.getAttribute('data-path')).toBe('/likes');
    expect(main.hasAttribute('aria-busy')).toBe(false);
    expect(main.id).toBe('main');
  });
});
