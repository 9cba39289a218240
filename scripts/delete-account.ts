/**
 * npm run delete-account -- <email | mobile | user id>
 *
 * Deletes one member's account and what is tied to it (server/user/delete-account.ts), for an operator answering a
 * deletion request (privacy policy, "Your choices and rights"). It works on DATABASE_URL, else on the running
 * site's embedded database, else on the embedded database started for it (server/db/cli.ts).
 */
import { databaseForCommand } from '../server/db/cli';
import { closeDb, getDb, getPool } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { accountRef, deleteAccount } from '../server/user/delete-account';

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Usage: npm run delete-account -- <email | mobile | user id>');
    process.exit(2);
  }
  const database = await databaseForCommand();
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
    await database.release();
  }
}

main().catch((error: unknown) => {
  console.error('[delete-account] failed:', error);
  process.exitCode = 1;
});
