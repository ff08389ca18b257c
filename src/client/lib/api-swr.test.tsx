// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { startTransition, Suspense, useState, type ReactNode } from 'react';
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

const shown = (name: string) => screen.getByTestId(name).textContent;

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
    expect(shown('probe')).toContain('hook:from the loader cache:from the loader');
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
    expect(shown('probe')).toContain('hook:from the loader cache:from the loader');
    expect(fetcher).not.toHaveBeenCalled();
    await act(async () => screen.getByText('reload probe').click());
    expect(await screen.findByText(/hook:from SWR/)).toBeTruthy();
    // Mounted again with the same page data (another component of the page reading the key, say).
    await act(async () => screen.getByText('mount again').click());
    expect(shown('probe')).toContain('hook:from SWR cache:from SWR');
  });

  it("When the route's loader answers again after a form's action, then its answer replaces SWR's at once in every component showing the key, also outside the page's data", async () => {
    const fetcher = vi.fn(async () => 'from SWR');
    let answers = 0;
    const loader = vi.fn(async () => ({ fallback: { [KEY]: answers++ === 0 ? 'first answer' : 'saved answer' } }));
    const view = renderWithApp(
      <>
        <Probe fetcher={fetcher} name="heading" />
        <Probe fetcher={fetcher} name="sidebar" />
        {/* The navigation of the layout: it shows the key but is not in the page's data. */}
        <PageDataContext value={{ fallback: {}, errors: {} }}>
          <Probe fetcher={fetcher} name="navigation" />
        </PageDataContext>
      </>,
      { loader, action: async () => null },
    );
    expect((await screen.findByTestId('heading')).textContent).toContain('hook:first answer cache:first answer');
    expect(shown('navigation')).toContain('hook:first answer');
    // SWR's own answer first, so the loader's next one replaces data SWR holds.
    await act(async () => screen.getByText('reload navigation').click());
    expect(shown('heading')).toContain('hook:from SWR');

    await act(async () => view.router.navigate('/', { formMethod: 'post', formData: new FormData() }));
    expect(loader).toHaveBeenCalledTimes(2);
    for (const name of ['heading', 'sidebar', 'navigation']) expect(shown(name)).toContain('hook:saved answer cache:saved answer');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('When a render that brought a new loader answer is discarded (a transition waiting on another part), then the render that commits still shows it', async () => {
    const fetcher = vi.fn(async () => 'from SWR');
    let release: () => void = () => undefined;
    let released = false;
    const waiting = new Promise<void>((resolve) => {
      release = () => {
        released = true;
        resolve();
      };
    });
    /** Another part of the new page, still loading: React keeps the old page on screen and drops this render. */
    function Slow({ wait }: { wait: boolean }) {
      if (wait && !released) throw waiting;
      return null;
    }
    function Page() {
      const [answer, setAnswer] = useState('first answer');
      return (
        <PageDataContext value={{ fallback: { [KEY]: answer }, errors: {} }}>
          <Probe fetcher={fetcher} name="heading" />
          <Suspense fallback="loading">
            <Slow wait={answer === 'saved answer'} />
          </Suspense>
          <button type="button" onClick={() => startTransition(() => setAnswer('saved answer'))}>
            load again
          </button>
        </PageDataContext>
      );
    }
    renderWithApp(<Page />);
    await act(async () => screen.getByText('reload heading').click());
    expect(shown('heading')).toContain('hook:from SWR');

    await act(async () => screen.getByText('load again').click());
    // The transition's render is not committed: the page still shows SWR's data.
    expect(shown('heading')).toContain('hook:from SWR');
    await act(async () => release());
    expect(shown('heading')).toContain('hook:saved answer cache:saved answer');
  });
});
