// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_STORAGE_KEY } from '../client/lib/chunk-reload';
import { BOOT_MAX_WAIT_MS, bootScript } from './boot-script';

/**
 * The page's inline bootstrap (boot-script.ts), run against jsdom's document with a window whose frames, timers,
 * storage and reload the test drives.
 */
interface FakeWindow {
  frames: Array<() => void>;
  timers: Array<{ fn: () => void; ms: number }>;
  storage: Map<string, string>;
  reloads: number;
  requestAnimationFrame: (fn: () => void) => void;
  setTimeout: (fn: () => void, ms: number) => void;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  location: { reload: () => void };
}

function fakeWindow(): FakeWindow {
  const win: FakeWindow = {
    frames: [],
    timers: [],
    storage: new Map(),
    reloads: 0,
    requestAnimationFrame: (fn) => void win.frames.push(fn),
    setTimeout: (fn, ms) => void win.timers.push({ fn, ms }),
    sessionStorage: { getItem: (k) => win.storage.get(k) ?? null, setItem: (k, v) => void win.storage.set(k, v) },
    location: { reload: () => void (win.reloads += 1) },
  };
  return win;
}

const ASSETS = {
  entry: ['/assets/entry-1.js'],
  modules: ['/assets/page-2.js', '/assets/card-3.js'],
  catalogue: '/assets/messages-nl-4.json',
};

function run(win: FakeWindow, assets = ASSETS): void {
  // The script ends by calling itself with the page's `document` and `window`: here, jsdom's document and the fake.
  new Function('document', 'window', bootScript(assets))(document, win);
}

/** What the bootstrap added: `rel href` of links in <head>, `module src` of scripts in <body>. */
const added = () => [
  ...[...document.head.querySelectorAll('link')].map(
    (l) => `${l.rel} ${l.getAttribute('href')}${l.as ? ` as=${l.as} ${l.crossOrigin}` : ''}`,
  ),
  ...[...document.body.querySelectorAll('script')].map((s) => `${s.type} ${s.getAttribute('src')}`),
];

const nextFrame = (win: FakeWindow) => {
  const frames = win.frames.splice(0);
  for (const frame of frames) frame();
};
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A photo of the first screen whose decode() the test resolves. */
function photo(): { done: () => void } {
  const img = document.createElement('img');
  img.setAttribute('fetchpriority', 'high');
  let done: () => void = () => undefined;
  Object.defineProperty(img, 'decode', { value: () => new Promise<void>((resolve) => (done = resolve)) });
  document.body.append(img);
  return { done: () => done() };
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('page bootstrap', () => {
  it('When the first screen has photos, then the scripts and catalogue are requested only after they are decoded and two frames were painted', async () => {
    const first = photo();
    const second = photo();
    const win = fakeWindow();
    run(win);
    await settle();
    expect(win.frames).toEqual([]);
    first.done();
    await settle();
    expect(win.frames).toEqual([]);
    second.done();
    await settle();
    nextFrame(win);
    expect(added()).toEqual([]);
    nextFrame(win);
    expect(added()).toEqual([
      'modulepreload /assets/page-2.js',
      'modulepreload /assets/card-3.js',
      'preload /assets/messages-nl-4.json as=fetch anonymous',
      'module /assets/entry-1.js',
    ]);
    // The longest-wait timer that fires afterwards adds nothing twice.
    expect(win.timers).toEqual([{ fn: expect.any(Function), ms: BOOT_MAX_WAIT_MS }]);
    win.timers[0]!.fn();
    expect(added()).toHaveLength(4);
  });

  it('When the page has no such photos, then two frames after the script ran the scripts go out; without a catalogue there is no preload for it', () => {
    const win = fakeWindow();
    run(win, { entry: ['/assets/entry-1.js'], modules: [], catalogue: '' });
    nextFrame(win);
    expect(added()).toEqual([]);
    nextFrame(win);
    expect(added()).toEqual(['module /assets/entry-1.js']);
  });

  it('When the tab is hidden (no frames come), then everything is requested at once', () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    photo();
    const win = fakeWindow();
    run(win);
    expect(added()).toHaveLength(4);
  });

  it('When a photo of the first screen stalls, then the scripts go out after the longest wait anyway', async () => {
    photo();
    const win = fakeWindow();
    run(win);
    await settle();
    nextFrame(win);
    expect(added()).toEqual([]);
    const timer = win.timers.find((t) => t.ms === BOOT_MAX_WAIT_MS);
    timer?.fn();
    expect(added()).toHaveLength(4);
  });

  it('When the entry fails to load, then the page reloads once, and not again within the minute (the marker lib/chunk-reload.ts uses)', () => {
    const win = fakeWindow();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    run(win);
    const entry = () => document.body.querySelector('script') as HTMLScriptElement;
    entry().dispatchEvent(new Event('error'));
    expect(win.reloads).toBe(1);
    expect(Number(win.storage.get(CHUNK_RELOAD_STORAGE_KEY))).toBeGreaterThan(Date.now() - 5_000);
    document.body.innerHTML = '';
    run(win);
    entry().dispatchEvent(new Event('error'));
    expect(win.reloads).toBe(1);
    win.storage.set(CHUNK_RELOAD_STORAGE_KEY, String(Date.now() - 61_000));
    document.body.innerHTML = '';
    run(win);
    entry().dispatchEvent(new Event('error'));
    expect(win.reloads).toBe(2);
  });

  it('When an asset URL holds "</script>", then it cannot end the inline script', () => {
    expect(bootScript({ entry: ['/a</script><script>alert(1)//.js'], modules: [] })).not.toContain('</script>');
  });
});
