import { describe, expect, it } from 'vitest';
import { showsBackButton } from './back-button';

describe('back button rule', () => {
  it.each(['/members/12', '/likes/received', '/likes/m/4', '/credits', '/credits/7', '/credits/7/ideal'])(
    'When the installed app with history shows %s, then it has a back button',
    (path) => {
      expect(showsBackButton(path, true, 3)).toBe(true);
    },
  );

  it('When the display is not standalone, history has one entry, or the route is not listed, then there is no back button', () => {
    expect(showsBackButton('/members/12', false, 3)).toBe(false);
    expect(showsBackButton('/members/12', true, 1)).toBe(false);
    for (const path of ['/members', '/', '/chats', '/credits/repeat-order', '/pages/terms'])
      expect(showsBackButton(path, true, 5)).toBe(false);
  });
});
