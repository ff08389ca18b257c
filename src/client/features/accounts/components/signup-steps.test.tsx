// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePushAsk } from '../../push/member-push';
import { markPushMoment } from '../../../lib/push-moment';
import { setPushState } from '../../../lib/push-state';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { PushConsent } from './signup-steps';

/** A browser that can push and has not been asked yet (jsdom has neither a push service nor notifications). */
beforeEach(() => {
  vi.stubGlobal('Notification', { permission: 'default' });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(window.navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
  for (const cookie of document.cookie.split(';')) document.cookie = `${cookie.split('=')[0]?.trim()}=; Max-Age=0; Path=/`;
});

/** Whether the push ask (the card at the bottom of a member's pages) would show now. */
function AskState() {
  return <p data-testid="ask">{usePushAsk() ? 'asks' : 'quiet'}</p>;
}

describe('the push step of the signup', () => {
  it('When the new member answers "Not now", then it is remembered like closing the push card (the dismissed_push_alert_<id> cookie the server reads) and the card stays away after a match', () => {
    const onDone = vi.fn();
    const { store } = renderWithApp(
      <>
        <PushConsent onDone={onDone} />
        <AskState />
      </>,
      { user: userFixture({ id: 77 }), url: '/members' },
    );
    // The browser can push, he has not subscribed, and a meaningful moment came (a match): the card would ask now.
    act(() => {
      setPushState({ isCapable: true, isSubscribed: false });
      markPushMoment();
    });
    expect(screen.getByTestId('ask').textContent).toBe('asks');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(document.cookie).toMatch(/(^|; )dismissed_push_alert_77=\d+/);
    expect(store.getState().site.dismissals?.push_alert_77).toBeGreaterThan(0);
    // He said not now: the card stays away, here and (the cookie) on the next page the server renders.
    expect(screen.getByTestId('ask').textContent).toBe('quiet');
  });
});
