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

describe('response policy: only the headers the BFF knows reach the browser', () => {
  const site = { secure: true, host: 'example.com' };
  const answer = {
    'content-type': 'application/json',
    'content-length': '12',
    etag: 'W/"c-abc"',
    'retry-after': '30',
    'idempotent-replayed': 'true',
    'ratelimit-policy': '60;w=600',
    'x-powered-by': 'PHP/8.2.1',
    server: 'Apache/2.4.58',
    'x-debug-sql': 'SELECT * FROM users',
    'x-legacy': 'yes',
    'strict-transport-security': 'max-age=63072000',
    connection: 'keep-alive',
  };

  it('When a call of the contract answers with headers the BFF does not know, then only the known ones and those the contract declares leave', () => {
    const { headers } = answerHeaders(answer, sessionPolicy('auth'), site, { method: 'POST', path: '/api/complaints.php?x=1' });
    expect(Object.fromEntries(headers)).toEqual({
      'content-type': 'application/json',
      'content-length': '12',
      etag: 'W/"c-abc"',
      'retry-after': '30',
      'idempotent-replayed': 'true',
      'ratelimit-policy': '60;w=600',
    });
  });

  it('When the call is not named (a page call, the event stream, a photo), then the same allow-list applies', () => {
    const { headers } = answerHeaders(
      { ...answer, 'x-accel-buffering': 'no', 'cross-origin-resource-policy': 'same-site', 'x-content-type-options': 'nosniff' },
      sessionPolicy('auth'),
      site,
    );
    const names = headers.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['x-accel-buffering', 'cross-origin-resource-policy', 'x-content-type-options', 'etag']));
    for (const dropped of ['x-powered-by', 'server', 'x-debug-sql', 'x-legacy', 'strict-transport-security', 'connection']) {
      expect(names, dropped).not.toContain(dropped);
    }
  });

  it('When a HEAD asks a GET of the contract, then it is a call of the contract too', () => {
    const { headers } = answerHeaders(answer, sessionPolicy('auth'), site, { method: 'HEAD', path: '/api/settings.php' });
    expect(headers.map(([name]) => name)).not.toContain('x-legacy');
  });

  it("When a call outside the contract (an operator's own PHP call) answers, then its headers pass, but never HSTS or hop-by-hop ones", () => {
    const { headers } = answerHeaders(answer, sessionPolicy('auth'), site, { method: 'GET', path: '/api/legacy-ping.php?x=1' });
    const out = Object.fromEntries(headers);
    expect(out['x-legacy']).toBe('yes');
    expect(out['x-powered-by']).toBe('PHP/8.2.1');
    expect(out).not.toHaveProperty('strict-transport-security');
    expect(out).not.toHaveProperty('connection');
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
