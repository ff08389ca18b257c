// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import nl from '../../../../locales/nl.json';
import { renderWithApp } from '../../test/render-app';
import { loginLinkAction, LoginLinkPage } from './login-link-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'cd'.repeat(32);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The page of the mailed link with JavaScript: its form runs the page's action through the router. */
function openLink(answer: () => Response) {
  const calls: string[] = [];
  const replace = vi.fn();
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, replace, assign });
  renderWithApp(<LoginLinkPage />, {
    url: `/login-link?token=${TOKEN}`,
    locale: 'nl',
    messages: nl,
    action: loginLinkAction,
    fetch: async (input) => {
      const request = input as Request;
      calls.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`);
      return answer();
    },
  });
  return { calls, loaded: () => [...replace.mock.calls, ...assign.mock.calls] };
}

describe('the page a mailed sign-in link opens', () => {
  it('When the link works, then the page spends its token at once and the members page loads as a new document', async () => {
    const { calls, loaded } = openLink(() => json(200, { user: {} }));
    await waitFor(() => expect(loaded()).toEqual([['/members']]));
    expect(calls).toEqual([`PUT /api/login-link.php {"token":"${TOKEN}"}`]);
  });

  it('When the link is used or expired, then the server’s message shows with the way back to the login', async () => {
    const { calls } = openLink(() => json(410, { error: { code: 'token_invalid', message: 'Deze link is verlopen of al gebruikt.' } }));
    const alert = await screen.findByTestId('login-link-failed');
    expect(alert.textContent).toContain('Deze link is verlopen of al gebruikt.');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/login');
    expect(calls).toHaveLength(1);
  });

  it('When the link was cut short (a token the backend cannot read, 400), then the page says the link is invalid, not to try again later', async () => {
    openLink(() => json(400, { error: { code: 'bad_request', message: 'The request is not valid.' } }));
    const alert = await screen.findByTestId('login-link-failed');
    expect(alert.textContent).toContain('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });
});
