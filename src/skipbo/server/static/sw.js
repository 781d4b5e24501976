"use strict";
// The service worker: the page's files kept for offline use, and a clear "You are
// offline" page when the server cannot be reached.
//
// The server writes SKIPBO_SHELL in front of this file (delivery.py): the version and
// the content-hashed URLs of the shell (the two pages' scripts, styles and icons, and
// /offline). A hashed URL always means the same bytes, so it is answered from the
// cache first. A page (a navigation) always goes to the network first: the landing
// page and a table are only shown as the server sends them, and when it cannot be
// reached the offline page says so. /api/* and the WebSocket are never touched here,
// so no game state is ever shown from a cache as if it were live.

const SW_CACHE = `skipbo-shell-${SKIPBO_SHELL.version}`;
// `self`, this service worker's global scope (the checker knows it only as any worker's).
const swScope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

swScope.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SW_CACHE).then((cache) => cache.addAll(SKIPBO_SHELL.urls)).then(() => swScope.skipWaiting()));
});

swScope.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("skipbo-shell-") && name !== SW_CACHE) await caches.delete(name);
      }
      if (swScope.registration.navigationPreload) await swScope.registration.navigationPreload.enable();
      await swScope.clients.claim();
    })(),
  );
});

swScope.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== swScope.location.origin) return;
  if (request.mode === "navigate") event.respondWith(swPageOrOffline(event));
  else if (url.pathname.startsWith("/static/") && url.searchParams.has("v")) event.respondWith(swHashedFile(request));
});

/**
 * A page from the server (the navigation preload's answer when there is one), else
 * the offline page: never an old copy of the page.
 * @param {FetchEvent} event
 * @returns {Promise<Response>}
 */
async function swPageOrOffline(event) {
  try {
    return (await event.preloadResponse) || (await fetch(event.request));
  } catch {
    const offline = await caches.match("/offline");
    return offline || new Response("You are offline.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/**
 * A content-hashed file: the kept copy, else the network's.
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function swHashedFile(request) {
  const kept = await caches.match(request);
  return kept || fetch(request);
}
