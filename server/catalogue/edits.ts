/**
 * Changes to titles and libraries, and what each makes stale in the one cache (server/cache). Whatever writes these
 * rows (the import, the console, the seed) calls the matching `...Changed` after its write is committed, so every
 * instance of the site drops the entries at once instead of serving them until they expire.
 */
import { eq } from 'drizzle-orm';
import { invalidateMany } from '../cache';
import { getDb } from '../db/client';
import { libraries, magazines } from '../db/schema';
import { OPEN_CATALOGUE_KEY } from '../context/viewer';

/**
 * Titles, issues, stories or categories changed: the catalogue reads and story reads of every library are keyed by
 * who reads, not by title, so all of them go; so do search's tsqueries (a title in a new language adds its stemming)
 * and its answers.
 */
export function titlesChanged(): Promise<void> {
  return invalidateMany([
    { name: 'catalogue' },
    { name: 'stories' },
    { name: 'story-categories' },
    { name: 'search-terms' },
    { name: 'search-results' },
    { name: 'favourites' },
  ]);
}

/**
 * A library's row changed (its rules, age limit, sign-in ways, routes): its row, the open catalogue's row (which may be
 * it, or have just become it), and the catalogue reads, which are keyed by library id rather than by the rules themselves;
 * search answers too (a chosen collection's are keyed by its library id).
 */
export function libraryChanged(libraryId: number): Promise<void> {
  return invalidateMany([
    { name: 'library', key: String(libraryId) },
    { name: 'library', key: OPEN_CATALOGUE_KEY },
    { name: 'catalogue' },
    { name: 'search-results' },
    { name: 'sign-in-ways' },
    { name: 'favourites' },
  ]);
}

/** Renames a title. */
export async function renameTitle(magazineId: number, name: string): Promise<void> {
  await getDb().update(magazines).set({ name }).where(eq(magazines.id, magazineId));
  await titlesChanged();
}

/** Sets the category names a library hides from its members (SPEC §5); none hides nothing. */
export async function setExcludedCategories(libraryId: number, categoryNames: string[]): Promise<void> {
  const excludeCat = categoryNames.length > 0 ? categoryNames.join(',') : '0';
  await getDb().update(libraries).set({ excludeCat }).where(eq(libraries.id, libraryId));
  await libraryChanged(libraryId);
}
