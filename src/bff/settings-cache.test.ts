import { describe, expect, it } from 'vitest';
import { cacheableAnswer, createSettingsCache, type LoadedSettings } from './settings-cache';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function loader(values: Array<string | null>, cacheable = true) {
  let calls = 0;
  const load = async (): Promise<LoadedSettings<string>> => ({ value: values[Math.min(calls++, values.length - 1)] ?? null, cacheable });
  return { load, calls: () => calls };
}

describe('settings cache', () => {
  it('When a key is fresh, then pages reuse the answer without calling the backend', async () => {
    const c = clock();
    const cache = createSettingsCache<string>({ freshMs: 1000, staleMs: 5000, now: c.now });
    const l = loader(['a']);
    expect(await cache.get('k', l.load)).toEqual({ value: 'a', state: 'miss' });
    c.advance(999);
    expect(await cache.get('k', l.load)).toEqual({ value: 'a', state: 'hit' });
    expect(l.calls()).toBe(1);
  });

  it('When a key is stale, then the old answer is served at once and one background call revalidates it', async () => {
    const c = clock();
    const cache = createSettingsCache<string>({ freshMs: 1000, staleMs: 5000, now: c.now });
    const l = loader(['old', 'new']);
    await cache.get('k', l.load);
    c.advance(1500);
    const pages = await Promise.all([cache.get('k', l.load), cache.get('k', l.load)]);
    expect(pages).toEqual([
      { value: 'old', state: 'stale' },
      { value: 'old', state: 'stale' },
    ]);
    await new Promise((r) => setTimeout(r, 0));
    expect(l.calls()).toBe(2);
    expect(await cache.get('k', l.load)).toEqual({ value: 'new', state: 'hit' });
  });

  it('When a key is older than the stale limit, then the page waits for a new answer; pages of one key share that call', async () => {
    const c = clock();
    const cache = createSettingsCache<string>({ freshMs: 1000, staleMs: 5000, now: c.now });
    const l = loader(['one', 'two']);
    await cache.get('k', l.load);
    c.advance(6000);
    const [a, b] = await Promise.all([cache.get('k', l.load), cache.get('k', l.load)]);
    expect(a).toEqual({ value: 'two', state: 'miss' });
    expect(b).toEqual({ value: 'two', state: 'miss' });
    expect(l.calls()).toBe(2);
  });

  it('When loading fails or the backend says no-store, then nothing is kept and the next page asks again', async () => {
    const cache = createSettingsCache<string>({ freshMs: 1000 });
    const failing = loader([null, 'ok']);
    expect((await cache.get('k', failing.load)).value).toBeNull();
    expect(await cache.get('k', failing.load)).toEqual({ value: 'ok', state: 'miss' });
    const noStore = loader(['x'], false);
    await cache.get('n', noStore.load);
    await cache.get('n', noStore.load);
    expect(noStore.calls()).toBe(2);
    expect(cacheableAnswer('private, max-age=60')).toBe(false);
    expect(cacheableAnswer('no-store')).toBe(false);
    expect(cacheableAnswer('public, max-age=60')).toBe(true);
    expect(cacheableAnswer(null)).toBe(true);
  });

  it('When more keys arrive than the bound, then the least recently used go first', async () => {
    const cache = createSettingsCache<string>({ freshMs: 1000, maxEntries: 2 });
    const l = loader(['v']);
    await cache.get('a', l.load);
    await cache.get('b', l.load);
    await cache.get('a', l.load); // a used last
    await cache.get('c', l.load); // b goes
    expect(cache.size).toBe(2);
    expect((await cache.get('a', l.load)).state).toBe('hit');
    expect((await cache.get('b', l.load)).state).toBe('miss');
  });
});
