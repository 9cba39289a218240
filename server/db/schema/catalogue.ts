import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TextLine } from '../../../lib/text-layer';
import { timestamps } from './helpers';

export const stores = pgTable('stores', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  ...timestamps,
});

/** Content categories. 52 is newspapers, 154 journals, 127 always hidden (SPEC §9). */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.slug), index('categories_sort_idx').on(t.sortOrder)],
);

/** Languages (SPEC §3 Language: lang_code, _lang, lang, display_name, cc, store_id). */
export const languages = pgTable(
  'languages',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    cc: text('cc').notNull().default('IN'),
    storeId: integer('store_id').notNull().default(1),
    /** Lower comes first; the spec's fixed list leads. */
    sortOrder: integer('sort_order').notNull().default(1000),
    /** PostgreSQL text-search configuration for this language ('simple' where there is none). */
    searchConfig: text('search_config').notNull().default('simple'),
    ...timestamps,
  },
  (t) => [index('languages_sort_idx').on(t.sortOrder)],
);

/** A magazine, newspaper or journal title. */
export const magazines = pgTable(
  'magazines',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    about: text('about').notNull().default(''),
    publisher: text('publisher').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    languageCode: text('language_code')
      .notNull()
      .references(() => languages.code),
    storeId: integer('store_id').notNull().default(1),
    isGold: boolean('is_gold').notNull().default(false),
    /** The youngest age the title suits, 1 to 9; readers see titles at or below their rating. */
    ageRating: integer('age_rating').notNull().default(3),
    /** Higher is more read; orders Most Popular and category listings. */
    popularity: integer('popularity').notNull().default(0),
    /** International Standard Serial Number, when known: an imported PDF joins the title with the same one. */
    issn: text('issn'),
    /** The ISSN of the online edition, when it has its own (KBART online_identifier, MARC 022). */
    onlineIssn: text('online_issn'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('magazines_slug_idx').on(t.slug),
    uniqueIndex('magazines_issn_idx').on(t.issn),
    uniqueIndex('magazines_online_issn_idx').on(t.onlineIssn),
    index('magazines_category_idx').on(t.categoryId, t.popularity),
    index('magazines_language_idx').on(t.languageCode, t.popularity),
  ],
);

/** Membership of a magazine in a fixed top list (BS, F, IF, TF, NA), in order. */
export const magazineLists = pgTable(
  'magazine_lists',
  {
    list: text('list').notNull(),
    magazineId: integer('magazine_id')
      .notNull()
      .references(() => magazines.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
  },
  (t) => [primaryKey({ name: 'magazine_lists_pk', columns: [t.list, t.magazineId] }), index('magazine_lists_rank_idx').on(t.list, t.rank)],
);

/** One issue (edition) of a magazine. */
export const issues = pgTable(
  'issues',
  {
    id: integer('id').primaryKey(),
    magazineId: integer('magazine_id')
      .notNull()
      .references(() => magazines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    isSpecial: boolean('is_special').notNull().default(false),
    pageCount: integer('page_count').notNull().default(0),
    /** Cover image folder; files are view/1.jpg..view/3.jpg beneath it. */
    coverPath: text('cover_path').notNull(),
    coverWidth: integer('cover_width').notNull(),
    coverHeight: integer('cover_height').notNull(),
    /** The number printed on the issue ('123', '37-38'), when it has one: matches a re-import. */
    issueNumber: text('issue_number'),
    /** Imported issues: the PDF it came from, and its SHA-256 once its pages are all in place (a re-run skips it). */
    sourceFile: text('source_file'),
    contentHash: text('content_hash'),
    /** The issue date was taken from the PDF's creation date, which an operator should check (cleared when one sets it). */
    dateToCheck: boolean('date_to_check').notNull().default(false),
    /** Withdrawn in the console: hidden everywhere and no reader code opens it, until restored (null). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** Every page drawn; null while some are still to draw (server/import/draw.ts). */
    pagesDrawnAt: timestamp('pages_drawn_at', { withTimezone: true }).defaultNow(),
    /** The original PDF's key in the media storage (`originals/<id>.pdf`), kept to draw pages again. */
    originalKey: text('original_key'),
    /** Suffix of the folders the drawing writes the cover and story pictures to; a redraw changes it. */
    drawVersion: text('draw_version'),
    /**
     * KOReader's document key of the original PDF: its partial MD5 (util.partialMD5, server/opds/partial-md5.ts), which
     * KOReader's progress sync names the downloaded file by. Written by the import; null for an issue without an
     * original, or one kept before this column (filled on the first sync that misses, server/opds/partial-md5.ts).
     */
    partialMd5: text('partial_md5'),
    ...timestamps,
  },
  (t) => [index('issues_magazine_date_idx').on(t.magazineId, t.issueDate), index('issues_partial_md5_idx').on(t.partialMd5).where(sql`${t.partialMd5} IS NOT NULL`)],
);

/** One page of an issue: its image and the words printed on it (for search and alt text). */
export const issuePages = pgTable(
  'issue_pages',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    pageNo: integer('page_no').notNull(),
    imagePath: text('image_path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    text: text('text').notNull().default(''),
    /** The text's positioned lines (lib/text-layer.ts TextLine[]) read from an imported PDF; null for a drawn page. */
    textLayer: jsonb('text_layer').$type<TextLine[]>(),
    /** A landscape page: the reader shows it as a two-page spread. */
    isSpread: boolean('is_spread').notNull().default(false),
    /** Its image is drawn; null until the background drawing or a member's request draws it (server/import/draw.ts). */
    drawnAt: timestamp('drawn_at', { withTimezone: true }).defaultNow(),
    /** When an instance took it to draw: another leaves it alone for a while (a claim that old is taken again). */
    drawClaimedAt: timestamp('draw_claimed_at', { withTimezone: true }),
    /** The process that holds the claim (host:pid): one gone from its host lets go of it at once. */
    drawClaimedBy: text('draw_claimed_by'),
  },
  (t) => [uniqueIndex('issue_pages_issue_page_idx').on(t.issueId, t.pageNo)],
);

export type Category = typeof categories.$inferSelect;
export type Language = typeof languages.$inferSelect;
export type Magazine = typeof magazines.$inferSelect;
export type NewMagazine = typeof magazines.$inferInsert;
export type Issue = typeof issues.$inferSelect;
export type NewIssue = typeof issues.$inferInsert;
export type IssuePage = typeof issuePages.$inferSelect;
