// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import nl from '../../../../locales/nl.json';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { LoginLinkPage } from './login-link-page';

afterEach(cleanup);

const TOKEN = 'cd'.repeat(32);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function openLink(answer: (method: string) => Response) {
  const calls: string[] = [];
  const result = renderWithApp(
    <Routes>
      <Route path="/login-link" element={<LoginLinkPage />} />
      <Route path="/members" element={<p>member list</p>} />
    </Routes>,
    {
      url: `/login-link?token=${TOKEN}`,
      locale: 'nl',
      messages: nl,
      fetch: async (input) => {
        const request = input as Request;
        calls.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`);
        return answer(request.method);
      },
    },
  );
  return { calls, ...result };
}

describe('the page a mailed sign-in link opens', () => {
  it('When the link works, then the browser spends its token, the member is stored and the members page opens', async () => {
    const user = userFixture();
    const { calls, store } = openLink(() => json(200, { user }));
    expect(await screen.findByText('member list')).toBeTruthy();
    await waitFor(() => expect(store.getState().session.user?.id).toBe(user.id));
    expect(calls[0]).toBe(`PUT /api/login-link.php {"token":"${TOKEN}"}`);
  });

  it('When the link is used or expired, then the server’s message shows with the way back to the login', async () => {
    openLink(() => json(410, { error: { code: 'token_invalid', message: 'Deze link is verlopen of al gebruikt.' } }));
    const alert = await screen.findByTestId('login-link-failed');
    expect(alert.textContent).toContain('Deze link is verlopen of al gebruikt.');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/login');
  });
});
