import fs from 'node:fs';
import { Pool } from 'pg';
import { runMigrations } from '@/server/db/migrate';
import { freshDatabase } from './helpers/app';
import { migrationsUpTo } from './helpers/migrations';

describe('migration 0007_usage', () => {
  // Drizzle's migrator skips a migration older ('when') than the last one a database has applied.
  it('applies to a database already migrated to 0005, as on a site upgraded in place', async () => {
    const database = await freshDatabase('usage_migration');
    const pool = new Pool({ connectionString: database.url, max: 1 });
    const before = migrationsUpTo('0005_import_pdf');
    try {
      await runMigrations(pool, before);
      expect((await pool.query(`SELECT to_regclass('usage_events') AS name`)).rows[0].name).toBeNull();
      await runMigrations(pool);
      const tables = await pool.query(`SELECT to_regclass('usage_events') AS events, to_regclass('usage_salts') AS salts`);
      expect(tables.rows[0]).toEqual({ events: 'usage_events', salts: 'usage_salts' });
    } finally {
      await pool.end();
      await database.stop();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});

describe('migrations 0008_import_uploads and 0009_usage_searches', () => {
  it('applies to a database already migrated to 0007, as on a site upgraded in place', async () => {
    const database = await freshDatabase('usage_searches_migration');
    const pool = new Pool({ connectionString: database.url, max: 1 });
    const before = migrationsUpTo('0007_usage');
    try {
      await runMigrations(pool, before);
      expect((await pool.query(`SELECT to_regclass('usage_searches') AS name`)).rows[0].name).toBeNull();
      await runMigrations(pool);
      expect((await pool.query(`SELECT to_regclass('usage_searches') AS name`)).rows[0].name).toBe('usage_searches');
      const columns = await pool.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'import_jobs' AND column_name IN ('pages_done', 'stored_path')`);
      expect(columns.rows.map((row) => row.column_name).sort()).toEqual(['pages_done', 'stored_path']);
    } finally {
      await pool.end();
      await database.stop();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});

describe('migration 0010_library_route_settings', () => {
  it('turns the spec’s library ids into settings on a database upgraded in place: 2083 reads under /q/temp and is the open catalogue’s, 2766 goes back after a guest sign-in', async () => {
    const database = await freshDatabase('route_settings_migration');
    const pool = new Pool({ connectionString: database.url, max: 1 });
    const before = migrationsUpTo('0009_usage_searches');
    try {
      await runMigrations(pool, before);
      await pool.query(`INSERT INTO libraries (id, name) VALUES (2083, 'Temp routes'), (2766, 'Callback'), (3001, 'Plain')`);
      await runMigrations(pool);
      const { rows } = await pool.query<{ id: number; temp_routes: boolean; open_catalogue: boolean; callback_after_guest: boolean }>(
        'SELECT id, temp_routes, open_catalogue, callback_after_guest FROM libraries ORDER BY id',
      );
      expect(rows).toEqual([
        { id: 2083, temp_routes: true, open_catalogue: true, callback_after_guest: false },
        { id: 2766, temp_routes: false, open_catalogue: false, callback_after_guest: true },
        { id: 3001, temp_routes: false, open_catalogue: false, callback_after_guest: false },
      ]);
    } finally {
      await pool.end();
      await database.stop();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
