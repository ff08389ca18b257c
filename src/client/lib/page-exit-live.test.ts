// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { endLiveUpdates, holdForLeaving, isLeaving, onLeaving, unlessLeaving } from './page-exit';

describe('ending live updates before logging out', () => {
  it('When live updates end before the logout call, then listeners hear it once, the call still goes out, and leaving is not heard again', async () => {
    const inner = vi.fn(async () => new Response('{}'));
    const guarded = unlessLeaving(inner as unknown as typeof fetch);
    const heard = vi.fn();
    const off = onLeaving(heard);
    endLiveUpdates();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(isLeaving()).toBe(false);
    await guarded('/api/user.php');
    expect(inner).toHaveBeenCalledTimes(1);

    holdForLeaving();
    off();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(isLeaving()).toBe(true);
  });
});
