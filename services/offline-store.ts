import {
  isDownloadExpired,
  OFFLINE_CACHE,
  OFFLINE_DB,
  OFFLINE_PREFIX,
  OFFLINE_STORE,
  type OfflineIssue,
  type StorageRoom,
} from '@/lib/offline';
import { storedUser } from './storage';

/**
 * The offline issues this browser keeps (issue 32): records in IndexedDB, pages and texts in Cache Storage under the
 * offline addresses the service worker (public/sw.js) answers while a download has not expired. No network here: the
 * offline screen loads it with its first load, so it works with no connection; downloading and renewing are in
 * services/offline.ts, loaded when asked for.
 */

/** Whether this browser can keep issues: Cache Storage, IndexedDB and a service worker. */
export function offlineSupported(): boolean {
  return typeof window !== 'undefined' && 'caches' in window && 'indexedDB' in window && 'serviceWorker' in navigator;
}

function openStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(OFFLINE_DB, 1);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(OFFLINE_STORE)) open.result.createObjectStore(OFFLINE_STORE, { keyPath: 'issueId' });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB would not open'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openStore();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(OFFLINE_STORE, mode);
      const request = work(tx.objectStore(OFFLINE_STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

export async function getDownload(issueId: number): Promise<OfflineIssue | null> {
  return (await withStore<OfflineIssue | undefined>('readonly', (store) => store.get(issueId) as IDBRequest<OfflineIssue | undefined>)) ?? null;
}

export async function saveDownload(record: OfflineIssue): Promise<void> {
  await withStore('readwrite', (store) => store.put(record));
}

async function allDownloads(): Promise<OfflineIssue[]> {
  return withStore<OfflineIssue[]>('readonly', (store) => store.getAll() as IDBRequest<OfflineIssue[]>);
}

export async function forgetFiles(issueId: number | null): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  const prefix = issueId === null ? OFFLINE_PREFIX : `${OFFLINE_PREFIX}${issueId}/`;
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith(prefix)) await cache.delete(request);
  }
}

/** Removes a download: its record first (so nothing shows it), then its files. */
export async function removeDownload(issueId: number): Promise<void> {
  await withStore('readwrite', (store) => store.delete(issueId));
  await forgetFiles(issueId);
}

/** Removes every download in this browser: on logout, and when another member signs in. */
export async function clearDownloads(): Promise<void> {
  if (!offlineSupported()) return;
  await withStore('readwrite', (store) => store.clear());
  await caches.delete(OFFLINE_CACHE);
}

/**
 * The downloads this browser keeps, newest first. Expired ones and another member's are removed, and files no record
 * names (a download cut off by a closed tab) are swept, so nothing half-stored stays.
 */
export async function listDownloads(now = Date.now()): Promise<OfflineIssue[]> {
  if (!offlineSupported()) return [];
  const records = await allDownloads();
  const member = storedUser()?.uid ?? 0;
  const kept: OfflineIssue[] = [];
  for (const record of records) {
    if (isDownloadExpired(record, now) || (member && record.userId !== member)) await removeDownload(record.issueId);
    else kept.push(record);
  }
  const known = new Set(kept.map((record) => `${OFFLINE_PREFIX}${record.issueId}/`));
  const cache = await caches.open(OFFLINE_CACHE);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (![...known].some((prefix) => path.startsWith(prefix))) await cache.delete(request);
  }
  return kept.sort((a, b) => b.downloadedAt - a.downloadedAt);
}

/** The room the browser grants this site, or null when it does not say. */
export async function storageRoom(): Promise<StorageRoom | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  const { quota, usage } = await navigator.storage.estimate();
  return typeof quota === 'number' ? { quota, usage: usage ?? 0 } : null;
}

