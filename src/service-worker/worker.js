// Nghe's service worker. The build prepends VERSION and PRECACHE (see integration.ts).
// Never caches /api or anything user-specific: only the offline pages, hashed build assets and the icon.
/* global VERSION, PRECACHE */
const SHELL_CACHE = `nghe-shell-${VERSION}`;
const ASSET_CACHE = `nghe-assets-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

// A new deploy brings a new version: the caches of older versions go.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith("nghe-") && key !== SHELL_CACHE && key !== ASSET_CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") return event.respondWith(pageOrOffline(request, url));
  if (url.pathname.startsWith("/_astro/") || PRECACHE.includes(url.pathname)) event.respondWith(cacheFirst(request));
});

// Build assets carry their content hash in the name, so a cached copy is always right.
async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function pageOrOffline(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    const english = url.pathname === "/en" || url.pathname.startsWith("/en/");
    const offline = await caches.match(english ? "/en/offline" : "/offline");
    if (offline) return offline;
    throw error;
  }
}
