// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { MailChangeDoPage } from './mail-change-do-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function backend(answer: Response) {
  const calls: { method: string; path: string; body: string }[] = [];
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    calls.push({ method: request.method, path: url.pathname, body: request.method === 'GET' ? '' : await request.clone().text() });
    if (url.pathname === '/api/user.php') return json(200, { user: userFixture({ email: 'new@example.test' }), counts: null });
    return answer.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('/mail-change/do', () => {
  it('When the mailed link is opened, then the browser posts its token, confirms the change, refreshes the member and drops the token from the address bar', async () => {
    const { fetch, calls } = backend(json(200, { success: true }));
    window.history.replaceState(null, '', '/mail-change/do?token=abc123');
    const { store } = renderWithApp(<MailChangeDoPage />, { url: '/mail-change/do?token=abc123', user: userFixture(), fetch });
    expect((await screen.findByTestId('mail-change-done')).textContent).toContain('Your e-mail address has been changed.');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    const confirm = calls.find((c) => c.method !== 'GET');
    expect(confirm?.body).toContain('abc123');
    await vi.waitFor(() => expect(store.getState().session.user?.email).toBe('new@example.test'));
    expect(window.location.search).toBe('');
  });

  it('When the token is refused or missing, then the failure shows and nothing is refreshed', async () => {
    const refused = backend(json(400, { error: { code: 'invalid_token', message: 'Link expired or invalid, request a new e-mail' } }));
    renderWithApp(<MailChangeDoPage />, { url: '/mail-change/do?token=old', fetch: refused.fetch });
    expect((await screen.findByTestId('mail-change-failed')).textContent).toContain('Link expired or invalid');
    expect(refused.calls.some((c) => c.path === '/api/user.php')).toBe(false);
    cleanup();
    const none = backend(json(200, { success: true }));
    renderWithApp(<MailChangeDoPage />, { url: '/mail-change/do', fetch: none.fetch });
    expect(screen.getByTestId('mail-change-failed').textContent).toContain('Link expired or invalid, request a new e-mail');
    expect(none.calls).toEqual([]);
  });
});
