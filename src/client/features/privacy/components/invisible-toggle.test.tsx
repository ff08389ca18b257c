// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { myProfileAction } from '../../../app/pages/my-profile-page';
import type { PageContext } from '../../../app/route-handle';
import { createApiClient } from '../../../../shared/api/create-client';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { InvisibleToggle } from './invisible-toggle';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** PUT /invisible.php: the bodies sent, answered with the state sent, or with `refusal`. */
function backend(refusal?: Response) {
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    if (request.method === 'PUT' && new URL(request.url).pathname === '/api/invisible.php') {
      const body = (await request.json()) as { invisible: boolean };
      bodies.push(body);
      return refusal ?? json(200, { invisible: body.invisible });
    }
    return json(500, {});
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, bodies };
}

/** A member who is not invisible. */
function visible() {
  const user = userFixture();
  return userFixture({ profile: { ...user.profile, invisible: false } });
}

describe('InvisibleToggle', () => {
  it('When he turns the switch on and off, then the profile page’s action stores each state through a fetcher and his user (the navigation’s) follows, without a navigation', async () => {
    const { fetch, bodies } = backend();
    const user = visible();
    const { store, router } = renderWithApp(<InvisibleToggle />, {
      user,
      url: '/profile',
      path: '/profile',
      action: myProfileAction,
      fetch,
    });
    const toggle = screen.getByRole('switch', { name: 'Be invisible' });
    expect((toggle as HTMLInputElement).checked).toBe(false);

    fireEvent.click(toggle);
    await waitFor(() => expect(store.getState().session.user?.profile.invisible).toBe(true));
    expect(bodies).toEqual([{ invisible: true }]);
    expect((screen.getByRole('switch', { name: 'Be invisible' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('switch', { name: 'Be invisible' }));
    await waitFor(() => expect(store.getState().session.user?.profile.invisible).toBe(false));
    expect(bodies).toEqual([{ invisible: true }, { invisible: false }]);
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('When the backend refuses, then the switch shows his state as it was and the error in his language', async () => {
    const { fetch } = backend(json(503, { error: { code: 'backend_unavailable', message: 'x' } }));
    const user = visible();
    const { store } = renderWithApp(<InvisibleToggle />, {
      user,
      url: '/profile',
      path: '/profile',
      action: myProfileAction,
      fetch,
      locale: 'de',
      messages: { 'error.generic.later': 'Ein Fehler ist aufgetreten, bitte versuchen Sie es später erneut.' },
    });
    fireEvent.click(screen.getByRole('switch'));
    expect((await screen.findByText('Ein Fehler ist aufgetreten, bitte versuchen Sie es später erneut.')).textContent).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
    expect(store.getState().session.user?.profile.invisible).toBe(false);
  });

  it('When the form is posted without JavaScript, then the action stores the state sent and answers 303 back to his profile', async () => {
    const { fetch, bodies } = backend();
    const context = { api: createApiClient({ baseUrl: 'http://localhost/api', fetch }) } as unknown as PageContext;
    const post = (fields: Record<string, string>) =>
      myProfileAction({
        request: new Request('http://localhost/profile', { method: 'POST', body: new URLSearchParams(fields) }),
        params: {},
        context,
      } as Parameters<typeof myProfileAction>[0]);
    const on = (await post({ intent: 'invisible', invisible: 'on' })) as Response;
    expect(on.status).toBe(303);
    expect(on.headers.get('Location')).toBe('/profile');
    await post({ intent: 'invisible' });
    expect(bodies).toEqual([{ invisible: true }, { invisible: false }]);
  });
});
