import { describe, expect, it } from 'vitest';
import { isSwrKeyOf, swrKey } from './swr-key';

describe('swrKey', () => {
  it('When a GET has no parameters, then its key is its path', () => {
    expect(swrKey('/chats.php')).toBe('/chats.php');
    expect(swrKey('/likes.php', {})).toBe('/likes.php');
  });

  it('When parameters are given in any order, then the key names them sorted, so the same call always has the same key', () => {
    const a = swrKey('/members.php', { limit: 8, country: 'NL', gender: 'male' });
    const b = swrKey('/members.php', { gender: 'male', country: 'NL', limit: 8 });
    expect(a).toBe('/members.php?country=NL&gender=male&limit=8');
    expect(b).toBe(a);
  });

  it('When a parameter is unset or empty, then it is left out of the key; values are URL-encoded', () => {
    expect(swrKey('/members.php', { country: undefined, cursor: '', limit: 24 })).toBe('/members.php?limit=24');
    expect(swrKey('/members.php', { cursor: 'a b&c', limit: 1 })).toBe('/members.php?cursor=a+b%26c&limit=1');
  });

  it('When a key is checked against a path, then only keys of that operation match', () => {
    expect(isSwrKeyOf(swrKey('/profile.php', { id: 7 }), '/profile.php')).toBe(true);
    expect(isSwrKeyOf('/profile.php', '/profile.php')).toBe(true);
    expect(isSwrKeyOf('/profile.phpx', '/profile.php')).toBe(false);
    expect(isSwrKeyOf(swrKey('/my-profile.php'), '/profile.php')).toBe(false);
    expect(isSwrKeyOf(null, '/profile.php')).toBe(false);
  });
});
