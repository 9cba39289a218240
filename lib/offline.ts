import { scaleFor } from './reader';

/**
 * Offline issues (issue 32): the names and rules the browser's store (services/offline.ts), the offline screen and the
 * service worker (public/sw.js, which cannot import this file and repeats the names marked "sw.js") agree on.
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
export const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

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
export const STORAGE_MARGIN = 1.2;

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
