import { doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';
import { ownedByMember, users } from './users';

/** What a bookmark and a clipping both are: a member's named mark on a page of an issue. */
const pageMark = {
  id: serial('id').primaryKey(),
  userId: ownedByMember(),
  /** The library the member read the issue through, whose rules decide whether it still shows. */
  libraryId: integer('library_id').notNull(),
  issueId: integer('issue_id').notNull(),
  pageNo: integer('page_no').notNull(),
  name: text('name').notNull(),
};

/** A page a member marked in an issue, with the name they gave it. Private like reading (gone with the account). */
export const bookmarks = pgTable(
  'bookmarks',
  { ...pageMark, ...timestamps },
  (t) => [index('bookmarks_user_issue_idx').on(t.userId, t.issueId)],
);

/**
 * A region of a page a member clipped: the region as fractions of the page (the picture is cut from the page image
 * when asked for), and its text. text_scope says whose words the text is: 'region' when the page's words have
 * positions to filter by, 'page' when only the page's plain text exists and the clipping keeps all of it.
 */
export const clippings = pgTable(
  'clippings',
  {
    ...pageMark,
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    text: text('text').notNull(),
    textScope: text('text_scope').notNull(),
    /** Set when the member shares the clipping: the link's unguessable part. */
    shareToken: text('share_token'),
    ...timestamps,
  },
  (t) => [index('clippings_user_issue_idx').on(t.userId, t.issueId), uniqueIndex('clippings_share_token_idx').on(t.shareToken)],
);

/** When a member's bookmarks and clippings last changed (SPEC §3 bk_lud, clip_lud), deletions included. */
export const markChanges = pgTable('mark_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bookmarksChangedAt: timestamp('bookmarks_changed_at', { withTimezone: true }),
  clippingsChangedAt: timestamp('clippings_changed_at', { withTimezone: true }),
});

export type Bookmark = typeof bookmarks.$inferSelect;
export type Clipping = typeof clippings.$inferSelect;
