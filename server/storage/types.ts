import type { Readable } from 'node:stream';

/** A stored object opened for reading: its bytes as a stream and its size. */
export interface MediaObject {
  body: Readable;
  size: number;
}

/**
 * Files rendered into a local folder, placed where no reader looks until the database says they exist: commit moves
 * them to their keys (after the rows commit), discard drops them (the import failed). Each runs once.
 */
export interface Staged {
  /** Moves each folder `from` (relative to the staged folder) to the key prefix `to`: `from/view/x` -> `to/view/x`. */
  commit(moves: { from: string; to: string }[]): Promise<void>;
  discard(): Promise<void>;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** The object under a key, or null when there is none. */
  open(key: string): Promise<MediaObject | null>;
  exists(key: string): Promise<boolean>;
  /** Writes an object whole: a reader sees the old one (or none) or the new one, never part of it. */
  write(key: string, data: Buffer): Promise<void>;
  /** Writes a local file as an object whole, without holding it in memory (an uploaded PDF of hundreds of megabytes). */
  writeFile(key: string, localPath: string): Promise<void>;
  /** Every key under a folder (`pages/12`), at any depth. */
  list(folder: string): Promise<string[]>;
  /** Removes one object; none there is not an error. */
  removeKey(key: string): Promise<void>;
  /** Removes a folder and everything under it; nothing there is not an error. */
  removeFolder(folder: string): Promise<void>;
  /** Places the files of a local folder (at any depth) out of readers' sight, under a name unique to this run. */
  stage(localDir: string, name: string): Promise<Staged>;
  /** The file on this machine's disk that holds a key (local storage), or null (a bucket: open it instead). */
  localFile(key: string): string | null;
  /** Drops what runs that died left staged, older than `maxAgeMs`. */
  removeAbandonedStaging(maxAgeMs: number): Promise<void>;
}

/** Where staged files wait, relative to the storage's root: the import's temporary folder. */
export const STAGING_FOLDER = '.import';

/** The storage could not be reached or refused a request (not a missing object): callers answer 503. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the media storage did not answer: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}
