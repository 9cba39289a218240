import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '@/server/db/client';
import { issuePages } from '@/server/db/schema';

/** A media folder of the test file's own, set before server/config reads MEDIA_DIR: import this first. */
export const TEST_MEDIA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-media-'));
process.env.MEDIA_DIR = TEST_MEDIA_DIR;

/** Pages 1..count of an issue, 600x780 with a heading and a paragraph each. */
export async function addPages(db: Database, issueId: number, count: number) {
  await db.insert(issuePages).values(
    Array.from({ length: count }, (_, i) => ({
      issueId,
      pageNo: i + 1,
      imagePath: `pages/${issueId}/${i + 1}`,
      width: 600,
      height: 780,
      text: `Heading of page ${i + 1}\n\nThe body of page ${i + 1} tells of harbours and lighthouses.`,
    })),
  );
}
