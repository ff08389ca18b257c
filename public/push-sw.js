/* Push service worker, served from the site root and registered as /push-sw.js?v=<build id>.
 * Shows what the backend's push says (lock-screen safe by default), sets the app badge (unread messages plus new
 * likes), opens the conversation or the likes page on a click, and saves a renewed subscription. */
'use strict';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
