// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationsAction, notificationsLoader, NotificationsPage } from '../../../app/pages/account-settings-pages';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { PushSettingsCard } from './push-settings-card';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The notification settings' backend: the previews as stored, the PUTs it got, and `refusal` for a PUT when given. */
function backend(refusal?: Response, held: Promise<void> = Promise.resolve()) {
  let previews = false;
  const puts: unknown[] = [];
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const path = new URL(request.url).pathname;
    if (path === '/api/notifications.php')
      return json(200, { mail: { messages: true, likes: true, matches: true, news: false }, disabled: [] });
    if (path !== '/api/push-settings.php') return json(404, { error: { code: 'not_found', message: 'x' } });
    if (request.method === 'PUT') {
      const body = (await request.json()) as { previews: boolean };
      puts.push(body);
      await held;
      if (refusal) return refusal;
      previews = body.previews;
    }
    return json(200, { previews });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, puts };
}

/** `ui` (the card, or the whole page) on /notifications, with the page's loader and action. */
const render = (fetch: typeof globalThis.fetch, ui: ReactNode = <PushSettingsCard />) =>
  renderWithApp(ui, {
    user: userFixture(),
    url: '/notifications',
    path: '/notifications',
    loader: notificationsLoader,
    action: notificationsAction,
    fetch,
  });

describe('PushSettingsCard', () => {
  it('When the previews switch is on its way, then the page’s e-mail switches (a form of the same action) keep showing their state', async () => {
    let release: () => void = () => undefined;
    const { fetch, puts } = backend(undefined, new Promise<void>((resolve) => (release = resolve)));
    const { container } = render(fetch, <NotificationsPage />);
    const toggle = (await screen.findByRole('switch', { name: /Show the sender’s name/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    const mails = () => [...container.querySelectorAll<HTMLInputElement>('input[name^="mail_"]')].map((input) => input.checked);
    expect(mails()).toEqual([true, true, true, false]);
    fireEvent.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ previews: true }]));
    expect(mails()).toEqual([true, true, true, false]);
    release();
    await waitFor(() => expect((screen.getByRole('switch', { name: /Show the sender’s name/ }) as HTMLInputElement).checked).toBe(true));
    expect(mails()).toEqual([true, true, true, false]);
  });

  it('When he turns lock-screen previews on, then the switch is the page’s form: its action stores it and the page’s loader brings the stored state', async () => {
    const { fetch, puts } = backend();
    render(fetch);
    const toggle = (await screen.findByRole('switch', { name: /Show the sender’s name/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ previews: true }]));
    await waitFor(() => expect((screen.getByRole('switch', { name: /Show the sender’s name/ }) as HTMLInputElement).checked).toBe(true));
    expect(screen.queryByText('An error occurred, please try again later.')).toBeNull();
  });

  it('When the backend refuses, then the switch shows the stored state and the error', async () => {
    const { fetch } = backend(json(503, { error: { code: 'backend_unavailable', message: 'x' } }));
    render(fetch);
    const toggle = (await screen.findByRole('switch', { name: /Show the sender’s name/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    expect(await screen.findByText('An error occurred, please try again later.')).toBeTruthy();
    expect((screen.getByRole('switch', { name: /Show the sender’s name/ }) as HTMLInputElement).checked).toBe(false);
  });
});
