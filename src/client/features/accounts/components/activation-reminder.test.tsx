// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPAM_HINT_AFTER_MS } from '../../../../shared/constants';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { ActivationReminder, needsActivationReminder } from './activation-reminder';
import { ResendActivation } from './resend-activation';
import { resendActivationAction } from '../../../app/pages/activate-pages';
import { createApiClient } from '../../../../shared/api/create-client';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const unconfirmed = (overrides = {}) =>
  userFixture({
    status: 'not_confirmed',
    profile: { id: 11, name: 'Jan', country: 'NL', status: 'disabled', main_image: null },
    ...overrides,
  });

function asPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    phone ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148' : 'Mozilla/5.0 (X11; Linux x86_64)',
  );
}

describe('ActivationReminder', () => {
  it('When an unconfirmed member with a disabled profile browses, then the alert shows; on a phone after signup (api_signup_complete) a modal instead', () => {
    asPhone(false);
    renderWithApp(<ActivationReminder />, { user: unconfirmed(), url: '/members?api_signup_complete=1' });
    expect(screen.getByTestId('activation-alert').textContent).toContain('Confirm your e-mail address');
    expect(screen.queryByTestId('activation-modal')).toBeNull();
    cleanup();
    asPhone(true);
    renderWithApp(<ActivationReminder />, { user: unconfirmed(), url: '/members?api_signup_complete=1' });
    expect(screen.getByRole('dialog', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(screen.queryByTestId('activation-alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Without the flag a phone gets the alert too.
    cleanup();
    renderWithApp(<ActivationReminder />, { user: unconfirmed(), url: '/members' });
    expect(screen.getByTestId('activation-alert')).toBeTruthy();
  });

  it('When the member has no address here yet (he came from the PHP service), then the alert names none instead of an empty one', () => {
    asPhone(false);
    const { email: _email, ...withoutAddress } = unconfirmed();
    renderWithApp(<ActivationReminder />, { user: withoutAddress, url: '/members' });
    const alert = screen.getByTestId('activation-alert');
    expect(alert.textContent).toContain('Confirm your address with the link we sent you: until then your messages reach nobody.');
    expect(alert.textContent).not.toContain('sent to');
  });

  it('When the member is on signup, settings or notifications, has stopped e-mails, or is confirmed, then the reminder stays away', () => {
    const user = unconfirmed();
    for (const path of ['/signup', '/complete-signup', '/members/42/signup', '/settings', '/notifications', '/activate/done']) {
      expect(needsActivationReminder(user, path), path).toBe(false);
    }
    expect(needsActivationReminder(user, '/members')).toBe(true);
    expect(needsActivationReminder(unconfirmed({ notifications_disabled: ['spam'] }), '/members')).toBe(false);
    expect(needsActivationReminder(userFixture(), '/members')).toBe(false);
    expect(needsActivationReminder(null, '/members')).toBe(false);
    asPhone(false);
    renderWithApp(<ActivationReminder />, { user, url: '/notifications' });
    expect(screen.queryByTestId('activation-alert')).toBeNull();
  });
});

describe('ResendActivation', () => {
  it('When a minute has passed since the mail, then the spam-folder hint shows; resending hides it for another minute', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ success: true }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    renderWithApp(<ResendActivation sentAt={Date.now()} />, {
      path: '/activate/error',
      action: resendActivationAction,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    act(() => vi.advanceTimersByTime(SPAM_HINT_AFTER_MS - 1000));
    expect(screen.queryByTestId('spam-hint')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('spam-hint').textContent).toBe('No e-mail yet? Look in your spam or junk folder too.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
      await vi.runOnlyPendingTimersAsync();
    });
    expect(screen.getByRole('status').textContent).toBe('We sent the e-mail again.');
    expect(screen.queryByTestId('spam-hint')).toBeNull();
    act(() => vi.advanceTimersByTime(SPAM_HINT_AFTER_MS));
    expect(screen.getByTestId('spam-hint')).toBeTruthy();
  });
});

describe('the resend form without JavaScript', () => {
  it('When the browser posts it, then the mail goes out and the 303 brings him back to the page he was on, which says so', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ success: true }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const api = createApiClient({ baseUrl: 'http://localhost/api', fetch: fetch as unknown as typeof globalThis.fetch });
    const answer = (await resendActivationAction({
      request: new Request('http://localhost/activate/error', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'resend_activation', return: '/members?page=2' }),
      }),
      params: {},
      context: { api },
    } as unknown as Parameters<typeof resendActivationAction>[0])) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Location')).toBe('/members?page=2&activation_resent=1');
    expect(fetch).toHaveBeenCalledTimes(1);

    renderWithApp(<ResendActivation sentAt={Date.now()} />, { url: '/members?page=2&activation_resent=1' });
    expect(screen.getByRole('status').textContent).toBe('We sent the e-mail again.');
  });
});
