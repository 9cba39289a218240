import { Client } from 'pg';
import { E2E_PEERS } from '../../playwright.config';

/** The e2e server's embedded database, as the command-line tools reach it. */
export const E2E_DATABASE_URL = `postgres://postgres@127.0.0.1:${E2E_PEERS.dbPort}/postgres?sslmode=disable`;

/** The e2e server's embedded database, for setting up what a library's administrator would. */
export async function withDatabase<T>(work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}
