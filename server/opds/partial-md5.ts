import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { issues } from '../db/schema';
import { mediaStorage } from '../storage';

/**
 * KOReader's document key of a file: its "partial MD5" (util.partialMD5 in KOReader's frontend/util.lua, which the
 * kosync plugin sends as `document` by default). One MD5 over up to twelve 1024-byte samples, at offsets
 * lshift(1024, 2*i) for i = -1..10 with LuaJIT's 32-bit shift, so i = -1 is offset 0 and then 1 KiB, 4 KiB, 16 KiB, …
 * 1 GiB; a sample past the end of the file stops it, one that reaches the end is shorter.
 */

const SAMPLE = 1024;

/** The offsets KOReader samples, in its order. */
export const PARTIAL_MD5_OFFSETS: readonly number[] = [0, ...Array.from({ length: 11 }, (_, i) => SAMPLE * 4 ** i)];

/** The partial MD5 of a file held whole in memory (the import has it so). */
export function partialMd5(bytes: Buffer): string {
  const md5 = createHash('md5');
  for (const offset of PARTIAL_MD5_OFFSETS) {
    if (offset >= bytes.length) break;
    md5.update(bytes.subarray(offset, offset + SAMPLE));
  }
  return md5.digest('hex');
}

/**
 * The partial MD5 of a stored object read as a stream (a bucket has no seek): the samples are taken as the bytes go
 * by, and the stream is left once the last sample the file can give is read.
 */
export async function partialMd5OfStream(body: Readable): Promise<string> {
  const md5 = createHash('md5');
  let position = 0;
  let next = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      const end = position + chunk.length;
      // The part of each sample this chunk holds; a sample split across chunks is finished by the next one.
      while (next < PARTIAL_MD5_OFFSETS.length && PARTIAL_MD5_OFFSETS[next] < end) {
        const from = Math.max(PARTIAL_MD5_OFFSETS[next], position);
        const to = Math.min(PARTIAL_MD5_OFFSETS[next] + SAMPLE, end);
        if (to > from) md5.update(chunk.subarray(from - position, to - position));
        if (PARTIAL_MD5_OFFSETS[next] + SAMPLE > end) break;
        next++;
      }
      position = end;
      if (next >= PARTIAL_MD5_OFFSETS.length) break;
    }
  } finally {
    body.destroy();
  }
  return md5.digest('hex');
}

/** How many originals one batch reads before the next is looked up. */
const BACKFILL_BATCH = 200;

/**
 * Keys a batch of the originals kept before the import wrote their partial MD5, one original at a time, stopping
 * between two when `stop` says so (the site shutting down). Run by the job queue (server/jobs/upkeep.ts), never on
 * a sync's request path: a sync looks a key up in the column and does not wait for this. Returns how many it keyed
 * and whether any are left. An original missing from the storage is marked '' (no key matches it), so it is not read
 * again and does not keep the rest from being keyed.
 */
export async function backfillPartialMd5(db: Database = getDb(), stop: () => boolean = () => false): Promise<{ keyed: number; more: boolean }> {
  let keyed = 0;
  const rows = await db
    .select({ id: issues.id, originalKey: issues.originalKey })
    .from(issues)
    .where(and(isNotNull(issues.originalKey), isNull(issues.partialMd5)))
    .orderBy(asc(issues.id))
    .limit(BACKFILL_BATCH);
  for (const row of rows) {
    if (stop()) return { keyed, more: true };
    const object = await mediaStorage().open(row.originalKey!);
    const key = object ? await partialMd5OfStream(object.body) : '';
    // The original replaced meanwhile (a new import of the issue wrote its own key): left as the import wrote it.
    await db
      .update(issues)
      .set({ partialMd5: key })
      .where(and(eq(issues.id, row.id), eq(issues.originalKey, row.originalKey!), isNull(issues.partialMd5)));
    if (key) keyed++;
  }
  return { keyed, more: rows.length === BACKFILL_BATCH };
}

/** Whether any original waits for its partial MD5 (start-up adds the job only then). */
export async function originalsToKey(db: Database = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ id: issues.id })
    .from(issues)
    .where(and(isNotNull(issues.originalKey), isNull(issues.partialMd5)))
    .limit(1);
  return Boolean(row);
}
