import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kicker, PUSH_JOB, PUSH_KICK_MS } from './jobs';

/** The jobs the notifier asked for, as `now` or `mail` (the deferred one), with the fake clock's time. */
function fakeJobs() {
  const sent: { at: number; kind: 'now' | 'mail' }[] = [];
  return {
    sent,
    send: async (name: string, _data?: object, options: { startAfterSeconds?: number; singletonKey?: string } = {}) => {
      expect(name).toBe(PUSH_JOB);
      sent.push({ at: Date.now(), kind: options.singletonKey === 'mail' ? 'mail' : 'now' });
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('push notifier', () => {
  it('When a burst of messages kicks the push job, then one job goes at once and one more after the last kick, never none after it', async () => {
    const jobs = fakeJobs();
    const notifier = kicker(jobs, 120);
    const start = Date.now();
    notifier.kick();
    expect(jobs.sent.filter((j) => j.kind === 'now')).toEqual([{ at: start, kind: 'now' }]);
    // 100 messages a second for half a window: no job now, one at the end of the window.
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(10);
      notifier.kick();
    }
    expect(jobs.sent.filter((j) => j.kind === 'now')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PUSH_KICK_MS);
    const now = jobs.sent.filter((j) => j.kind === 'now');
    expect(now).toHaveLength(2);
    expect(now[1]?.at).toBe(start + PUSH_KICK_MS);
    // Quiet afterwards: nothing more is sent; the next kick goes at once again.
    await vi.advanceTimersByTimeAsync(5 * PUSH_KICK_MS);
    expect(jobs.sent.filter((j) => j.kind === 'now')).toHaveLength(2);
    notifier.kick();
    expect(jobs.sent.filter((j) => j.kind === 'now')).toHaveLength(3);
  });

  it('When kicks go on for longer than the mail delay, then the deferred mail job is asked for once per delay', async () => {
    const jobs = fakeJobs();
    const notifier = kicker(jobs, 120);
    for (let s = 0; s < 260; s += 5) {
      notifier.kick();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    // At 0 s, at the first kick after its wait (121 s) was over (125 s), and again after that (250 s).
    expect(jobs.sent.filter((j) => j.kind === 'mail')).toHaveLength(3);
  });
});
