// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent, lazyRoute, moduleOf, preloadRoutes } from './lazy-route';

function Hello({ who = 'world' }: { who?: string }) {
  return <p>Hello {who}</p>;
}

let reload: ReturnType<typeof vi.fn>;
const realLocation = window.location;
beforeEach(() => {
  window.sessionStorage.clear();
  reload = vi.fn();
  Object.defineProperty(window, 'location', { value: { ...realLocation, reload }, configurable: true });
});
afterEach(() => {
  Object.defineProperty(window, 'location', { value: realLocation, configurable: true });
  vi.useRealTimers();
});

describe('lazy routes', () => {
  it('When a route was preloaded, then it renders whole at once, without a Suspense boundary, with its props', async () => {
    const route = lazyRoute(async () => ({ Hello }), 'Hello', { props: { who: 'Jan' } });
    await preloadRoutes([{ route }]);
    const html = renderToString(<>{route.element}</>);
    expect(html).toBe('<p>Hello <!-- -->Jan</p>');
  });

  it('When a route is not loaded yet, then it shows the spinner until its chunk arrives', () => {
    const route = lazyRoute(() => new Promise<{ Hello: typeof Hello }>(() => undefined), 'Hello');
    const html = renderToString(
      <IntlProvider locale="en" messages={{}}>
        {route.element}
      </IntlProvider>,
    );
    expect(html).toContain('spinner-border');
    expect(html).toContain('Loading…');
  });

  it("When a route names its prefetch, then the prefetch is loaded with the page's module", async () => {
    const prefetchHello = vi.fn(async () => ({ fallback: { k: 1 } }));
    const route = lazyRoute(async () => ({ Hello, prefetchHello }), 'Hello', { prefetch: 'prefetchHello' });
    const result = await route.handle.prefetch?.({} as never);
    expect(result).toEqual({ fallback: { k: 1 } });
    expect(prefetchHello).toHaveBeenCalledTimes(1);
  });

  it('When a chunk fails to load, then the page reloads once, and not again within 60 seconds', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z'), toFake: ['Date'] });
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    await expect(lazyComponent(failing, () => Hello).preload()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-01-01T10:00:59Z'));
    await expect(lazyComponent(failing, () => Hello).preload()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-01-01T10:01:01Z'));
    await expect(lazyComponent(failing, () => Hello).preload()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('When loading failed once, then a later render tries the chunk again', async () => {
    let attempts = 0;
    const flaky = lazyComponent(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('network down');
        return { Hello };
      },
      (m) => m.Hello,
    );
    await expect(flaky.preload()).rejects.toThrow('network down');
    expect(reload).not.toHaveBeenCalled(); // not a chunk error
    await flaky.preload();
    expect(flaky.loaded()).toBe(true);
  });
});

describe('moduleOf', () => {
  it('When a route loads ./pages/x, then its module is src/client/app/pages/x (the Vite manifest key without extension)', () => {
    expect(moduleOf(() => import('./pages/not-found-page'))).toBe('src/client/app/pages/not-found-page');
  });
});
