// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { PushSubscribeButton } from './push-subscribe-button';

const settings = {
  ...settingsFixture,
  push_public_key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
};

/** A browser that can push: the permission it answers and whether the worker ever gets ready. */
function pushBrowser(permission: NotificationPermission, ready: 'never' | 'now') {
  const worker = {
    register: async () => ({}),
    ready:
      ready === 'never'
        ? new Promise(() => undefined)
        : Promise.resolve({ pushManager: { getSubscription: async () => ({ toJSON: () => ({ endpoint: 'https://push.example/1' }) }) } }),
    getRegistration: async () => undefined,
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: { permission: 'default', requestPermission: async () => permission },
  });
}

afterEach(() => {
  cleanup();
  for (const [target, name] of [
    [navigator, 'serviceWorker'],
    [window, 'PushManager'],
    [window, 'Notification'],
  ] as const) {
    Reflect.deleteProperty(target, name);
  }
});

const click = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('push-subscribe'));
  });
};

describe('Turn on notifications', () => {
  it('When the browser cannot push, then the button says so and offers to try again', async () => {
    renderWithApp(<PushSubscribeButton />, { user: userFixture(), settings });
    await click();
    expect((await screen.findByTestId('push-subscribe-status')).textContent).toBe('This browser cannot show push notifications.');
    expect(screen.getByTestId('push-subscribe').textContent).toBe('Try again');
  });

  it('When the member or the browser refuses, then the message says how to allow it, with a way to try again', async () => {
    pushBrowser('denied', 'now');
    renderWithApp(<PushSubscribeButton />, { user: userFixture(), settings });
    await click();
    expect(screen.getByTestId('push-subscribe-status').textContent).toBe(
      "Your browser blocks notifications for this site. Allow them in the browser's site settings, then try again.",
    );
    expect(screen.getByTestId('push-subscribe').textContent).toBe('Try again');
  });

  it('When the subscription never completes, then the button shows progress, and after a few seconds says it took too long and offers to try again', async () => {
    pushBrowser('granted', 'never');
    renderWithApp(<PushSubscribeButton timeoutMs={200} />, { user: userFixture(), settings });
    await click();
    expect(screen.getByTestId('push-subscribe').textContent).toBe('Turning on notifications…');
    expect(screen.getByTestId('push-subscribe').getAttribute('aria-busy')).toBe('true');
    expect((await screen.findByText('Turning on notifications took too long. Please try again.')).textContent).toBeTruthy();
    expect(screen.getByTestId('push-subscribe').textContent).toBe('Try again');
  });
});
