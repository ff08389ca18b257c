// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppBadge } from './app-badge';

function Badge({ loggedIn, count }: { loggedIn: boolean; count: number }) {
  useAppBadge(loggedIn, count);
  return null;
}

afterEach(() => {
  cleanup();
  delete (navigator as unknown as Record<string, unknown>).setAppBadge;
  delete (navigator as unknown as Record<string, unknown>).clearAppBadge;
});

describe('app badge', () => {
  it('When a member has unread messages plus new likes, then the app badge shows their sum; at zero or after logout it is cleared', () => {
    const setAppBadge = vi.fn(async () => undefined);
    const clearAppBadge = vi.fn(async () => undefined);
    Object.assign(navigator, { setAppBadge, clearAppBadge });
    const { rerender } = render(<Badge loggedIn count={3 + 2} />);
    expect(setAppBadge).toHaveBeenLastCalledWith(5);
    rerender(<Badge loggedIn count={0} />);
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
    rerender(<Badge loggedIn count={7} />);
    expect(setAppBadge).toHaveBeenLastCalledWith(7);
    rerender(<Badge loggedIn={false} count={7} />);
    expect(clearAppBadge).toHaveBeenCalledTimes(2);
  });

  it('When the browser has no app badge, then nothing fails', () => {
    expect(() => render(<Badge loggedIn count={4} />)).not.toThrow();
  });
});
