import { favourites, languages, storyReads, storyTranslations } from '@/server/db/schema';
import type { Database } from '@/server/db/client';

/** The spec's fixed languages the translation list is made of (SPEC §9), with the countries they are read in. */
export async function seedTranslationLanguages(db: Database) {
  const rows = [
    { code: 'en', name: 'English', displayName: 'English', cc: 'IN', sortOrder: 1 },
    { code: 'es', name: 'Spanish', displayName: 'Español', cc: 'ES', sortOrder: 2 },
    { code: 'hi', name: 'Hindi', displayName: 'हिन्दी', cc: 'IN', sortOrder: 5 },
    { code: 'ta', name: 'Tamil', displayName: 'தமிழ்', cc: 'IN', sortOrder: 7 },
    { code: 'fr', name: 'French', displayName: 'Français', cc: 'FR', sortOrder: 40 },
  ];
  for (const row of rows) await db.insert(languages).values(row).onConflictDoNothing();
}

export async function addFavouriteMagazine(db: Database, userId: number, magazineId: number) {
  await db.insert(favourites).values({ userId, magazineId });
}

export async function addStoryRead(db: Database, userId: number, storyId: number) {
  await db.insert(storyReads).values({ userId, storyId });
}

export async function addStoredTranslation(db: Database, storyId: number, languageCode: string, text: { title: string; subtitle?: string; body: string }) {
  await db.insert(storyTranslations).values({
    storyId,
    languageCode,
    title: text.title,
    subtitle: text.subtitle ?? '',
    body: text.body,
    filePath: `translations/${storyId}/${languageCode}.json`,
  });
}
