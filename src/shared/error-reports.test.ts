import type { ErrorEvent } from '@sentry/node';
import { describe, expect, it } from 'vitest';
import { routeOf, scrubEvent } from './error-reports';
import { redactText } from './redact';

describe('error report scrubbing', () => {
  it('When an event carries a request, a user, breadcrumbs and extra data, then only the exception, its frames and the allowed tags remain', () => {
    const event: ErrorEvent = {
      type: undefined,
      event_id: 'e1',
      environment: 'production',
      request: {
        url: 'https://site.example/api/user.php?email=someone@example.test',
        method: 'POST',
        data: '{"password":"hunter2-hunter2"}',
        cookies: { auth: 'cookie-secret-value' },
        headers: { authorization: 'Bearer bearer-secret-value', cookie: 'auth=cookie-secret-value' },
        query_string: 'email=someone@example.test',
      },
      user: { id: '17', email: 'someone@example.test', ip_address: '203.0.113.9' },
      breadcrumbs: [{ message: 'chat message text: meet me at noon' }],
      extra: { body: { text: 'meet me at noon' } },
      contexts: { runtime: { name: 'node', version: 'v22' }, app: { app_memory: 1 } },
      tags: { request_id: 'r-1', route: '/api/user.php', member: 'someone@example.test' },
      exception: {
        values: [
          {
            type: 'TypeError',
            value: 'cannot read "someone@example.test" at /api/x.php?token=abc',
            stacktrace: { frames: [{ filename: '/app/a.js', function: 'f', lineno: 3, colno: 4, vars: { password: 'hunter2-hunter2' } }] },
          },
        ],
      },
    };
    const scrubbed = scrubEvent(event);
    const text = JSON.stringify(scrubbed);
    for (const secret of [
      'someone@example.test',
      'hunter2',
      'cookie-secret-value',
      'bearer-secret-value',
      '203.0.113.9',
      'meet me',
      'token=abc',
    ])
      expect(text).not.toContain(secret);
    expect(scrubbed.tags).toEqual({ request_id: 'r-1', route: '/api/user.php' });
    expect(scrubbed.contexts).toEqual({ runtime: { name: 'node', version: 'v22' } });
    expect(scrubbed.exception?.values?.[0]).toEqual({
      type: 'TypeError',
      value: 'cannot read "[redacted]" at /api/x.php?[redacted]',
      stacktrace: { frames: [{ filename: '/app/a.js', function: 'f', lineno: 3, colno: 4 }] },
    });
  });

  it('When a text or a path holds an e-mail address, a token or a query, then they are redacted and ids become :id', () => {
    const token = 'c0ffee'.repeat(8);
    expect(redactText(`mail to a.b+c@mail.example.test failed, token ${token}`)).toBe('mail to [redacted] failed, token [redacted]');
    expect(routeOf('/profile/12345/photos?sort=new')).toBe('/profile/:id/photos');
    expect(routeOf(`/reset-password/${token}`)).toBe('/reset-password/:id');
  });
});
