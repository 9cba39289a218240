import { storedUser } from './browser-storage';
import { scaleFor } from './reader';

/**
 * Offline issues (issue 32): the names and rules the downloads (services/offline.ts), the offline screen and the
 * service worker (public/sw.js, which cannot import this file and repeats the names marked "sw.js") agree on, and the
 * store of the issues this browser keeps. No network here: the offline screen loads this with its first load, so it
 * works with no connection; downloading and renewing are in services/offline.ts, loaded when asked for.
 */

/** Cache Storage of the downloaded pages and texts, keyed by their offline addresses (sw.js). */
export const OFFLINE_CACHE = 'offline-issues-v1';
/** IndexedDB database and store of the download records (sw.js reads them to refuse an expired issue). */
export const OFFLINE_DB = 'offline-issues';
export const OFFLINE_STORE = 'issues';
/** Where stored pages and texts are asked for; only the service worker answers (sw.js). */
export const OFFLINE_PREFIX = '/offline-store/';

/** The offline screen; with ?issue= the offline reader of that download. */
export function offlineReaderAddress(issueId: number, page?: number): string {
  return `/offline?issue=${issueId}${page ? `#page/${page}` : ''}`;
}

export function offlinePageAddress(issueId: number, pageNo: number): string {
  return `${OFFLINE_PREFIX}${issueId}/page/${pageNo}`;
}

export function offlineTextAddress(issueId: number, pageNo: number): string {
  return `${OFFLINE_PREFIX}${issueId}/text/${pageNo}`;
}

/** A page of a downloaded issue, as the reader lays it out (its picture is at offlinePageAddress). */
export interface OfflinePage {
  pageNo: number;
  width: number;
  height: number;
  isSpread: boolean;
  alt: string;
}

/** What the browser keeps of a download, besides the pages and texts in Cache Storage. */
export interface OfflineIssue {
  issueId: number;
  mid: number;
  magName: string;
  issueName: string;
  issueDate: string;
  lang: string;
  pageCount: number;
  pages: OfflinePage[];
  /** The image scale stored (1x, 2x or 3x), chosen for this screen. */
  scale: 1 | 2 | 3;
  /** Bytes stored: pictures and texts. */
  bytes: number;
  /** The member the download was made for (the session's uid); another member's session never shows it. */
  userId: number;
  /** Milliseconds since the epoch. */
  downloadedAt: number;
  renewedAt: number;
  /** When the server's grant ends (milliseconds since the epoch): the issue is refused from then on. */
  expiresAt: number;
}

/** Whether a download may still be read at this time (milliseconds since the epoch). */
export function isDownloadExpired(download: Pick<OfflineIssue, 'expiresAt'>, now: number): boolean {
  return !(download.expiresAt > now);
}

/** Renewal is asked for when a day of the grant has passed (the server decides the new end). */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export function wantsRenewal(download: Pick<OfflineIssue, 'renewedAt'>, now: number): boolean {
  return now - download.renewedAt >= RENEW_AFTER_MS;
}

/** The image scale to store for a screen: its pixel ratio, as the reader chooses at no zoom. */
export function downloadScale(devicePixelRatio: number): 1 | 2 | 3 {
  return scaleFor(1, devicePixelRatio || 1);
}

/** Room the browser grants, from navigator.storage.estimate(): null when it does not say. */
export interface StorageRoom {
  quota: number;
  usage: number;
}

/** Kept free beyond the download's own size, so a download never fills the quota to the last byte. */
const STORAGE_MARGIN = 1.2;

/** Whether a download of about `needed` bytes fits in the room the browser grants. */
export function fitsIn(room: StorageRoom | null, needed: number): boolean {
  if (!room) return true;
  return room.usage + needed * STORAGE_MARGIN <= room.quota;
}

/** Bytes for people: 0 B, 512 KB, 3.4 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/*
 * The store: records in IndexedDB, pages and texts in Cache Storage under the offline addresses the service worker
 * (public/sw.js) answers while a download has not expired.
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
