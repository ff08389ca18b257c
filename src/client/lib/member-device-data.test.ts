// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../shared/api/create-client';
import { rememberTracking } from '../features/accounts/tracking';
import { saveLastChat } from '../features/chat/last-chat-storage';
import { outboxStorageKey } from '../features/chat/outbox/outbox-key';
import { writeAnnounced } from '../features/likes/announced';
import { settingsFixture, userFixture } from '../test/fixtures';
import { CHUNK_RELOAD_STORAGE_KEY } from './chunk-reload';
import { DEVICE_MEMBER_KEY } from './device-member';
import { claimDevice, forgetMemberData, heldMember, keepMemberDataWithSession } from './member-device-data';
import { markPushMoment } from './push-moment';
import { loggedOut } from './store/session-slice';
import { createAppStore } from './store/store';

const MEMBER = 7;
const OTHER = 8;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** What a member's pages leave in the browser: his outbox, the chat he opened last, announced likes, drafts. */
function memberDataOf(member: number) {
  window.localStorage.setItem(
    outboxStorageKey(member),
    JSON.stringify([{ key: 'k-1', partner: 9, text: 'Onderweg', queuedAt: new Date().toISOString() }]),
  );
  saveLastChat(window.localStorage, member, {
    conversation: 5,
    profile: { id: 9, name: 'Jan', main_image: null },
    openedAt: new Date().toISOString(),
  });
  writeAnnounced(member, { since: new Date().toISOString(), ids: [3] });
  markPushMoment();
  window.sessionStorage.setItem('chat.draft./conversation.php?conversation=5', 'Half geschreven');
  window.sessionStorage.setItem('directDebit.draft.2', '{"iban":"NL91ABNA0417164300"}');
  window.localStorage.setItem(DEVICE_MEMBER_KEY, String(member));
}

/** The browser's own values, which stay: the traffic source it came with, the last reload after a failed chunk. */
function deviceData() {
  rememberTracking(new URLSearchParams('network=aff1'), window.localStorage);
  window.sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, '1');
}

const keys = () => ({ local: Object.keys(window.localStorage).sort(), session: Object.keys(window.sessionStorage).sort() });
const DEVICE_ONLY = { local: ['tracking'], session: [CHUNK_RELOAD_STORAGE_KEY] };

function storeOf(member: number | null) {
  return createAppStore({
    session: { user: member === null ? null : userFixture({ id: member }), counts: null },
    site: { settings: settingsFixture, locale: 'en', browserLanguage: null, pageError: null },
  });
}

/** The backend's answer to GET /user.php: logged out (403), the member (200), or no network. */
function apiAnswering(answer: 'logged-out' | 'member' | 'offline') {
  const fetch = vi.fn(async () => {
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    const body =
      answer === 'logged-out'
        ? { error: { code: 'authentication_required', message: 'Log in first' }, authentication_required: true }
        : { user: userFixture({ id: MEMBER }), counts: null };
    return new Response(JSON.stringify(body), {
      status: answer === 'logged-out' ? 403 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch, api: createApiClient({ baseUrl: 'http://localhost/api', fetch: fetch as unknown as typeof globalThis.fetch }) };
}

/** The page's window, with a reload the test can see. */
const pageWindow = (reload = vi.fn()) =>
  new Proxy(window, { get: (target, name) => (name === 'location' ? { reload } : Reflect.get(target, name, target)) }) as Window;

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('a member’s data in the browser', () => {
  it('When his data is removed, then his outbox, remembered chat, announced likes, drafts and everything else of his go, and only the browser’s own values stay', () => {
    memberDataOf(MEMBER);
    deviceData();
    forgetMemberData();
    expect(keys()).toEqual(DEVICE_ONLY);
  });

  it('When his data is removed, then his push subscription on this browser is ended too; a browser without one or without service workers is left as it is', async () => {
    const unsubscribe = vi.fn(async () => true);
    const registration = { pushManager: { getSubscription: vi.fn(async () => ({ unsubscribe })) } };
    const withPush = new Proxy(window, {
      get: (target, name) =>
        name === 'navigator' ? { serviceWorker: { getRegistration: async () => registration } } : Reflect.get(target, name, target),
    }) as Window;
    forgetMemberData(withPush);
    await vi.waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
    const none = vi.fn(async () => null);
    const noSubscription = new Proxy(window, {
      get: (target, name) =>
        name === 'navigator'
          ? { serviceWorker: { getRegistration: async () => ({ pushManager: { getSubscription: none } }) } }
          : Reflect.get(target, name, target),
    }) as Window;
    forgetMemberData(noSubscription);
    await vi.waitFor(() => expect(none).toHaveBeenCalledTimes(1));
    // jsdom has no service workers: nothing to end, nothing thrown.
    expect(() => forgetMemberData(window)).not.toThrow();
  });

  it('When another account logs in on the browser, then the data the last member left there goes; his own stays with him', () => {
    memberDataOf(MEMBER);
    deviceData();
    claimDevice(MEMBER);
    expect(window.localStorage.getItem(outboxStorageKey(MEMBER))).not.toBeNull();
    claimDevice(OTHER);
    expect(keys()).toEqual({ local: [DEVICE_MEMBER_KEY, 'tracking'], session: [CHUNK_RELOAD_STORAGE_KEY] });
    expect(heldMember()).toBe(OTHER);
  });

  it('When a call answers 403 authentication_required on his page (he is logged out), then his data goes at once', () => {
    memberDataOf(MEMBER);
    deviceData();
    const store = storeOf(MEMBER);
    stops.push(keepMemberDataWithSession(store, apiAnswering('member').api, pageWindow()));
    expect(heldMember()).toBe(MEMBER);
    store.dispatch(loggedOut());
    expect(keys()).toEqual(DEVICE_ONLY);
  });

  it('When a visitor’s page finds a member’s data (a logout posted without JavaScript, a session that ran out), then it goes once the backend says the session is over', async () => {
    memberDataOf(MEMBER);
    deviceData();
    const { api, fetch } = apiAnswering('logged-out');
    stops.push(keepMemberDataWithSession(storeOf(null), api, pageWindow()));
    await vi.waitFor(() => expect(keys()).toEqual(DEVICE_ONLY));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('When the visitor’s page only rendered as a visitor (his session goes on, or the network is gone), then his data stays', async () => {
    for (const answer of ['member', 'offline'] as const) {
      memberDataOf(MEMBER);
      const { api, fetch } = apiAnswering(answer);
      stops.push(keepMemberDataWithSession(storeOf(null), api, pageWindow()));
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(window.localStorage.getItem(outboxStorageKey(MEMBER)), answer).not.toBeNull();
    }
  });

  it('When he logs out in another tab, then this tab’s drafts go and the page loads again in the browser’s session', () => {
    memberDataOf(MEMBER);
    const reload = vi.fn();
    stops.push(keepMemberDataWithSession(storeOf(MEMBER), apiAnswering('member').api, pageWindow(reload)));
    // The other tab removed everything of his (its own forgetMemberData); the browser tells this one.
    window.localStorage.removeItem(DEVICE_MEMBER_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: DEVICE_MEMBER_KEY, oldValue: String(MEMBER), newValue: null }));
    expect(window.sessionStorage.getItem('chat.draft./conversation.php?conversation=5')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
