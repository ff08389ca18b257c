// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/api/client';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { WelcomeBanner } from './time-bonus';
import { TimeBonusModal } from './time-bonus-modal';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderedAt = Date.parse('2026-03-01T10:30:00.000Z');
/** Signed up half an hour before the page was rendered, never paid, no credits: the time bonus runs for him. */
const newcomer = (role: User['role']) => userFixture({ paid_user: false, credits: 0, signup_date: '2026-03-01T10:00:00.000Z', role });

/** The modal as the layout mounts it at `now`: the member entered the members area at `enteredAt` (null: not yet). */
function modalFor(user: User, enteredAt: number | null, now: number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
  vi.setSystemTime(now);
  renderWithApp(<TimeBonusModal inArea={enteredAt !== null} enteredAt={{ current: enteredAt }} />, {
    user,
    url: '/members',
    site: { renderedAt },
  });
}

/** Lets `ms` of the faked clock pass. */
const passes = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('the welcome discount countdown', () => {
  it.each(['member', undefined] as const)('When a new member (role %s) opens a page, then the banner counts down his bonus', (role) => {
    renderWithApp(<WelcomeBanner />, { user: newcomer(role), url: '/members', site: { renderedAt } });
    expect(screen.getByTestId('time-bonus-countdown').textContent).toBe('03:30:00');
  });

  it.each(['moderator', 'admin'] as const)(
    'When a new %s opens a page, then no countdown shows: neither the banner nor, 40 seconds on, the modal',
    async (role) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
      vi.setSystemTime(renderedAt);
      renderWithApp(
        <>
          <WelcomeBanner />
          <TimeBonusModal inArea enteredAt={{ current: renderedAt }} />
        </>,
        { user: newcomer(role), url: '/members', site: { renderedAt } },
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(41_000);
      });
      expect(screen.queryByTestId('time-bonus-banner')).toBeNull();
      expect(screen.queryByTestId('time-bonus-modal')).toBeNull();
      expect(screen.queryByTestId('time-bonus-countdown')).toBeNull();
    },
  );

  it('When a new member stays 40 seconds in the members area, then the modal opens with the countdown (the rule the moderators are kept out of)', async () => {
    modalFor(newcomer('member'), renderedAt, renderedAt);
    await passes(39_000);
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull();
    await passes(2_000);
    expect(screen.getByTestId('time-bonus-modal')).toBeTruthy();
  });

  it("When the modal's code arrives after the member has been 40 seconds in the members area, then it opens at once", async () => {
    modalFor(newcomer('member'), renderedAt, renderedAt + 41_000);
    await passes(0);
    expect(screen.getByTestId('time-bonus-modal')).toBeTruthy();
  });

  it('When the member has not entered the members area, then the modal does not open', async () => {
    modalFor(newcomer('member'), null, renderedAt);
    await passes(60_000);
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull();
  });
});
