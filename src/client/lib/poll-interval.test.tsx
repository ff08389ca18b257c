// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLiveStreamOpen } from './live-stream-state';
import { setPushState, usePollInterval } from './push-state';

afterEach(() => {
  cleanup();
  act(() => {
    setLiveStreamOpen(false);
    setPushState({ isCapable: false, isSubscribed: false, lastMessage: null });
  });
});

/** A component that counts its renders and shows the interval it got. */
function mount(enabled: boolean) {
  const seen: number[] = [];
  function Poller() {
    seen.push(usePollInterval(enabled));
    return null;
  }
  render(<Poller />);
  return seen;
}

describe('usePollInterval renders again only when the interval changes', () => {
  it('When push becomes available or says something, then a polling list does not render again; when the stream opens or closes, it does', () => {
    const seen = mount(true);
    expect(seen).toEqual([60_000]);
    act(() => setPushState({ isCapable: true, lastMessage: 'hello' }));
    expect(seen).toEqual([60_000]);
    act(() => setLiveStreamOpen(true));
    expect(seen).toEqual([60_000, 0]);
    act(() => setLiveStreamOpen(false));
    act(() => setPushState({ isSubscribed: '{"endpoint":"https://push.example/x"}' }));
    expect(seen).toEqual([60_000, 0, 60_000, 300_000]);
  });

  it('When the list is not loaded (a like heart whose page says whether it is liked), then nothing makes it render again', () => {
    const seen = mount(false);
    act(() => setPushState({ isCapable: true }));
    act(() => setLiveStreamOpen(true));
    expect(seen).toHaveLength(1);
  });
});
