// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SWRConfig, useSWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture } from '../test/fixtures';
import { renderWithApp } from '../test/render-app';
import { createRenderCache, useApiSWR } from './api-swr';
import { PageDataContext } from './page-data';
import { createAppStore, StoreProvider } from './store/store';

const KEY = '/profile.php?id=7';

/** What the SWR hook returns and what SWR's cache holds under the key, and a button that makes SWR load anew. */
function Probe({ fetcher, name = 'probe' }: { fetcher: () => Promise<string>; name?: string }) {
  const { data, mutate } = useApiSWR(KEY, fetcher);
  const { cache } = useSWRConfig();
  return (
    <p data-testid={name}>
      {`hook:${String(data)} cache:${String(cache.get(KEY)?.data)}`}
      <button type="button" onClick={() => void mutate()}>
        {`reload ${name}`}
      </button>
    </p>
  );
}

function page(fallback: Record<string, unknown>, children: ReactNode) {
  const store = createAppStore({
    session: { user: null, counts: null },
    site: { settings: settingsFixture, locale: 'en', browserLanguage: null, pageError: null },
  });
  return (
    <StoreProvider store={store}>
      <PageDataContext value={{ fallback, errors: {} }}>{children}</PageDataContext>
    </StoreProvider>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the loader answer in SWR in the browser', () => {
  it("When the server's page hydrates, then the first render shows the loader's answer from SWR's cache with no mismatch and no call; a later revalidation replaces it", async () => {
    const fetcher = vi.fn(async () => 'from SWR');
    const answer = { [KEY]: 'from the loader' };
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <SWRConfig value={{ provider: createRenderCache }}>{page(answer, <Probe fetcher={fetcher} />)}</SWRConfig>,
    );
    document.body.append(container);
    expect(container.textContent).toContain('hook:from the loader cache:from the loader');
    const mismatches = vi.fn();
    await act(async () => {
      // The browser's cache: SWR's own, one per page (a fresh one here, as each test gets).
      hydrateRoot(container, <SWRConfig value={{ provider: () => new Map() }}>{page(answer, <Probe fetcher={fetcher} />)}</SWRConfig>, {
        onRecoverableError: mismatches,
      });
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect(screen.getByTestId('probe').textContent).toContain('hook:from the loader cache:from the loader');
    expect(fetcher).not.toHaveBeenCalled();

    await act(async () => screen.getByText('reload probe').click());
    expect(await screen.findByText(/hook:from SWR cache:from SWR/)).toBeTruthy();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("When a page opens in the browser, then its first render shows the loader's answer as SWR's data; the same answer again does not put it back over SWR's newer one", async () => {
    const fetcher = vi.fn(async () => 'from SWR');
    function Page() {
      const [count, setCount] = useState(0);
      return (
        <>
          <Probe fetcher={fetcher} key={count} />
          <button type="button" onClick={() => setCount(count + 1)}>
            mount again
          </button>
        </>
      );
    }
    renderWithApp(<Page />, { fallback: { [KEY]: 'from the loader' } });
    expect(screen.getByTestId('probe').textContent).toContain('hook:from the loader cache:from the loader');
    expect(fetcher).not.toHaveBeenCalled();
    await act(async () => screen.getByText('reload probe').click());
    expect(await screen.findByText(/hook:from SWR/)).toBeTruthy();
    // Mounted again with the same page data (another component of the page reading the key, say).
    await act(async () => screen.getByText('mount again').click());
    expect(screen.getByTestId('probe').textContent).toContain('hook:from SWR cache:from SWR');
  });

  it("When the route's loader answers again while the page is shown (after a form's action), then its new answer replaces SWR's in every component showing the key", async () => {
    const fetcher = vi.fn(async () => 'from SWR');
    function Page() {
      const [answer, setAnswer] = useState('first answer');
      return (
        <PageDataContext value={{ fallback: { [KEY]: answer }, errors: {} }}>
          <Probe fetcher={fetcher} name="heading" />
          <Probe fetcher={fetcher} name="sidebar" />
          <button type="button" onClick={() => setAnswer('saved answer')}>
            load again
          </button>
        </PageDataContext>
      );
    }
    renderWithApp(<Page />);
    expect(screen.getByTestId('heading').textContent).toContain('hook:first answer');
    await act(async () => screen.getByText('load again').click());
    expect(screen.getByTestId('heading').textContent).toContain('hook:saved answer cache:saved answer');
    expect(screen.getByTestId('sidebar').textContent).toContain('hook:saved answer');
    expect(fetcher).not.toHaveBeenCalled();
  });
});
