/**
 * The back office's service worker (registered by web/lib/adminApp.ts with the scope /admin, never by the storefront):
 * it keeps the app shell only, so /admin opens on a phone without a connection: the /admin HTML shell (network first,
 * the cached one when offline) and the build's hashed JS and CSS (/assets/…, which never change under their name).
 * Nothing else is kept: no API answer (/api/…), no uploaded image, nothing about an order or a customer; those go to
 * the network as if there were no worker. It also shows the owners' notifications (server/modules/push/sending.ts)
 * and opens the order's page when one is tapped.
 */
const SHELL_CACHE = 'admin-shell-v1';
const SHELL = '/admin';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(new Request(SHELL, { credentials: 'same-origin' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Only a successful, complete, same-origin answer is kept. */
const keepable = (response) => response.ok && response.status === 200 && response.type === 'basic';

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && (url.pathname === '/admin' || url.pathname.startsWith('/admin/'))) {
    // Network first: the shell as the server sends it now (kept for next time); the kept one when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (keepable(response)) {
            const copy = response.clone();
            event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL, copy)));
          }
          return response;
        })
        .catch(() => caches.match(SHELL, { ignoreVary: true }).then((kept) => kept ?? Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed build files: the kept copy, or the network's, kept.
    event.respondWith(
      caches.match(request, { ignoreVary: true }).then(
        (kept) =>
          kept ??
          fetch(request).then((response) => {
            if (keepable(response)) {
              const copy = response.clone();
              event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
  // Anything else (the API above all) is the network's alone.
});

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  const url = typeof message.url === 'string' && message.url.startsWith('/admin') ? message.url : SHELL;
  event.waitUntil(self.registration.showNotification(message.title, { tag: url, icon: '/admin-icon-192.png', badge: '/admin-icon-192.png', data: { url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? SHELL, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/admin'));
      if (open) return open.navigate(url).then((client) => (client ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
