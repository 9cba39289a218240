import { and, desc, eq } from 'drizzle-orm';
import { favouriteAgeRating } from '../context/ratings';
import { latestIssueColumns, magazineHitColumns, type MagazineHit } from '../catalogue/queries';
import { cached, invalidate } from '../cache';
import { shownIssueWhere, visibilityKey, visibleMagazineWhere } from '../catalogue/visibility';
import { getDb } from '../db/client';
import { categories, favourites, issues, magazines } from '../db/schema';
import type { Viewer } from '../context/viewer';

/** The member's favourite magazine ids that their library lets them see, newest favourite first. */
export async function favouriteMagazineIds(viewer: Viewer, userId: number): Promise<number[]> {
  const rows = await getDb()
    .select({ mid: favourites.magazineId })
    .from(favourites)
    .innerJoin(magazines, eq(magazines.id, favourites.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(and(eq(favourites.userId, userId), visibleMagazineWhere(viewer, favouriteAgeRating(viewer))))
    .orderBy(desc(favourites.createdAt), desc(favourites.magazineId));
  return rows.map((row) => row.mid);
}

/** Whether this viewer may see (and so keep as a favourite) a magazine. */
export async function isVisibleMagazine(viewer: Viewer, magazineId: number): Promise<boolean> {
  const rows = await getDb()
    .select({ id: magazines.id })
    .from(magazines)
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(and(eq(magazines.id, magazineId), visibleMagazineWhere(viewer, favouriteAgeRating(viewer))))
    .limit(1);
  return rows.length === 1;
}

export async function addFavourite(userId: number, magazineId: number): Promise<void> {
  await getDb().insert(favourites).values({ userId, magazineId }).onConflictDoNothing();
  await invalidate('favourites', userId);
}

export async function removeFavourite(userId: number, magazineId: number): Promise<void> {
  await getDb().delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.magazineId, magazineId)));
  await invalidate('favourites', userId);
}

/**
 * favouriteMagazinesWithLatestIssue through the one cache ('favourites', by member): a member's My Favorites is read
 * on every visit and changes only when they add or remove one (addFavourite and removeFavourite drop it) or when
 * titles or their library's rules change (titlesChanged, libraryChanged). The rules it was read under are kept with
 * it, so a viewer under other rules never gets it.
 */
export async function cachedFavouriteMagazines(viewer: Viewer, userId: number): Promise<MagazineHit[]> {
  const rules = visibilityKey(viewer, favouriteAgeRating(viewer));
  const read = async () => ({ rules, hits: await favouriteMagazinesWithLatestIssue(viewer, userId) });
  const kept = await cached('favourites', String(userId), read);
  if (kept.rules === rules) return kept.hits;
  await invalidate('favourites', userId);
  return (await cached('favourites', String(userId), read)).hits;
}

/** /dashboard/myFavorites: each favourite magazine with its latest regular issue, in the magazine filter's shape. */
async function favouriteMagazinesWithLatestIssue(viewer: Viewer, userId: number): Promise<MagazineHit[]> {
  const db = getDb();
  const latest = db
    .selectDistinctOn([issues.magazineId], latestIssueColumns())
    .from(issues)
    .innerJoin(favourites, and(eq(favourites.magazineId, issues.magazineId), eq(favourites.userId, userId)))
    .where(and(eq(issues.isSpecial, false), shownIssueWhere()))
    .orderBy(issues.magazineId, desc(issues.issueDate), desc(issues.id))
    .as('latest');
  return db
    .select(magazineHitColumns(latest))
    .from(favourites)
    .innerJoin(magazines, eq(magazines.id, favourites.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .innerJoin(latest, eq(latest.magazineId, magazines.id))
    .where(and(eq(favourites.userId, userId), visibleMagazineWhere(viewer, favouriteAgeRating(viewer))))
    .orderBy(desc(favourites.createdAt), desc(favourites.magazineId));
}
