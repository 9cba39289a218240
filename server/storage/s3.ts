import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { outsideCallTimeoutMs } from '../config';
import { STAGING_FOLDER, StorageUnavailableError, type MediaObject, type MediaStorage, type Staged } from './types';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name: MinIO, s3rver, Ceph and most self-hosted stores want it. */
  forcePathStyle: boolean;
}

/** S3_BUCKET and its companions, or null when S3_BUCKET is unset (media stays on the local disk). */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
  };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Runs `work` over items with at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const PARALLEL_REQUESTS = 8;

/** Media in an S3-compatible bucket, shared by every instance; the bucket stays private (the site streams it). */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    const timeout = outsideCallTimeoutMs();
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Checksums only where the protocol demands them: many S3-compatible stores refuse the newer trailing ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A stuck store must not hold a reader's request open (the same bound as every outside call).
      requestHandler: { connectionTimeout: timeout, requestTimeout: timeout },
    });
  }

  /** Every failure but a missing object becomes one error the routes answer 503 to. */
  private async call<T>(request: (client: S3Client) => Promise<T>): Promise<T> {
    try {
      return await request(this.client);
    } catch (error) {
      throw isMissing(error) ? error : new StorageUnavailableError(error);
    }
  }

  async open(key: string): Promise<MediaObject | null> {
    try {
      const object = await this.call((client) => client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      if (!object.Body) return null;
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  localFile(): string | null {
    return null;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.call((client) => client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async write(key: string, data: Buffer): Promise<void> {
    const type = contentType(key);
    await this.call((client) => client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: type })));
  }

  async writeFile(key: string, localPath: string): Promise<void> {
    const { size } = await fs.stat(localPath);
    await this.call((client) =>
      client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(localPath), ContentLength: size, ContentType: contentType(key) })),
    );
  }

  private async listObjects(prefix: string): Promise<{ key: string; modified: Date | undefined }[]> {
    const found: { key: string; modified: Date | undefined }[] = [];
    let token: string | undefined;
    do {
      const page = await this.call((client) => client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token })));
      for (const item of page.Contents ?? []) if (item.Key) found.push({ key: item.Key, modified: item.LastModified });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async list(folder: string): Promise<string[]> {
    return (await this.listObjects(`${folder.replace(/\/$/, '')}/`)).map((item) => item.key).sort();
  }

  private async remove(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await this.call((client) => client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } })));
    }
  }

  async removeKey(key: string): Promise<void> {
    await this.remove([key]);
  }

  async removeFolder(folder: string): Promise<void> {
    await this.remove(await this.list(folder));
  }

  /**
   * Uploads the rendered folder under `.import/{name}/` before the rows are written, so an unreachable store fails the
   * import while nothing is committed; commit then copies inside the bucket and drops the staged copies.
   */
  async stage(localDir: string, name: string): Promise<Staged> {
    const prefix = `${STAGING_FOLDER}/${name}`;
    const files = (await fs.readdir(localDir, { withFileTypes: true, recursive: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(localDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    try {
      await eachLimited(files, PARALLEL_REQUESTS, async (file) => this.write(`${prefix}/${file}`, await fs.readFile(path.join(localDir, ...file.split('/')))));
    } catch (error) {
      await this.removeFolder(prefix).catch(() => undefined);
      throw error;
    }
    return {
      commit: async (moves) => {
        const copies = moves.flatMap((move) =>
          files.filter((file) => file.startsWith(`${move.from}/`)).map((file) => ({ from: `${prefix}/${file}`, to: `${move.to}${file.slice(move.from.length)}` })),
        );
        await eachLimited(copies, PARALLEL_REQUESTS, async (copy) => {
          const source = `${this.bucket}/${copy.from.split('/').map(encodeURIComponent).join('/')}`;
          await this.call((client) =>
            client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: copy.to, CopySource: source, ContentType: contentType(copy.to), MetadataDirective: 'REPLACE' })),
          );
        });
        await this.removeFolder(prefix);
      },
      discard: () => this.removeFolder(prefix),
    };
  }

  async removeAbandonedStaging(maxAgeMs: number): Promise<void> {
    const before = Date.now() - maxAgeMs;
    const stale = (await this.listObjects(`${STAGING_FOLDER}/`)).filter((item) => item.modified && item.modified.getTime() < before);
    await this.remove(stale.map((item) => item.key));
  }
}

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml', webp: 'image/webp', json: 'application/json', pdf: 'application/pdf' };

function contentType(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
