import fs from 'node:fs';
import { Pool } from 'pg';
import { runMigrations } from '@/server/db/migrate';
import { freshDatabase } from './helpers/app';
import { migrationsUpTo } from './helpers/migrations';

describe('migration 0013_search_every_script', () => {
  it('makes text stored before it normalised and its Chinese and Japanese words findable inside longer runs', async () => {
    const database = await freshDatabase('search_every_script_migration');
    const pool = new Pool({ connectionString: database.url, max: 1 });
    const before = migrationsUpTo('0010_library_route_settings');
    const matches = async (table: string, query: string) =>
      (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE search_vector @@ $1::tsquery`, [query])).rows[0].n;
    try {
      await runMigrations(pool, before);
      await pool.query(`INSERT INTO languages (code, name, display_name) VALUES ('ja', 'Japanese', 'Japanese') ON CONFLICT DO NOTHING`);
      await pool.query(`INSERT INTO categories (id, name, slug) VALUES (1, 'News', 'news')`);
      await pool.query(`INSERT INTO magazines (id, name, slug, category_id, language_code, about) VALUES (1, 'Review', 'review', 1, 'ja', '東アジアの経済誌')`);
      await pool.query(`INSERT INTO issues (id, magazine_id, name, issue_date, cover_path, cover_width, cover_height) VALUES (1, 1, 'May', '2026-05-01', 'c', 1, 1)`);
      await pool.query(
        `INSERT INTO issue_pages (issue_id, page_no, image_path, width, height, text) VALUES
           (1, 1, 'p/1', 1, 1, 'マーケットモデルの取引です'), (1, 2, 'p/2', 1, 1, E'اﻟﻌﺮﺑﻴﺔ\\tnews\\u0007')`,
      );
      await pool.query(
        `INSERT INTO stories (magazine_id, issue_id, category_id, title, body, canon_url, slug, published_at)
           VALUES (1, 1, 1, '次元の話', '東京証券取引所の新しいシステム', 'news/review/1/a', 'a', now())`,
      );
      // Before: a word inside a run is not found, and the stored text is as it was written.
      expect(await matches('issue_pages', `'取引'`)).toBe(0);

      await runMigrations(pool);
      expect(await matches('issue_pages', `'取引'`)).toBe(1);
      expect(await matches('issue_pages', `'マー' <-> 'ーケ' <-> 'ケッ'`)).toBe(1);
      expect(await matches('issue_pages', `'العربية'`)).toBe(1);
      expect((await pool.query(`SELECT text FROM issue_pages WHERE page_no = 2`)).rows[0].text).toBe('العربية news');
      expect(await matches('stories', `'取引' <-> '引所'`)).toBe(1);
      expect(await matches('stories', `'次元'`)).toBe(1);
      expect(await matches('magazines', `'経済'`)).toBe(1);
    } finally {
      await pool.end();
      await database.stop();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
