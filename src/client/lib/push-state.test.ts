import { describe, expect, it } from 'vitest';
import { getPushState, pollInterval, setPushState } from './push-state';

describe('push state and the polling interval', () => {
  it('When push is subscribed, then polling runs every 300 s; when not subscribed or denied, every 60 s', () => {
    expect(pollInterval({ isSubscribed: '{"endpoint":"https://fcm.googleapis.com/fcm/send/x"}' })).toBe(300_000);
    expect(pollInterval({ isSubscribed: false })).toBe(60_000);
    expect(pollInterval({ isSubscribed: 'denied' })).toBe(60_000);
  });

  it('When the live stream is open, then nothing polls; when it is down, polling is the fallback again', () => {
    expect(pollInterval({ isSubscribed: false }, true)).toBe(0);
    expect(pollInterval({ isSubscribed: '{"endpoint":"https://fcm.googleapis.com/fcm/send/x"}' }, true)).toBe(0);
    expect(pollInterval({ isSubscribed: false }, false)).toBe(60_000);
  });

  it('When the state is patched, then the other fields stay', () => {
    setPushState({ isCapable: true, isSubscribed: false, lastMessage: null });
    setPushState({ isSubscribed: 'denied' });
    expect(getPushState()).toEqual({ isCapable: true, isSubscribed: 'denied', lastMessage: null });
  });
});
