/**
 * npm run operator -- add <email>        grants the site operator role (making the account if needed) and prints a
 *                                          one-time sign-in link that opens the console
 * npm run operator -- remove <email>     takes the role away
 *
 * Works on DATABASE_URL, else on the running site's embedded database, else on the embedded database started for
 * it (server/db/cli.ts), like `npm run import`. The link names SITE_URL, else the address the running site listens on
 * (it records it under DATA_DIR), never a guess.
 */
import { INVALID_EMAIL_MESSAGE, isValidEmail, normaliseEmail } from '../lib/email';
import { databaseForCommand, runningSiteUrl } from '../server/db/cli';
import { closeDb, getPool } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { configuredSiteUrl } from '../server/http/origin';
import { addOperator, removeOperator } from '../server/admin/operator-command';

const USAGE = 'Usage: npm run operator -- add <email> | remove <email>';

async function main(): Promise<void> {
  const [verb, raw] = process.argv.slice(2);
  if ((verb !== 'add' && verb !== 'remove') || !raw) {
    console.error(USAGE);
    process.exit(2);
  }
  if (!isValidEmail(raw.trim())) {
    console.error(`${raw}: ${INVALID_EMAIL_MESSAGE}`);
    process.exit(2);
  }
  const email = normaliseEmail(raw.trim());
  const database = await databaseForCommand();
  try {
    await runMigrations(getPool());
    if (verb === 'add') {
      const origin = configuredSiteUrl() ?? runningSiteUrl();
      if (!origin) {
        console.error('No site is running on this DATA_DIR and SITE_URL is not set: start the site (npm start), or set SITE_URL to its address, then run this again.');
        process.exitCode = 1;
        return;
      }
      const { created, link } = await addOperator(email, origin);
      console.log(`${email} is a site operator${created ? ' (new account)' : ''}.`);
      console.log(`One-time sign-in link (works once, for an hour):\n  ${link}`);
      if (!configuredSiteUrl()) console.log(`(${origin} is where the site listens on this machine; set SITE_URL for its public address.)`);
    } else {
      const removed = await removeOperator(email);
      console.log(removed ? `${email} is no longer a site operator.` : `${email} was not a site operator: nothing changed.`);
      if (!removed) process.exitCode = 1;
    }
  } finally {
    await closeDb();
    await database.release();
  }
}

main().catch((error: unknown) => {
  console.error('[operator] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
