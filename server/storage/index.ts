import { MEDIA_DIR } from '../config';
import { processWide } from '../process-wide';
import { LocalStorage } from './local';
import { S3Storage, s3SettingsFromEnv } from './s3';
import type { MediaStorage } from './types';

/**
 * Where media lives (covers, page images, story pictures, logos): the local media folder by default, an S3-compatible
 * bucket when S3_BUCKET is set, so any number of instances share one set of images. Keys are the paths the database
 * records (`pages/12/3/view/2.jpg`), the same on both.
 */

export { StorageUnavailableError, type MediaObject, type MediaStorage, type Staged } from './types';

/**
 * The media storage of this process: S3 when S3_BUCKET is set, else the media folder (`mediaDir`, MEDIA_DIR by
 * default). Settings are read on each call, so a test or a command can point it elsewhere; one client per setting.
 */
export function mediaStorage(mediaDir?: string): MediaStorage {
  const s3 = s3SettingsFromEnv();
  const root = mediaDir ?? (process.env.MEDIA_DIR || MEDIA_DIR);
  const key = s3 ? `s3:${JSON.stringify(s3)}` : `local:${root}`;
  const clients = processWide('media-storages', () => new Map<string, MediaStorage>());
  let storage = clients.get(key);
  if (!storage) {
    storage = s3 ? new S3Storage(s3) : new LocalStorage(root);
    clients.set(key, storage);
  }
  return storage;
}

