import { describe, expect, it } from 'vitest';
import { idempotencyKeyOf } from '../components/progressive-form';
import { ApiRequestError } from '../lib/api-error';
import { returnPathOf, runFormAction } from './form-action';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};

describe('route actions of progressive forms', () => {
  it('When the backend takes the form, then the action answers its 303; when it refuses, the failure keeps its answer and the fields', async () => {
    const done = await runFormAction(
      'like',
      {},
      async () => 'ok',
      () => new Response(null, { status: 303, headers: { Location: '/x' } }),
    );
    expect(done instanceof Response && done.status).toBe(303);
    const body = { error: { code: 'not_found', message: 'Dit profiel bestaat niet.' } };
    const refused = await runFormAction(
      'like',
      { profile_id: '9' },
      () => Promise.reject(new ApiRequestError(404, body)),
      () => new Response(),
    );
    expect(refused).toEqual({ form: 'like', status: 404, body, fields: { profile_id: '9' } });
  });

  it('When the session ended, then the visitor is sent to the login page; a network failure is the generic error, never a 500', async () => {
    const loggedOut = new ApiRequestError(403, {
      error: { code: 'authentication_required', message: 'Log in' },
      authentication_required: true,
    });
    const login = await runFormAction(
      'chat',
      {},
      () => Promise.reject(loggedOut),
      () => new Response(),
    );
    expect(login instanceof Response && [login.status, login.headers.get('Location')]).toEqual([303, '/login']);
    const network = await runFormAction(
      'chat',
      {},
      () => Promise.reject(new TypeError('fetch failed')),
      () => new Response(),
    );
    expect(network).toEqual({ form: 'chat', status: 502, body: null, fields: {} });
  });

  it('When a form names the page to return to, then only a path of this site is taken', () => {
    expect(returnPathOf(formOf({ return: '/members?gender=male' }), '/members/1')).toBe('/members?gender=male');
    for (const bad of ['https://evil.test/', '//evil.test/', '/\\evil.test', 'members'])
      expect(returnPathOf(formOf({ return: bad }), '/members/1')).toBe('/members/1');
  });

  it('When a form carries its idempotency key, then the action forwards it; a missing or malformed one is replaced by a new key', () => {
    const key = '0f8e5a1c-3b2d-4e6f-8a9b-1c2d3e4f5a6b';
    expect(idempotencyKeyOf(formOf({ idempotency_key: key }))).toBe(key);
    const made = idempotencyKeyOf(formOf({ idempotency_key: 'x; drop' }));
    expect(made).not.toBe('x; drop');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
  });
});
