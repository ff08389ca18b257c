// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { createApiClient } from '../../../../shared/api/create-client';
import { userFixture } from '../../../test/fixtures';
import { loginAction } from '../../../app/pages/login-page';
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
      url: '/login',
      action: loginAction,
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
      url: '/login',
      action: loginAction,
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
      url: '/login',
      action: loginAction,
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

  it('When the sign-in link is asked for without JavaScript (the login form posted with its button), then the action mails it without a password and the page says so; a refusal comes back in his language', async () => {
    const calls: string[] = [];
    let answer = json(200, { success: true });
    const api = createApiClient({
      baseUrl: 'http://localhost/api',
      fetch: (async (input: Request) => {
        calls.push(`${input.method} ${new URL(input.url).pathname} ${await input.text()}`);
        return answer.clone();
      }) as unknown as typeof fetch,
    });
    const post = () =>
      loginAction({
        request: new Request('http://localhost/login', {
          method: 'POST',
          body: new URLSearchParams({ email: ' jan@example.test ', password: '', intent: 'login_link' }),
        }),
        params: {},
        context: { api } as never,
      } as never);
    expect(await post()).toEqual({ loginLink: true, email: 'jan@example.test', failure: null });
    expect(calls).toEqual(['POST /api/login-link.php {"email":"jan@example.test"}']);
    answer = json(429, { error: { code: 'rate_limited', message: 'Te veel verzoeken, probeer het later opnieuw.' } });
    expect(await post()).toEqual({
      loginLink: true,
      email: 'jan@example.test',
      failure: { status: 429, body: { error: { code: 'rate_limited', message: 'Te veel verzoeken, probeer het later opnieuw.' } } },
    });
  });

  it('When the password is only wrong, then no sign-in link is offered', async () => {
    renderWithApp(<LoginForm />, {
      url: '/login',
      action: loginAction,
      fetch: async () => json(401, { error: { code: 'login_failed', message: 'x' } }),
    });
    fill();
    await screen.findByRole('alert');
    expect(screen.queryByTestId('login-link-send')).toBeNull();
  });

  it('When the login succeeds, then the action answers 303 to the members as a new document (the session, its language and live updates start afresh)', async () => {
    const calls: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://localhost/api',
      fetch: (async (input: Request) => {
        calls.push(`${input.method} ${new URL(input.url).pathname} ${await input.text()}`);
        return json(200, { user: userFixture() });
      }) as unknown as typeof fetch,
    });
    const body = new URLSearchParams({ email: ' jan@example.test ', password: 'secret' });
    const answer = (await loginAction({
      request: new Request('http://localhost/login', { method: 'POST', body }),
      params: {},
      context: { api } as never,
    } as never)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Location')).toBe('/members');
    expect(answer.headers.get('X-Remix-Reload-Document')).toBe('true');
    expect(calls).toEqual(['POST /api/user.php {"email":"jan@example.test","password":"secret"}']);
  });

  it('When the login page was opened by the data download link (`?return=`), then the form carries it and the login leads back there; any other return is ignored', async () => {
    const back = `/data-export/download?key=${'a'.repeat(32)}`;
    const { container } = renderWithApp(<LoginForm />, { url: `/login?return=${encodeURIComponent(back)}`, action: loginAction });
    expect(container.querySelector<HTMLInputElement>('input[name="return"]')?.value).toBe(back);
    cleanup();
    const other = renderWithApp(<LoginForm />, { url: '/login?return=https%3A%2F%2Fevil.example%2F', action: loginAction });
    expect(other.container.querySelector('input[name="return"]')).toBeNull();

    const api = createApiClient({
      baseUrl: 'http://localhost/api',
      fetch: (async () => json(200, { user: userFixture() })) as unknown as typeof fetch,
    });
    const login = async (fields: Record<string, string>) =>
      (await loginAction({
        request: new Request('http://localhost/login', {
          method: 'POST',
          body: new URLSearchParams({ email: 'jan@example.test', password: 'secret', ...fields }),
        }),
        params: {},
        context: { api } as never,
      } as never)) as Response;
    expect((await login({ return: back })).headers.get('Location')).toBe(back);
    for (const elsewhere of ['//evil.example/', 'https://evil.example/', '/members/42', `${back}&x=1`])
      expect((await login({ return: elsewhere })).headers.get('Location')).toBe('/members');
  });

  it('When the network fails, then the form shows "try again later" rather than an error page', async () => {
    renderWithApp(<LoginForm />, {
      url: '/login',
      action: loginAction,
      fetch: async () => {
        throw new TypeError('network');
      },
    });
    fill();
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred, please try again later.');
  });
});
