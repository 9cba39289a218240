import { and, eq, inArray, lte, not, sql, type SQL } from 'drizzle-orm';
import { excludedCategoryNames, hiddenCategoryIds } from '@/lib/visibility';
import { categories, magazines } from '../db/schema';
import type { Viewer } from '../viewer';

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
  return and(...conditions)!;
}
