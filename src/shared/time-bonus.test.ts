import { describe, expect, it } from 'vitest';
import { formatCountdown, timeBonusSecondsLeft } from './time-bonus';

describe('time bonus', () => {
  const signup = '2026-03-01T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('When an unpaid member is inside the 4 hours after signup, then the seconds left count down to 0, and nothing is left after', () => {
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup }, at('2026-03-01T10:00:00.000Z'))).toBe(14_400);
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup }, at('2026-03-01T13:59:58.500Z'))).toBe(2);
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup }, at('2026-03-01T14:00:00.000Z'))).toBe(0);
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup }, at('2026-03-02T10:00:00.000Z'))).toBe(0);
  });

  it('When the member is paid or logged out, then there is no time bonus', () => {
    expect(timeBonusSecondsLeft({ paid_user: true, signup_date: signup }, at('2026-03-01T10:30:00.000Z'))).toBe(0);
    expect(timeBonusSecondsLeft(null, at('2026-03-01T10:30:00.000Z'))).toBe(0);
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: 'not a date' }, 0)).toBe(0);
  });

  it('When the member is a moderator or an admin, then there is no time bonus: they are not customers; a member (or an answer without a role) has it', () => {
    const now = at('2026-03-01T10:30:00.000Z');
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup, role: 'moderator' }, now)).toBe(0);
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup, role: 'admin' }, now)).toBe(0);
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup, role: 'member' }, now)).toBe(12_600);
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: signup }, now)).toBe(12_600);
  });

  it('When seconds are shown, then hours, minutes and seconds are padded to two digits', () => {
    expect(formatCountdown(14_399)).toBe('03:59:59');
    expect(formatCountdown(61)).toBe('00:01:01');
    expect(formatCountdown(0)).toBe('00:00:00');
  });
});
