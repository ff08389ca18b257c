// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { installPageHiddenBeacon, PAGE_HIDDEN_URL } from './page-hidden';

describe('page-hidden beacon', () => {
  it('When the page becomes hidden, then one beacon with an empty JSON body goes to page-hidden.php; visible again sends nothing', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { value: beacon, configurable: true });
    let state: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { get: () => state, configurable: true });
    installPageHiddenBeacon(window);
    state = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe(PAGE_HIDDEN_URL);
    expect(body.type).toBe('application/json');
    expect(await body.text()).toBe('{}');
  });
});
