import createClient from 'openapi-fetch';
import { describe, expect, it, vi } from 'vitest';
import { createBrowserApiClient } from './browser-api-client';

type ClientModule = Parameters<typeof createBrowserApiClient>[1] extends (() => Promise<infer M>) | undefined ? M : never;
const realModule = { createClient } as unknown as ClientModule;

const okFetch = () =>
  vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify({ ok: 1 }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );

describe('browser API client', () => {
  it('When created, then it loads nothing; the first call loads openapi-fetch once and every call goes through it', async () => {
    const load = vi.fn(async () => realModule);
    const fetch = okFetch();
    const api = createBrowserApiClient({ baseUrl: 'http://localhost/api', fetch: fetch as unknown as typeof globalThis.fetch }, load);
    expect(load).not.toHaveBeenCalled();
    await api.ready();
    expect(load).toHaveBeenCalledOnce();
    const [a, b] = await Promise.all([api.GET('/settings.php'), api.GET('/user.php')]);
    expect(a.data).toEqual({ ok: 1 });
    expect(b.response.status).toBe(200);
    expect(load).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String((fetch.mock.calls[0]![0] as Request).url)).toBe('http://localhost/api/settings.php');
  });

  it('When the module fails to load, then that call fails and the next call loads it again', async () => {
    const load = vi
      .fn<() => Promise<ClientModule | undefined>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(undefined)
      .mockResolvedValue(realModule);
    const api = createBrowserApiClient({ baseUrl: 'http://localhost/api', fetch: okFetch() as unknown as typeof globalThis.fetch }, load);
    await expect(api.GET('/settings.php')).rejects.toThrow(/dynamically imported module/);
    await expect(api.GET('/settings.php')).rejects.toThrow(/dynamically imported module/);
    expect((await api.GET('/settings.php')).data).toEqual({ ok: 1 });
    expect(load).toHaveBeenCalledTimes(3);
  });
});
