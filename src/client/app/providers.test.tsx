// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api-error';
import { useApiSWR } from '../lib/api-swr';
import { userFixture } from '../test/fixtures';
import { renderWithApp } from '../test/render-app';

function Probe({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data, error } = useApiSWR('probe-key', fetcher);
  return <p>{error ? 'failed' : (data ?? 'loading')}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('one retry layer', () => {
  it('When a call fails with 503 in the browser, then SWR does not ask again (the BFF already retried where it was safe)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetcher = vi.fn(async () => {
      throw new ApiRequestError(503, { error: { code: 'busy', message: 'busy' } });
    });
    renderWithApp(<Probe fetcher={fetcher} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByText('failed')).toBeTruthy();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

describe('logged out on a 403', () => {
  it('When any call in the browser answers 403 with authentication_required, then the member is logged out; another 403 keeps him', async () => {
    const forbidden = vi.fn(async () => {
      throw new ApiRequestError(403, { error: { code: 'forbidden', message: 'No' } });
    });
    const { store } = renderWithApp(<Probe fetcher={forbidden} />, { user: userFixture() });
    await screen.findByText('failed');
    expect(store.getState().session.user).not.toBeNull();
    cleanup();
    const loggedOut = vi.fn(async () => {
      throw new ApiRequestError(403, { error: { code: 'authentication_required', message: 'Log in' }, authentication_required: true });
    });
    const second = renderWithApp(<Probe fetcher={loggedOut} />, { user: userFixture(), counts: { unread_messages: 2, new_likes: 1 } });
    await screen.findByText('failed');
    expect(second.store.getState().session).toEqual({ user: null, counts: null });
  });
});
