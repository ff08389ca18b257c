// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { mailChangeAction, MailChangeDoPage } from './mail-change-do-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function backend(answer: Response) {
  const calls: { method: string; path: string; body: string }[] = [];
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    calls.push({ method: request.method, path: url.pathname, body: request.method === 'GET' ? '' : await request.clone().text() });
    return answer.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('/mail-change/do', () => {
  it('When the mailed link is opened, then the page posts its token through its action, and the page saying so loads as a new document', async () => {
    const { fetch, calls } = backend(json(200, { success: true }));
    const replace = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, assign });
    renderWithApp(<MailChangeDoPage />, { url: '/mail-change/do?token=abc123', user: userFixture(), fetch, action: mailChangeAction });
    await waitFor(() => expect([...replace.mock.calls, ...assign.mock.calls]).toEqual([['/mail-change/do?changed=1']]));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toContain('abc123');
  });

  it('When the page says the change went through, then the member finds the way to his settings', () => {
    renderWithApp(<MailChangeDoPage />, { url: '/mail-change/do?changed=1', user: userFixture(), action: mailChangeAction });
    expect(screen.getByTestId('mail-change-done').textContent).toContain('Your e-mail address has been changed.');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('When the token is refused or missing, then the failure shows', async () => {
    const refused = backend(json(400, { error: { code: 'invalid_token', message: 'Link expired or invalid, request a new e-mail' } }));
    renderWithApp(<MailChangeDoPage />, { url: '/mail-change/do?token=old', fetch: refused.fetch, action: mailChangeAction });
    expect((await screen.findByTestId('mail-change-failed')).textContent).toContain('Link expired or invalid');
    expect(refused.calls).toHaveLength(1);
    cleanup();
    const none = backend(json(200, { success: true }));
    renderWithApp(<MailChangeDoPage />, { url: '/mail-change/do', fetch: none.fetch, action: mailChangeAction });
    expect(screen.getByTestId('mail-change-failed').textContent).toContain('Link expired or invalid, request a new e-mail');
    expect(none.calls).toEqual([]);
  });
});
