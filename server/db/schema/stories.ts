import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';

/** A story (article) printed in an issue. */
export const stories = pgTable(
  'stories',
  {
    id: serial('id').primaryKey(),
    magazineId: integer('magazine_id').notNull(),
    issueId: integer('issue_id').notNull(),
    categoryId: integer('category_id').notNull(),
    languageCode: text('language_code').notNull().default('en'),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    body: text('body').notNull(),
    shortDesc: text('short_desc').notNull().default(''),
    /** Reading time in seconds (time_read on the wire). */
    timeRead: integer('time_read').notNull().default(60),
    /** Canonical path under /stories/, unique. */
    canonUrl: text('canon_url').notNull(),
    slug: text('slug').notNull(),
    imagePath: text('image_path').notNull().default(''),
    keywords: text('keywords').array().notNull().default([]),
    isCover: boolean('is_cover').notNull().default(false),
    isShoppable: boolean('is_shoppable').notNull().default(false),
    isNews: boolean('is_news').notNull().default(false),
    pageNo: integer('page_no').notNull().default(1),
    ageRating: integer('age_rating').notNull().default(3),
    /** Read count; orders Latest/Popular lists. */
    popularity: integer('popularity').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('stories_canon_url_idx').on(t.canonUrl),
    index('stories_category_idx').on(t.categoryId, t.publishedAt),
    index('stories_magazine_idx').on(t.magazineId, t.publishedAt),
    index('stories_issue_idx').on(t.issueId),
    index('stories_cover_idx').on(t.isCover, t.publishedAt),
    index('stories_published_idx').on(t.publishedAt),
  ],
);

/** A story in another language, made once and kept. */
export const storyTranslations = pgTable(
  'story_translations',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    languageCode: text('language_code').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    body: text('body').notNull(),
    /** Where the translated-data file is served from (GET by filepath). */
    filePath: text('file_path').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'story_translations_pk', columns: [t.storyId, t.languageCode] }),
    uniqueIndex('story_translations_file_idx').on(t.filePath),
  ],
);

/** Reading events, for For You and Latest. */
export const storyReads = pgTable(
  'story_reads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    storyId: integer('story_id').notNull(),
    ...timestamps,
  },
  (t) => [index('story_reads_user_idx').on(t.userId, t.createdAt)],
);

export type Story = typeof stories.$inferSelect;
export type NewStory = typeof stories.$inferInsert;
