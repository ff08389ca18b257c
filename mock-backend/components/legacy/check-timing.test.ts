import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCheckTiming } from './check-timing';

afterEach(() => {
  vi.useRealTimers();
});

/** Advances fake time by `ms`, then answers whether `promise` has settled by then. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('how long a refusal checked here waits', () => {
  it('When the PHP service has answered checks, then a refusal checked here waits as long as one of them, drawn from the recent ones', async () => {
    vi.useFakeTimers();
    const timing = createCheckTiming();
    timing.record(400);
    // The only time known: the wait is exactly it.
    const only = timing.waitLikeACheck();
    expect(await settlesWithin(only, 399)).toBe(false);
    expect(await settlesWithin(only, 1)).toBe(true);
    // Among many, each wait is one of them (never shorter than the shortest, never longer than the longest).
    const several = createCheckTiming();
    for (const ms of [200, 300, 250]) several.record(ms);
    for (let i = 0; i < 20; i++) {
      const wait = several.waitLikeACheck();
      expect(await settlesWithin(wait, 199)).toBe(false);
      // 300 ms in all: the longest it may be.
      expect(await settlesWithin(wait, 101)).toBe(true);
    }
  });

  it('When no check has been answered yet, then the first guess is waited; nonsense times are not learnt', async () => {
    vi.useFakeTimers();
    const timing = createCheckTiming();
    timing.record(Number.NaN);
    timing.record(-5);
    const first = timing.waitLikeACheck();
    expect(await settlesWithin(first, 149)).toBe(false);
    expect(await settlesWithin(first, 1)).toBe(true);
  });
});
