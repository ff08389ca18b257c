// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logoutAction } from '../../../app/pages/login-page';
import { onLeaving } from '../../../lib/page-exit';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { AccountMenu } from './account-menu';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('logging out from the account menu with JavaScript (the /logout action through the router)', () => {
  it('When the member logs out, then live updates end before the logout call, the page holds its calls, and the home page loads as a new document', async () => {
    const order: string[] = [];
    const off = onLeaving(() => order.push('live updates ended'));
    let release: () => void = () => undefined;
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      order.push(`${request.method} ${new URL(request.url).pathname}`);
      await new Promise<void>((resolve) => (release = resolve));
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const sessionEnded = vi.fn(() => order.push('session ended'));
    const replace = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, assign });
    renderWithApp(<AccountMenu user={userFixture()} cdnPrefix="/media/" />, {
      user: userFixture(),
      fetch: fetch as unknown as typeof globalThis.fetch,
      url: '/members',
      action: logoutAction,
      context: { sessionEnded },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(order).toEqual(['live updates ended', 'GET /api/logout.php']));
    // Busy while the call runs (React commits the router's submitting state after the call has gone out): a second
    // click sends nothing.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log out' }).hasAttribute('disabled')).toBe(true));
    release();
    await waitFor(() => expect([...replace.mock.calls, ...assign.mock.calls]).toEqual([['/']]));
    expect(order).toEqual(['live updates ended', 'GET /api/logout.php', 'session ended']);
    expect(fetch).toHaveBeenCalledTimes(1);
    off();
  });
});
