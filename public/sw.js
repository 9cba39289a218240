/*
 * The site's service worker (issue 32; docs/reading.md, "Offline reading"). It keeps:
 * - the frame: the offline screen (/offline, fetched without cookies, so it is the same page for everyone), the build's
 *   scripts and styles it names, the manifest and icons. Pages a member opens are never stored: a navigation goes to
 *   the network, and only when that fails is the offline screen shown in its place.
 * - downloaded issues: their pages and texts, stored by the site's own code (services/offline.ts) in Cache Storage
 *   under /offline-store/{issue}/page|text/{n}, answered here only while the download's record (IndexedDB) says it
 *   has not expired; an expired issue is refused (410) and its files removed.
 * Names shared with lib/offline.ts: OFFLINE_CACHE, OFFLINE_DB, OFFLINE_STORE, OFFLINE_PREFIX.
 */
const SHELL_CACHE = 'offline-shell-v2';
const OFFLINE_CACHE = 'offline-issues-v1';
const OFFLINE_DB = 'offline-issues';
const OFFLINE_STORE = 'issues';
const OFFLINE_PREFIX = '/offline-store/';
const OFFLINE_PAGE = '/offline';
const SHELL_FILES = ['/manifest.webmanifest', '/icons/app-192.png', '/icons/app-512.png', '/icons/app-maskable-512.png', '/logo-mark.svg'];
/** The frame is fetched again after a day, on a navigation that reached the network. */
const SHELL_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SHELL_STAMP = 'x-offline-shell-stored';

/** A build file's path as a script names another: "static/chunks/…" (Turbopack) or "/_next/static/chunks/…". */
const CHUNK_NAME = /["'](?:\/_next\/)?(static\/chunks\/[\w.-]+\.(?:js|css))["']/g;

/**
 * Stores the offline screen, every build file it names and, at any depth, the script chunks those load later (the
 * offline reader is one, and the reader's text view, find, read-aloud and settings are the chunks it loads on
 * demand): a screen whose scripts are missing would not run, and a text view whose code is missing would not open.
 */
async function storeShell() {
  const response = await fetch(OFFLINE_PAGE, { credentials: 'omit', cache: 'no-store', redirect: 'error' });
  if (!response.ok) throw new Error(`the offline screen answered ${response.status}`);
  const html = await response.text();
  const assets = new Set(SHELL_FILES);
  const named = [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map((match) => match[1]);
  for (const file of named) assets.add(file);
  // Each script once, following what it names until nothing new turns up.
  const read = new Set();
  const queue = named.filter((file) => file.endsWith('.js'));
  while (queue.length > 0) {
    const script = queue.shift();
    if (read.has(script)) continue;
    read.add(script);
    const code = await (await fetch(script)).text();
    for (const match of code.matchAll(CHUNK_NAME)) {
      const file = `/_next/${match[1]}`;
      assets.add(file);
      if (file.endsWith('.js') && !read.has(file)) queue.push(file);
    }
  }
  const cache = await caches.open(SHELL_CACHE);
  await cache.addAll([...assets]);
  const headers = new Headers(response.headers);
  headers.set(SHELL_STAMP, String(Date.now()));
  await cache.put(OFFLINE_PAGE, new Response(html, { status: 200, headers }));
}

self.addEventListener('install', (event) => {
  event.waitUntil(storeShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, OFFLINE_CACHE]);
      for (const name of await caches.keys()) if (name.startsWith('offline-') && !keep.has(name)) await caches.delete(name);
      // A navigation's request starts while the worker wakes up.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** A nonce no one can guess, as the middleware makes them (16 random bytes, base64). */
function freshNonce() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The stored offline screen with a new nonce in its policy and tags, so no two answers share one. The page holds no
 * member's data (it was fetched without cookies); what it shows comes from this browser's own store.
 */
async function offlineScreen() {
  const cache = await caches.open(SHELL_CACHE);
  const stored = await cache.match(OFFLINE_PAGE);
  if (!stored) {
    return new Response('<!doctype html><html lang="en"><title>Offline</title><h1>You are offline</h1><p>Connect to the internet and try again.</p></html>', {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" },
    });
  }
  let html = await stored.text();
  const headers = new Headers(stored.headers);
  const policy = headers.get('content-security-policy') || '';
  const old = /'nonce-([^']+)'/.exec(policy);
  if (old) {
    const nonce = freshNonce();
    html = html.split(old[1]).join(nonce);
    headers.set('content-security-policy', policy.split(old[1]).join(nonce));
  }
  for (const name of ['content-length', 'content-encoding', SHELL_STAMP]) headers.delete(name);
  headers.set('cache-control', 'no-store');
  return new Response(html, { status: 200, headers });
}

async function shellIsOld() {
  const stored = await (await caches.open(SHELL_CACHE)).match(OFFLINE_PAGE);
  return !stored || Date.now() - Number(stored.headers.get(SHELL_STAMP) || 0) > SHELL_MAX_AGE_MS;
}

/** A page: always from the network (never stored); with no connection, the offline screen in its place. */
async function navigate(event) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    if (await shellIsOld()) event.waitUntil(storeShell().catch(() => undefined));
    return response;
  } catch {
    return offlineScreen();
  }
}

/** Build files are named by their content: the stored copy is the file, and one seen online is kept. */
async function buildFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  const stored = await cache.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** The manifest and icons: the network's copy when there is one, else the stored one. */
async function shellFile(request) {
  try {
    return await fetch(request);
  } catch {
    const stored = await (await caches.open(SHELL_CACHE)).match(request);
    return stored || Response.error();
  }
}

function openStore() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(OFFLINE_DB, 1);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(OFFLINE_STORE)) open.result.createObjectStore(OFFLINE_STORE, { keyPath: 'issueId' });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function withStore(mode, work) {
  const db = await openStore();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(OFFLINE_STORE, mode);
      const request = work(tx.objectStore(OFFLINE_STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Removes an expired download: its record and every stored file. */
async function forget(issueId) {
  await withStore('readwrite', (store) => store.delete(issueId));
  const cache = await caches.open(OFFLINE_CACHE);
  const prefix = `${OFFLINE_PREFIX}${issueId}/`;
  for (const request of await cache.keys()) if (new URL(request.url).pathname.startsWith(prefix)) await cache.delete(request);
}

function refusal(status, message) {
  return new Response(JSON.stringify({ status: 'error', message }), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

/** A stored page or text, only while its download has not expired. */
async function storedFile(event, url) {
  const match = /^\/offline-store\/(\d+)\/(page|text)\/(\d+)$/.exec(url.pathname);
  if (!match) return refusal(404, 'No such stored file');
  const issueId = Number(match[1]);
  const record = await withStore('readonly', (store) => store.get(issueId));
  if (!record) return refusal(404, 'This issue is not downloaded');
  if (!(record.expiresAt > Date.now())) {
    event.waitUntil(forget(issueId).catch(() => undefined));
    return refusal(410, 'This download has expired: open the issue online to download it again');
  }
  const stored = await (await caches.open(OFFLINE_CACHE)).match(url.pathname);
  return stored || refusal(404, 'This page is not stored');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(OFFLINE_PREFIX)) event.respondWith(storedFile(event, url));
  else if (request.mode === 'navigate') event.respondWith(navigate(event));
  else if (url.pathname.startsWith('/_next/static/')) event.respondWith(buildFile(request));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(shellFile(request));
});
