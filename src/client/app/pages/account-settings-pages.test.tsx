// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNotificationSettings, notificationSettingsKey } from '../../features/accounts/api/notification-settings';
import { DeleteAccountForm } from '../../features/accounts/components/delete-account-form';
import { NotificationSettingsForm } from '../../features/accounts/components/notification-settings-form';
import { useApi } from '../../lib/api-client';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { notificationsAction, notificationsLoader, settingsAction } from './account-settings-pages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The backend of the deletion: `answer` for DELETE /account.php, which it records (body and all) until `release`. */
function backend(answer: () => Response) {
  const deletions: unknown[] = [];
  let release: () => void = () => undefined;
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    if (request.method === 'DELETE' && new URL(request.url).pathname === '/api/account.php') {
      deletions.push(await request.json());
      await new Promise<void>((resolve) => (release = resolve));
      return answer();
    }
    return json(500, {});
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, deletions, release: () => release() };
}

function fillIn(password: string) {
  fireEvent.click(screen.getByLabelText('I want to take a break'));
  fireEvent.change(screen.getByLabelText('Anything else you want to tell us? (optional)'), { target: { value: ' bye ' } });
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
}

describe('the deletion form with JavaScript (the settings action through the router)', () => {
  it('When the backend refuses the password, then its message shows beside the password, the button is busy only meanwhile, and the reasons and comment stay', async () => {
    const refusal = { error: { code: 'password_wrong', message: 'Het wachtwoord klopt niet.', params: { field: 'password' } } };
    const { fetch, deletions, release } = backend(() => json(403, refusal));
    const sessionEnded = vi.fn();
    renderWithApp(<DeleteAccountForm />, {
      user: userFixture(),
      fetch,
      url: '/settings',
      action: settingsAction,
      context: { sessionEnded },
    });
    fillIn('wrong');
    await waitFor(() => expect(deletions).toEqual([{ password: 'wrong', reasons: ['taking_break'], comment: 'bye' }]));
    // Busy while the answer is awaited (the router's state reaches the button a render after the call went out).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete my account' }).hasAttribute('disabled')).toBe(true));
    release();
    expect(await screen.findByText('Het wachtwoord klopt niet.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Delete my account' }).hasAttribute('disabled')).toBe(false);
    expect((screen.getByLabelText('I want to take a break') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Anything else you want to tell us? (optional)') as HTMLTextAreaElement).value).toBe(' bye ');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('When the account is deleted, then the page holds its calls and live updates, and the browser loads /account-deleted as a whole page in place of the settings', async () => {
    const { fetch, deletions, release } = backend(() => new Response(null, { status: 204 }));
    const sessionEnded = vi.fn();
    const replace = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, assign });
    renderWithApp(<DeleteAccountForm />, {
      user: userFixture(),
      fetch,
      url: '/settings',
      action: settingsAction,
      context: { sessionEnded },
    });
    fillIn('right');
    await waitFor(() => expect(deletions).toHaveLength(1));
    release();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/account-deleted'));
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });
});

/**
 * The backend of the notification settings: GET answers the saved switches; PUT (recorded, held until `release`) saves
 * them, or answers `refusal` when given.
 */
function notificationsBackend(refusal?: unknown) {
  let mail = { messages: true, likes: true, matches: false, news: false };
  const saves: unknown[] = [];
  let reads = 0;
  let release: () => void = () => undefined;
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    if (new URL(request.url).pathname !== '/api/notifications.php') return json(500, {});
    if (request.method === 'GET') {
      reads++;
      return json(200, { mail, disabled: [] });
    }
    const body = (await request.json()) as { mail: typeof mail };
    saves.push(body.mail);
    await new Promise<void>((resolve) => (release = resolve));
    if (refusal) return json(400, refusal);
    mail = body.mail;
    return json(200, { mail, disabled: [] });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, saves, reads: () => reads, release: () => release() };
}

/** A part of the page that reads the settings through SWR without the loader's answer (it asks the backend itself). */
function AlsoReadsSettings() {
  const api = useApi();
  useSWR(notificationSettingsKey(), () => getNotificationSettings(api));
  return null;
}

const switchOf = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('the notification switches with JavaScript (the notifications action through the router)', () => {
  it('When a switch is flipped, then every switch is sent at once and shows what was sent meanwhile; saved, the page shows the settings its loader brought again (not the older copy SWR held) and says so', async () => {
    const { fetch, saves, reads, release } = notificationsBackend();
    renderWithApp(
      <>
        <AlsoReadsSettings />
        <NotificationSettingsForm />
      </>,
      {
        user: userFixture(),
        fetch,
        url: '/notifications',
        loader: notificationsLoader,
        action: notificationsAction,
      },
    );
    await screen.findByRole('switch', { name: 'News and offers' });
    // Another part of the page asks for the settings itself: from then on SWR holds an answer of its own.
    await waitFor(() => expect(reads()).toBe(2));
    fireEvent.click(switchOf('News and offers'));
    await waitFor(() => expect(saves).toEqual([{ messages: true, likes: true, matches: false, news: true }]));
    expect(switchOf('News and offers').checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    release();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    expect(reads()).toBe(3);
    expect(switchOf('News and offers').checked).toBe(true);
    expect(switchOf('New matches').checked).toBe(false);
  });

  it('When the backend refuses the change, then its message shows and the switch is back as saved', async () => {
    const refusal = { error: { code: 'mail_disabled', message: 'E-mail staat uit.' } };
    const { fetch, saves, release } = notificationsBackend(refusal);
    renderWithApp(<NotificationSettingsForm />, {
      user: userFixture(),
      fetch,
      url: '/notifications?saved=1',
      loader: notificationsLoader,
      action: notificationsAction,
    });
    expect((await screen.findByRole('status')).textContent).toBe('Saved.');
    fireEvent.click(screen.getByRole('switch', { name: 'New likes' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(switchOf('New likes').checked).toBe(false);
    release();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('E-mail staat uit.'));
    expect(switchOf('New likes').checked).toBe(true);
  });
});
