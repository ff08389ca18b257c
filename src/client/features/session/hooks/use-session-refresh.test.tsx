// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLiveStreamOpen } from '../../../lib/live-stream-state';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { useSessionRefresh } from './use-session-refresh';

function Refresher() {
  useSessionRefresh(true);
  return null;
}

const calls: string[] = [];
const fetchUser = (async (input: Request | string | URL) => {
  calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
  return new Response(JSON.stringify({ user: userFixture() }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}) as unknown as typeof fetch;

beforeEach(() => {
  calls.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  setLiveStreamOpen(false);
  vi.useRealTimers();
});

describe('the user poll', () => {
  it('When the live stream is open, then the user is read once after load and not polled again', async () => {
    setLiveStreamOpen(true);
    renderWithApp(<Refresher />, { user: userFixture(), fetch: fetchUser });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000 + 10 * 60_000);
    });
    expect(calls).toEqual(['/api/user.php']);
  });

  it('When the stream is down, then polling is the fallback: every 60 s after the first look', async () => {
    renderWithApp(<Refresher />, { user: userFixture(), fetch: fetchUser });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000 + 2 * 60_000);
    });
    expect(calls).toEqual(['/api/user.php', '/api/user.php', '/api/user.php']);
  });
});
