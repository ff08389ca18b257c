import type { ApiClient } from '../../../shared/api/client';
import { getPushState, setPushState } from '../../lib/push-state';
import { savePushSubscription } from './api/push-api';

/** The build this page belongs to: the worker is registered as `/push-sw.js?v=<build id>`, so a new build updates it. */
function buildId(): string {
  try {
    // Replaced by the build (vite.config.ts `define`); the server renders from source, where import.meta.env is absent.
    return (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev';
  } catch {
    return 'dev';
  }
}
const workerUrl = (): string => `/push-sw.js?v=${encodeURIComponent(buildId())}`;

/** Push capable: service worker, Push API and notifications in this browser (false on the server). */
export function pushCapable(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(workerUrl(), { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** Resolves once the page has loaded (its own files first: the worker's install then finds them in the HTTP cache). */
const pageLoaded = (): Promise<void> =>
  document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));

/**
 * On every page of a logged-in member: registers the worker once the page has loaded — in every browser that has
 * service workers, with or without push, since the worker also keeps the app shell and the offline page — and reads
 * the push state: denied, subscribed (the browser's subscription is saved again, so the server keeps it after a change
 * of member or a lost row), or not subscribed.
 */
export async function loadPushState(api: ApiClient): Promise<void> {
  const worker = typeof window !== 'undefined' && 'serviceWorker' in navigator ? pageLoaded().then(registration) : null;
  // A worker that cannot register (a private window, an insecure origin) leaves the page as it was.
  worker?.catch(() => undefined);
  if (!worker || !pushCapable()) {
    setPushState({ isCapable: false, isSubscribed: false });
    return;
  }
  setPushState({ isCapable: true });
  if (Notification.permission === 'denied') {
    setPushState({ isSubscribed: 'denied' });
    return;
  }
  try {
    const reg = await worker;
    const sub = Notification.permission === 'granted' ? await reg.pushManager.getSubscription() : null;
    if (!sub) {
      setPushState({ isSubscribed: false });
      return;
    }
    const json = JSON.stringify(sub.toJSON());
    if (getPushState().isSubscribed !== json) await savePushSubscription(api, json);
    setPushState({ isSubscribed: json, lastMessage: null });
  } catch (err) {
    setPushState({ isSubscribed: false, lastMessage: err instanceof Error ? err.message : null });
  }
}

/** How long the subscription may take once the member allowed notifications (the worker, the push service, saving). */
const PUSH_SUBSCRIBE_TIMEOUT_MS = 8_000;

class TimedOut extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimedOut('push subscription timed out')), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * Asks for permission, subscribes with the site's VAPID key and saves the subscription; answers the outcome. The
 * question itself takes as long as the member needs; what follows it must finish within `timeoutMs` ('timeout').
 */
export async function subscribePush(
  api: ApiClient,
  publicKey: string | null | undefined,
  timeoutMs = PUSH_SUBSCRIBE_TIMEOUT_MS,
): Promise<PushStateResult> {
  if (!pushCapable() || !publicKey) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') {
    setPushState({ isSubscribed: 'denied' });
    return 'denied';
  }
  if (permission !== 'granted') return 'dismissed';
  try {
    const json = await within(
      (async () => {
        const reg = await registration();
        const sub =
          (await reg.pushManager.getSubscription()) ??
          (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
        const value = JSON.stringify(sub.toJSON());
        await savePushSubscription(api, value);
        return value;
      })(),
      timeoutMs,
    );
    setPushState({ isSubscribed: json, lastMessage: null });
    return 'subscribed';
  } catch (err) {
    setPushState({ isSubscribed: false, lastMessage: err instanceof Error ? err.message : null });
    return err instanceof TimedOut ? 'timeout' : 'failed';
  }
}

export async function unsubscribePush(api: ApiClient): Promise<void> {
  if (pushCapable()) {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const sub = await reg?.pushManager.getSubscription();
    await sub?.unsubscribe();
  }
  await savePushSubscription(api, false);
  setPushState({ isSubscribed: false });
}

export type PushStateResult = 'subscribed' | 'denied' | 'dismissed' | 'unsupported' | 'failed' | 'timeout';
