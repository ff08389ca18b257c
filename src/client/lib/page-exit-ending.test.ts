// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { endingSession, isLeaving, unlessLeaving } from './page-exit';

describe('the call that ends the session', () => {
  it('When another call is made while the logout call is in flight, then it waits: it goes out if the session goes on, and never once it has ended', async () => {
    const inner = vi.fn(async () => new Response('{}'));
    const guarded = unlessLeaving(inner as unknown as typeof fetch);
    let answer = (_ok: boolean) => undefined as void;
    const refused = endingSession(
      () => new Promise<void>((resolve, reject) => (answer = (ok) => (ok ? resolve() : reject(new Error('403'))))),
    );
    let firstSettled = false;
    const first = guarded('/api/likes.php').then(() => (firstSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inner).not.toHaveBeenCalled();
    answer(false);
    await expect(refused).rejects.toThrow('403');
    await first;
    expect(firstSettled).toBe(true);
    expect(inner).toHaveBeenCalledTimes(1);

    const ended = endingSession(() => new Promise<void>((resolve) => (answer = () => resolve())));
    let secondSettled = false;
    void guarded('/api/chats.php').then(() => (secondSettled = true));
    answer(true);
    await ended;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(isLeaving()).toBe(true);
    expect(secondSettled).toBe(false);
    expect(inner).toHaveBeenCalledTimes(1);
  });
});
