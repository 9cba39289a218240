/**
 * npm run delete-account -- <email | mobile | user id>
 *
 * Deletes one member's account and what is tied to it (server/user/delete-account.ts), for an operator answering a
 * deletion request (privacy policy, "Your choices and rights"). With DATABASE_URL set it works on that database;
 * without it, on the embedded database in .data/pglite, which must not be in use: stop `npm run dev`/`npm start`
 * first (PGlite does not lock its folder).
 */
import path from 'node:path';
import { DATA_DIR } from '../server/config';
import { closeDb, getDb, getPool } from '../server/db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { accountRef, deleteAccount } from '../server/user/delete-account';

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Usage: npm run delete-account -- <email | mobile | user id>');
    process.exit(2);
  }
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedDatabase({ dataDir: path.join(DATA_DIR, 'pglite') });
    process.env.DATABASE_URL = embedded.url;
  }
  try {
    await runMigrations(getPool());
    const deleted = await deleteAccount(getDb(), accountRef(arg));
    if (!deleted) {
      console.error(`No account for ${arg}: nothing deleted.`);
      process.exitCode = 1;
      return;
    }
    const removed = Object.entries(deleted.removed)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ');
    console.log(`Deleted account ${deleted.userId} (${arg}) with its favourites, reading places and identities; also ${removed}.`);
  } finally {
    await closeDb();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error('[delete-account] failed:', error);
  process.exitCode = 1;
});
