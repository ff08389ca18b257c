import { describe, expect, it } from 'vitest';
import { dismissalCookie, parseDismissals } from './dismissals';

describe('dismissal markers', () => {
  it('When the Cookie header holds dismissal markers among other cookies, then only valid markers are read with their time', () => {
    expect(
      parseDismissals(
        'locale=nl; dismissed_entry_warning=1732000000000; auth=abc; dismissed_photo_alert_7=12; dismissed_bad=x; dismissed_Evil$=5',
      ),
    ).toEqual({
      entry_warning: 1732000000000,
      photo_alert_7: 12,
    });
  });

  it('When there is no Cookie header, then nothing is dismissed', () => {
    expect(parseDismissals(undefined)).toEqual({});
  });

  it('When a dismissal is stored, then the cookie keeps the time for a year on the whole site', () => {
    expect(dismissalCookie('entry_warning', 42, true)).toBe('dismissed_entry_warning=42; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(parseDismissals(dismissalCookie('push_alert_3', 99, false).split(';')[0])).toEqual({ push_alert_3: 99 });
  });
});
