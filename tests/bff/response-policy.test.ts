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
      // A complaint answers a member otherwise than a visitor: his answer is his alone.
      'cache-control': 'private, no-store',
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

describe('response policy: the caching of a member’s answers', () => {
  const site = { secure: true, host: 'example.com' };
  const cacheControl = (headers: Record<string, string | string[]>, call?: { method: string; path: string }, cookie = 'auth') =>
    Object.fromEntries(answerHeaders(headers, sessionPolicy(cookie), site, call).headers)['cache-control'];

  it('When a backend answers a call that needs the session without caching headers (a PHP service as it is), then it leaves private, no-store', () => {
    expect(cacheControl({ 'content-type': 'application/json' }, { method: 'GET', path: '/api/chats.php' })).toBe('private, no-store');
    expect(cacheControl({ 'content-type': 'application/json' }, { method: 'POST', path: '/api/message.php' })).toBe('private, no-store');
    // A call that answers visitors too, but a member differently.
    expect(cacheControl({}, { method: 'GET', path: '/api/members.php?limit=5' })).toBe('private, no-store');
    expect(cacheControl({}, { method: 'HEAD', path: '/api/likes.php' })).toBe('private, no-store');
  });

  it('When a backend lets a shared cache or the disk keep a member’s answer, then it is replaced by private, no-store', () => {
    for (const given of ['public, max-age=600', 'max-age=60', 'private, max-age=3600', 'no-cache'])
      expect(cacheControl({ 'cache-control': given }, { method: 'GET', path: '/api/conversation.php?conversation=1' }), given).toBe(
        'private, no-store',
      );
  });

  it('When a backend already keeps the answer the member’s (no-store, or private with no-cache for a revalidated read), then its own passes', () => {
    expect(cacheControl({ 'cache-control': 'private, no-cache' }, { method: 'GET', path: '/api/user.php' })).toBe('private, no-cache');
    expect(cacheControl({ 'cache-control': 'no-store, no-cache, must-revalidate' }, { method: 'GET', path: '/api/user.php' })).toBe(
      'no-store, no-cache, must-revalidate',
    );
  });

  it('When an anonymous call answers, then its caching is the backend’s; an answer that sets the login cookie is private, no-store', () => {
    expect(cacheControl({}, { method: 'GET', path: '/api/settings.php' })).toBeUndefined();
    expect(cacheControl({ 'cache-control': 'public, max-age=3600' }, { method: 'GET', path: '/api/interests.php' })).toBe(
      'public, max-age=3600',
    );
    expect(cacheControl({ 'set-cookie': ['auth=abc; Path=/'] }, { method: 'POST', path: '/api/signup.php' })).toBe('private, no-store');
    // A photo keeps the caching its route gives it.
    expect(cacheControl({ 'cache-control': 'public, max-age=3600' })).toBe('public, max-age=3600');
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
