// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import nl from '../../../../../locales/nl.json';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { LoginForm } from './login-form';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fill() {
  fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'jan@example.test' } });
  fireEvent.change(screen.getByLabelText(/Password|Wachtwoord/), { target: { value: 'secret' } });
  fireEvent.submit(screen.getByRole('button', { name: /Log in|Inloggen/ }).closest('form')!);
}

describe('LoginForm', () => {
  it('When the API answers login_failed, then the Dutch reference text is shown, with the hint for members who have not confirmed their address', async () => {
    renderWithApp(<LoginForm />, {
      locale: 'nl',
      messages: nl,
      fetch: async () => json(401, { error: { code: 'login_failed', message: 'x' } }),
    });
    fill();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent?.startsWith('Login mislukt, probeer opnieuw')).toBe(true);
    const hint = screen.getByTestId('login-unconfirmed-hint');
    expect(hint.textContent).toContain('Net ingeschreven?');
    expect(hint.querySelector('a')?.getAttribute('href')).toBe('/reset-password');
  });

  it('When the API answers login_blocked, then the minutes are filled in', async () => {
    renderWithApp(<LoginForm />, {
      locale: 'nl',
      messages: nl,
      fetch: async () => json(429, { error: { code: 'login_blocked', message: 'x', params: { minutes: 15 } } }),
    });
    fill();
    expect((await screen.findByRole('alert')).textContent?.startsWith('Te veel foute pogingen, account voor 15 min geblokkeerd.')).toBe(
      true,
    );
    expect(screen.queryByTestId('login-unconfirmed-hint')).toBeNull();
  });

  it('When the account is blocked, then the member asks for a sign-in link for the typed address and is told it is on its way', async () => {
    const calls: string[] = [];
    renderWithApp(<LoginForm />, {
      locale: 'nl',
      messages: nl,
      fetch: async (input) => {
        const request = input as Request;
        calls.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`);
        return request.url.endsWith('/login-link.php')
          ? json(200, { success: true })
          : json(429, { error: { code: 'login_blocked', message: 'x', params: { minutes: 15 } } });
      },
    });
    fill();
    fireEvent.click(await screen.findByRole('button', { name: 'Stuur me een inloglink' }));
    expect((await screen.findByTestId('login-link-sent')).textContent).toContain(
      'Als jan@example.test een account heeft, is er een inloglink onderweg.',
    );
    expect(calls[1]).toBe('POST /api/login-link.php {"email":"jan@example.test"}');
  });

  it('When the password is only wrong, then no sign-in link is offered', async () => {
    renderWithApp(<LoginForm />, { fetch: async () => json(401, { error: { code: 'login_failed', message: 'x' } }) });
    fill();
    await screen.findByRole('alert');
    expect(screen.queryByTestId('login-link-send')).toBeNull();
  });

  it('When the login succeeds, then the user is stored and the member list opens', async () => {
    const user = userFixture();
    const calls: string[] = [];
    const { store } = renderWithApp(
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/members" element={<p>member list</p>} />
      </Routes>,
      {
        url: '/login',
        fetch: async (input) => {
          const request = input as Request;
          calls.push(`${request.method} ${new URL(request.url).pathname}`);
          return json(200, { user });
        },
      },
    );
    fill();
    expect(await screen.findByText('member list')).toBeTruthy();
    await waitFor(() => expect(store.getState().session.user?.id).toBe(1));
    expect(calls).toEqual(['POST /api/user.php', 'GET /api/user.php']);
  });

  it("When the account's saved language is Dutch and this page is English, then the next page loads whole (in Dutch, by the cookie the login set)", async () => {
    const user = { ...userFixture(), language: 'nl' as const };
    const assigned: string[] = [];
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign: (url: string) => assigned.push(url) } });
    try {
      renderWithApp(<LoginForm />, { url: '/login', locale: 'en', fetch: async () => json(200, { user }) });
      fill();
      await waitFor(() => expect(assigned).toEqual(['/members']));
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
