import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../shared/api/client';
import { nextAnnouncement } from './announced';
import { formatCountdown } from './countdown';
import { takeDelay } from './components/like-popups';
import { rowsOf } from './components/likes-view';

const profile = (id: number): Schemas['ProfileSummary'] => ({
  id,
  name: `M${id}`,
  country: 'NL',
  age: 30,
  main_image: null,
  online: false,
  premium: false,
  fictional: false,
});
const like = (id: number, at: string, opts: Partial<Schemas['Like']> = {}): Schemas['Like'] => ({
  profile: profile(id),
  like_new: true,
  direction: 'received',
  match: false,
  created_at: at,
  ...opts,
});
const list = (profiles: Schemas['Like'][]): Schemas['LikeList'] => ({
  profiles,
  liked_by: [],
  total_new: profiles.filter((l) => l.like_new).length,
});

describe('new-like announcements', () => {
  it('When the browser looks for the first time, then nothing is announced and every existing like counts as seen', () => {
    const { announce, seen } = nextAnnouncement(null, list([like(1, '2026-01-01T10:00:00.000Z'), like(2, '2026-01-02T10:00:00.000Z')]));
    expect(announce).toBeNull();
    expect(seen).toEqual({ since: '2026-01-02T10:00:00.000Z', ids: [] });
  });

  it('When new likes arrive, then the newest new one is announced once, and old, seen or given ones never', () => {
    const stored = { since: '2026-01-02T10:00:00.000Z', ids: [] };
    const l = list([
      like(1, '2026-01-01T10:00:00.000Z'),
      like(3, '2026-01-03T10:00:00.000Z'),
      like(4, '2026-01-04T10:00:00.000Z', { match: true }),
      like(5, '2026-01-05T10:00:00.000Z', { like_new: false }),
      like(6, '2026-01-06T10:00:00.000Z', { direction: 'given', like_new: false }),
    ]);
    const first = nextAnnouncement(stored, l);
    expect(first.announce?.profile.id).toBe(4);
    expect(first.seen.ids).toEqual([4, 3]);
    expect(first.seen.since).toBe('2026-01-05T10:00:00.000Z');
    expect(nextAnnouncement(first.seen, l).announce).toBeNull();
    expect(nextAnnouncement({ since: stored.since, ids: [4, 3] }, l).announce).toBeNull();
  });
});

describe('countdown and the like modal delay', () => {
  it('When seconds are formatted, then hh:mm:ss is padded and never negative', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(3_661)).toBe('01:01:01');
    expect(formatCountdown(86_399)).toBe('23:59:59');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  it('When t is in the query, then it is taken out; only whole seconds up to an hour count', () => {
    expect(takeDelay('?t=30&a=1')).toEqual({ seconds: 30, rest: '?a=1' });
    expect(takeDelay('?t=0')).toEqual({ seconds: 0, rest: '' });
    expect(takeDelay('?t=abc&b=2')).toEqual({ seconds: null, rest: '?b=2' });
    expect(takeDelay('?t=99999')).toEqual({ seconds: null, rest: '' });
    expect(takeDelay('?a=1')).toEqual({ seconds: null, rest: '?a=1' });
  });
});

describe('likes page tabs', () => {
  it('When likes are split in tabs, then matches hold each member once and received keep the server order', () => {
    const l = list([
      like(1, '2026-01-03T10:00:00.000Z', { match: true }),
      like(2, '2026-01-02T10:00:00.000Z'),
      like(1, '2026-01-01T10:00:00.000Z', { direction: 'given', like_new: false, match: true }),
    ]);
    expect(rowsOf(l, 'received').map((r) => r.profile.id)).toEqual([1, 2]);
    expect(rowsOf(l, 'given').map((r) => r.profile.id)).toEqual([1]);
    expect(rowsOf(l, 'matches').map((r) => r.profile.id)).toEqual([1]);
  });
});
