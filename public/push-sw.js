/* The site's service worker, served from the site root and registered for every member as /push-sw.js?v=<build id>
 * (one worker per scope, so push and the app shell share it).
 *
 * App shell: on install it keeps the build's shell — the files /sw-shell.json lists (the entry's script and
 * stylesheets, the offline page's script) and the offline page (/offline) in the member's language — in a cache named
 * after the build id; on activate it deletes every other build's cache. `/assets/*` (hashed names, never changing) is
 * served cache-first and kept as pages load it; a page is asked of the network first, and only when there is none
 * the kept offline page is shown instead of the browser's error. Nothing else is touched or kept: no page, no API
 * answer, no event stream, no /media file.
 *
 * Push: shows what the backend's push says (lock-screen safe by default), sets the app badge (unread messages plus new
 * likes), opens the conversation or the likes page on a click, and saves a renewed subscription. */
'use strict';

const BUILD = new URL(self.location.href).searchParams.get('v') || 'dev';
const CACHE_PREFIX = 'shell-';
const SHELL_CACHE = CACHE_PREFIX + BUILD;
const OFFLINE_PAGE = '/offline';
/** The offline page's language as kept (its Content-Language), once known. */
let offlineLanguage = null;

async function keepOfflinePage(cache, language) {
  const response = await fetch(language ? `${OFFLINE_PAGE}?lang=${encodeURIComponent(language)}` : OFFLINE_PAGE, {
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (!response.ok) return;
  await cache.put(OFFLINE_PAGE, response.clone());
  offlineLanguage = response.headers.get('content-language');
}

// The shell is kept as well as the network allows: a file that fails leaves the rest (and push) working.
async function keepShell() {
  const cache = await caches.open(SHELL_CACHE);
  const list = await fetch('/sw-shell.json', { cache: 'no-store' })
    .then((r) => (r.ok ? r.json() : { assets: [] }))
    .catch(() => ({ assets: [] }));
  const files = Array.isArray(list.assets) ? list.assets.filter((f) => typeof f === 'string' && f.startsWith('/')) : [];
  await Promise.all([
    ...files.map((file) => cache.add(new Request(file, { cache: 'reload' })).catch(() => undefined)),
    keepOfflinePage(cache, null).catch(() => undefined),
  ]);
}

self.addEventListener('install', (event) => event.waitUntil(keepShell().then(() => self.skipWaiting())));

self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)));
      // Pages load while the worker starts (navigation preload), instead of after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable().catch(() => undefined);
      await self.clients.claim();
    })(),
  ),
);

/** A page: from the network; with none, the kept offline page (else the browser's own error). */
async function page(event) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    const language = response.headers.get('content-language');
    const html = (response.headers.get('content-type') || '').startsWith('text/html');
    // The member reads another language now: the offline page follows.
    if (html && language && /^[a-z]{2}$/.test(language) && language !== offlineLanguage) {
      event.waitUntil(
        caches
          .open(SHELL_CACHE)
          .then(async (cache) => {
            const kept = await cache.match(OFFLINE_PAGE);
            offlineLanguage = kept ? kept.headers.get('content-language') : null;
            if (offlineLanguage !== language) await keepOfflinePage(cache, language);
          })
          .catch(() => undefined),
      );
    }
    return response;
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    if (offline) return offline;
    throw error;
  }
}

/** A file of the build (hashed name): from the cache, else from the network and kept. */
async function buildFile(event) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(event.request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.status === 200) event.waitUntil(cache.put(event.request, response.clone()).catch(() => undefined));
  return response;
}

/** The offline page's script: kept with the page (it is no /assets file). */
async function shellFile(event) {
  const kept = await caches.match(event.request, { cacheName: SHELL_CACHE });
  return kept || fetch(event.request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(buildFile(event));
  else if (url.pathname === '/offline.js') event.respondWith(shellFile(event));
  // Everything else (/api, the event stream, /media, icons…) goes to the network as if there were no worker.
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : '';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  const badge = Number.isInteger(data.badge) && data.badge >= 0 ? data.badge : null;
  const work = [];
  if (title) {
    work.push(
      self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        // One notification per kind: a newer one replaces the older (the push service's topic does the same offline).
        tag: typeof data.kind === 'string' ? data.kind : 'site',
        renotify: true,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url },
      }),
    );
  }
  if (badge !== null && 'setAppBadge' in self.navigator) {
    work.push((badge > 0 ? self.navigator.setAppBadge(badge) : self.navigator.clearAppBadge()).catch(() => undefined));
  }
  event.waitUntil(Promise.all(work));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client.focus().then((focused) => (focused && 'navigate' in focused ? focused.navigate(url) : undefined));
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});

// The browser renewed (or dropped) the subscription: subscribe again with the same key and save it for the member.
self.addEventListener('pushsubscriptionchange', (event) => {
  const old = event.oldSubscription;
  const key = old && old.options ? old.options.applicationServerKey : null;
  event.waitUntil(
    (event.newSubscription ? Promise.resolve(event.newSubscription) : key ? self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : Promise.resolve(null)).then(
      (sub) =>
        sub &&
        fetch('/api/user.php?push=1', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', 'request-type': 'client' },
          body: JSON.stringify({ subscription: JSON.stringify(sub.toJSON()) }),
        }),
    ),
  );
});
