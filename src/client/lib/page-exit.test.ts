// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { holdForLeaving, isLeaving, onLeaving, unlessLeaving } from './page-exit';

describe('leaving the page after logout', () => {
  it('When the page is held for leaving (the session ended), then listeners hear it once, and calls made afterwards are never sent', async () => {
    const inner = vi.fn(async () => new Response('{}'));
    const guarded = unlessLeaving(inner as unknown as typeof fetch);
    await guarded('/api/user.php');
    expect(inner).toHaveBeenCalledTimes(1);

    const heard = vi.fn();
    const off = onLeaving(heard);
    holdForLeaving();
    off();
    expect(isLeaving()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);

    let settled = false;
    void guarded('/api/likes.php').then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    expect(inner).toHaveBeenCalledTimes(1);
  });
});
