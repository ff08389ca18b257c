import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig, useSWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { settingsFixture } from '../test/fixtures';
import { createRenderCache, useApiSWR } from './api-swr';
import { PageDataContext } from './page-data';
import { createAppStore, StoreProvider } from './store/store';

const KEY = '/profile.php?id=7';

/** What the SWR hook returns and what SWR's cache holds under the key, side by side. */
function Probe({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data } = useApiSWR(KEY, fetcher);
  const { cache } = useSWRConfig();
  return <p>{`hook:${String(data)} cache:${String(cache.get(KEY)?.data)}`}</p>;
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

/** A server render as the renderer makes it: SWR's cache of this request only (server/render.tsx). */
const serverRender = (fallback: Record<string, unknown>, fetcher: () => Promise<string>) =>
  renderToString(<SWRConfig value={{ provider: createRenderCache }}>{page(fallback, <Probe fetcher={fetcher} />)}</SWRConfig>);

describe('the loader answer in SWR on the server', () => {
  it("When the server renders a page, then the loader's answer is in the request's SWR cache and is what the hook returns, without a call", () => {
    const fetcher = vi.fn(async () => 'from SWR');
    expect(serverRender({ [KEY]: 'from the loader' }, fetcher)).toContain('hook:from the loader cache:from the loader');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("When two requests render one after the other, then the second never sees the first's answer (one cache per request)", () => {
    const fetcher = vi.fn(async () => 'from SWR');
    expect(serverRender({ [KEY]: "Ann's profile" }, fetcher)).toContain('hook:Ann&#x27;s profile');
    expect(serverRender({}, fetcher)).toContain('hook:undefined cache:undefined');
  });

  it("When a server render has no cache of its own, then nothing goes into SWR's module-level cache (it would outlive the request)", () => {
    const fetcher = vi.fn(async () => 'from SWR');
    expect(renderToString(page({ [KEY]: 'private' }, <Probe fetcher={fetcher} />))).toContain('hook:undefined cache:undefined');
  });
});
