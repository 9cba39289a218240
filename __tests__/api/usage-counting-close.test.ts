import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { closeDb, getPool } from '@/server/db/client';
import { startEmbeddedDatabaseProcess } from '@/server/db/embedded-process';
import { runMigrations } from '@/server/db/migrate';
import { countSearch, countUse } from '@/server/usage/counting';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Counting answers the reader at once and writes later, one count at a time. A process that closes its database
 * (a test's teardown, a command-line tool, a shutdown) must first let the counts it accepted land: before, a count
 * still queued opened a second pool of its own after closeDb, and failed ("Usage counting failed ... Connection
 * terminated unexpectedly") when the server went, as every story page test's teardown logged.
 */
describe('closing the database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-close-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the counts already accepted before it ends the pool, so none is lost or fails when the server stops', async () => {
    const port = await freePort();
    let database = await startEmbeddedDatabaseProcess(path.join(dir, 'pglite'), port);
    process.env.DATABASE_URL = database.url;
    process.env.DATABASE_POOL_MAX = '2';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await runMigrations(getPool());
      const reading = { kind: 'story' as const, libraryId: 1, titleId: 2, issueId: 3, reader: 'member:4' };
      // Accepted, not awaited: as a story page or a search call leaves them.
      for (let story = 1; story <= 5; story += 1) void countUse({ ...reading, storyId: story });
      void countSearch({ libraryId: 1, reader: 'member:4' });
      await closeDb();
      // What a test's teardown does next: the server goes.
      await database.stop();
      database = await startEmbeddedDatabaseProcess(path.join(dir, 'pglite'), port);
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const counted = await client.query<{ events: string; searches: string }>(
          'SELECT (SELECT count(*) FROM usage_events) AS events, (SELECT count(*) FROM usage_searches) AS searches',
        );
        expect(counted.rows[0]).toEqual({ events: '5', searches: '1' });
      } finally {
        await client.end();
      }
      expect(errors.mock.calls.filter(([message]) => String(message).startsWith('Usage counting failed'))).toEqual([]);
    } finally {
      errors.mockRestore();
      await closeDb();
      await database.stop();
    }
  });
});
