// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api-error';
import { useApiSWR } from '../lib/api-swr';
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
