import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { writeCookieHeader } from '../../src/bff/cookies';
import { answerHeaders } from '../../src/bff/response-policy';
import { sessionPolicy } from '../../src/bff/session-policy';

describe('response policy: the headers of a backend answer', () => {
  it('When a backend answer carries HSTS and hop-by-hop headers, then none of them leaves and the rest passes unchanged', () => {
    const { headers, setsAuth } = answerHeaders(
      {
        'strict-transport-security': 'max-age=63072000',
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        'content-type': 'application/json',
        'cache-control': 'private, max-age=60',
      },
      sessionPolicy('auth'),
      { secure: true, host: 'example.com' },
    );
    expect(Object.fromEntries(headers)).toEqual({ 'content-type': 'application/json', 'cache-control': 'private, max-age=60' });
    expect(setsAuth).toBe(false);
  });

  it('When a backend sets the login cookie, then it leaves normalised and other cookies pass as they came', () => {
    const { headers, setsAuth } = answerHeaders(
      { 'set-cookie': ['auth=abc; Path=/api; Max-Age=60', 'other=1; Path=/x'] },
      sessionPolicy('auth'),
      { secure: true, host: 'example.com' },
    );
    const cookies = Object.fromEntries(headers)['set-cookie'] as string[];
    expect(setsAuth).toBe(true);
    expect(parseSetCookie(cookies[0]!)).toMatchObject({
      name: 'auth',
      value: 'abc',
      path: '/',
      maxAge: 60,
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
    });
    expect(cookies[1]).toBe('other=1; Path=/x');
  });

  it('When a backend session cookie (PHPSESSID) is the login cookie, then it is normalised the same way and counts as set', () => {
    const { headers, setsAuth } = answerHeaders({ 'set-cookie': ['PHPSESSID=s1; path=/'] }, sessionPolicy('PHPSESSID'), {
      secure: false,
      host: 'example.com',
    });
    expect(setsAuth).toBe(true);
    expect(parseSetCookie((Object.fromEntries(headers)['set-cookie'] as string[])[0]!)).toMatchObject({
      name: 'PHPSESSID',
      value: 's1',
      httpOnly: true,
    });
  });
});

describe('cookies: the Cookie header a page call sends', () => {
  it('When the jar holds cookies, then the library writes them as sent, and a pair it cannot write is left out', () => {
    expect(
      writeCookieHeader([
        ['auth', 'a%20b'],
        ['locale', 'nl'],
        ['bad name', 'x'],
        ['c', 'semi;colon'],
      ]),
    ).toBe('auth=a%20b; locale=nl');
    expect(writeCookieHeader([])).toBe('');
  });
});
