import { and, eq, inArray, isNull, lte, not, sql, type SQL } from 'drizzle-orm';
import { excludedCategoryNames, hiddenCategoryIds } from '@/lib/visibility';
import { categories, issues, magazines } from '../db/schema';
import type { Viewer } from '../context/viewer';

/**
 * The part of a viewer that decides what they may see: two viewers with the same key see the same stories, so story
 * reads and search answers are kept under it (caches 'stories' and 'search-results') and shared by every reader
 * under the same rules.
 */
export function visibilityKey(viewer: Viewer, ageRating: number | null): string {
  const excluded = excludedCategoryNames(viewer.flags?.excludeCat)
    .map((name) => name.toLowerCase())
    .sort();
  // A library with a chosen collection sees its own titles only: its key is its own.
  const collection = viewer.collection === 'chosen' ? `|collection:${viewer.libraryId}` : '';
  return `${hiddenCategoryIds(viewer.flags).join(',')}|${excluded.join(',')}|${ageRating ?? '-'}${collection}`;
}

/** SQL condition on `categories` for the categories this viewer may see (SPEC §5). */
export function visibleCategoryWhere(viewer: Viewer): SQL {
  const conditions: SQL[] = [not(inArray(categories.id, hiddenCategoryIds(viewer.flags)))];
  const excluded = excludedCategoryNames(viewer.flags?.excludeCat).map((name) => name.toLowerCase());
  if (excluded.length > 0) conditions.push(not(inArray(sql`lower(${categories.name})`, excluded)));
  return and(...conditions)!;
}

/**
 * SQL condition on `magazines` (joined to `categories` on category_id) for the titles this viewer may
 * see at the given age rating (null: no age filter).
 */
export function visibleMagazineWhere(viewer: Viewer, ageRating: number | null): SQL {
  const conditions: SQL[] = [visibleCategoryWhere(viewer), eq(magazines.categoryId, categories.id)];
  if (ageRating !== null) conditions.push(lte(magazines.ageRating, ageRating));
  const collection = collectionWhere(viewer, magazines.id, magazines.categoryId);
  if (collection) conditions.push(collection);
  return and(...conditions)!;
}

/**
 * SQL condition for titles in the viewer's library's collection (the console's "chosen titles and categories"), or
 * null when the library licenses every title. The subqueries name their own columns, so the condition reads the same
 * in a WHERE and inside a selected expression.
 */
export function collectionWhere(viewer: Viewer, magazineId: SQL | typeof magazines.id, categoryId: SQL | typeof magazines.categoryId): SQL | null {
  if (viewer.collection !== 'chosen') return null;
  return sql`(${magazineId} in (select lct.magazine_id from library_collection_titles lct where lct.library_id = ${viewer.libraryId})
    or ${categoryId} in (select lcc.category_id from library_collection_categories lcc where lcc.library_id = ${viewer.libraryId}))`;
}

/** SQL condition on a story's title (`magazine_id`): in the viewer's collection, or null when every title is. */
export function storyCollectionWhere(viewer: Viewer, magazineId: SQL): SQL | null {
  if (viewer.collection !== 'chosen') return null;
  return sql`${magazineId} in (select cm.id from magazines cm where ${collectionWhere(viewer, sql`cm.id`, sql`cm.category_id`)})`;
}

/**
 * SQL condition on a story (its `issue_id` and `magazine_id`): its issue is not withdrawn and its title is in the
 * viewer's collection. Subqueries only, so it needs no join.
 */
export function storyShownWhere(viewer: Viewer, issueId: SQL, magazineId: SQL): SQL {
  const notWithdrawn = sql`not exists (select 1 from issues wi where wi.id = ${issueId} and wi.withdrawn_at is not null)`;
  const collection = storyCollectionWhere(viewer, magazineId);
  return collection ? sql`(${notWithdrawn} and ${collection})` : notWithdrawn;
}

/** SQL condition on `issues`: not withdrawn in the console. */
export function shownIssueWhere(): SQL {
  return isNull(issues.withdrawnAt);
}

/**
 * SQL condition on `issues` joined to `magazines` and `categories`: the one rule for whether this viewer may see and
 * read an issue at this age rating (its title visible to them, the issue not withdrawn). Search, listings, the issue
 * page and the reader all ask it.
 */
export function visibleIssueWhere(viewer: Viewer, ageRating: number | null): SQL {
  return and(visibleMagazineWhere(viewer, ageRating), shownIssueWhere())!;
}
