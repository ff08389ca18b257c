// @vitest-environment jsdom
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerInPlace, FETCHER_FIELD } from '../components/router-fetcher';
import { usePageResult } from '../lib/page-data';
import { lazyComponent } from './lazy-component';
import { pageRoute } from './page-route';
import type { PageLoaderArgs, RouteHandle } from './route-handle';
import { routes } from './routes';

function Hello({ who = 'world' }: { who?: string }) {
  const { data } = usePageResult<string>('greeting');
  return (
    <p>
      {data ?? 'Hello'} {who}
    </p>
  );
}

let reload: ReturnType<typeof vi.fn>;
const realLocation = window.location;
beforeEach(() => {
  window.sessionStorage.clear();
  reload = vi.fn();
  Object.defineProperty(window, 'location', { value: { ...realLocation, reload }, configurable: true });
});
afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'location', { value: realLocation, configurable: true });
  vi.useRealTimers();
});

const context = { api: {}, settings: {}, user: Promise.resolve(null), hasSession: false, locale: 'en' };

function memoryRouter(table: RouteObject[], initial = '/') {
  return createMemoryRouter(table, { initialEntries: [initial], getContext: () => context as never });
}

describe('page routes', () => {
  it("When a page route is opened, then the router loads its chunk with the page's loader, and the loader's data reaches the component by its key, with its props", async () => {
    const helloLoader = vi.fn(async ({ params }: PageLoaderArgs) => ({ fallback: { greeting: `Hi ${params.id}` } }));
    const router = memoryRouter(
      [
        {
          path: '/hello/:id',
          ...pageRoute(
            'hello-page',
            async () => ({ Hello, helloLoader }),
            (m) => ({ Component: m.Hello, loader: m.helloLoader, props: { who: 'Jan' } }),
          ),
        },
      ],
      '/hello/7',
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Hi 7 Jan')).toBeTruthy();
    expect(helloLoader).toHaveBeenCalledTimes(1);
  });

  it("When a route's chunk has not arrived yet, then the router stays on the current page until it comes, then shows the page", async () => {
    let arrive: (m: { Hello: typeof Hello }) => void = () => undefined;
    const chunk = new Promise<{ Hello: typeof Hello }>((resolve) => {
      arrive = resolve;
    });
    const router = memoryRouter([
      { path: '/', element: <p>Home</p> },
      {
        path: '/hello',
        ...pageRoute(
          'hello-page',
          () => chunk,
          (m) => ({ Component: m.Hello }),
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Home')).toBeTruthy();
    let navigation: Promise<void> = Promise.resolve();
    act(() => {
      navigation = router.navigate('/hello');
    });
    expect(screen.getByText('Home')).toBeTruthy();
    await act(async () => {
      arrive({ Hello });
      await navigation;
    });
    expect(screen.getByText('Hello world')).toBeTruthy();
  });

  it('When a route chunk fails to load, then the page reloads once, and not again within 60 seconds', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z'), toFake: ['Date'] });
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    const lazy = () => (pageRoute('x', failing, () => ({ Component: Hello })).lazy as () => Promise<unknown>)();
    await expect(lazy()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-01-01T10:00:59Z'));
    await expect(lazy()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-01-01T10:01:01Z'));
    await expect(lazy()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('When a route chunk fails to load on a navigation, then the error page shows in its place (after the one reload)', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    const router = memoryRouter([
      { path: '/', element: <p>Home</p>, ErrorBoundary: () => <p>Error page</p> },
      { path: '/x', ...pageRoute('x', failing, () => ({ Component: Hello })), ErrorBoundary: () => <p>Error page</p> },
    ]);
    render(<RouterProvider router={router} />);
    await act(async () => {
      await router.navigate('/x');
    });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Error page')).toBeTruthy();
  });

  it('When a route names its page module, then that module exists and is the one the route loads (the server finds its chunk by that name)', () => {
    const modules: string[] = [];
    const walk = (table: RouteObject[]) => {
      for (const route of table) {
        const module = (route.handle as RouteHandle | undefined)?.module;
        if (module) modules.push(module);
        walk(route.children ?? []);
      }
    };
    walk(routes);
    expect(modules.length).toBeGreaterThan(30);
    for (const module of modules) expect(existsSync(path.resolve(`${module}.tsx`)), module).toBe(true);
    const source = readFileSync(path.resolve('src/client/app/routes.tsx'), 'utf8');
    const calls = [...source.matchAll(/(?:pageRoute|layoutRoute)\(\s*'([^']+)',\s*\(\) => import\('\.\/(?:pages|layouts)\/([^']+)'\)/g)];
    expect(calls.length).toBe(modules.length);
    for (const [, name, imported] of calls) expect(imported).toBe(name);
  });

  it("When a form's action was refused or answered a fetcher in place, then the page's loaders do not run again; after any other answer they run as the router decides", () => {
    const { shouldRevalidate } = pageRoute(
      'members-page',
      () => Promise.resolve({}),
      () => ({ Component: () => null }),
    );
    const args = (actionResult: unknown, defaultShouldRevalidate: boolean) =>
      ({ actionResult, defaultShouldRevalidate }) as Parameters<NonNullable<typeof shouldRevalidate>>[0];
    expect(shouldRevalidate?.(args({ form: 'profile', status: 422, body: {}, fields: {} }, true))).toBe(false);
    const fetched = new FormData();
    fetched.set(FETCHER_FIELD, '1');
    expect(shouldRevalidate?.(args(answerInPlace(fetched, { match: false }, new Response()), true))).toBe(false);
    expect(shouldRevalidate?.(args({ inPlace: true, result: null }, true))).toBe(false);
    expect(shouldRevalidate?.(args({ inPlace: false, result: null }, true))).toBe(true);
    expect(shouldRevalidate?.(args(undefined, true))).toBe(true);
    expect(shouldRevalidate?.(args({ refused: 'no' }, true))).toBe(true);
    expect(shouldRevalidate?.(args(undefined, false))).toBe(false);
  });
});

describe('lazy components', () => {
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

  it('When a lazy part fails to load its chunk, then the page reloads once', async () => {
    const part = lazyComponent(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/y.js')),
      () => Hello,
    );
    await expect(part.preload()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
