import type { CatalogueBase } from '@/lib/catalogue-paths';
import { catalogueBase } from '@/lib/navigation';
import type { VisibilityFlags } from '@/lib/visibility';
import type { Session } from '../auth/session';
import { cached } from '../cache';
import type { Library } from '../db/schema';
import { findLibrary, findOpenCatalogueLibrary } from '../user/queries';

/** Who is looking, as far as content rules care: the library's flags, exclusions and age limit. */
export interface Viewer {
  userId: number | null;
  libraryId: number;
  flags: VisibilityFlags | null;
  /** The library's own age limit; 0 means none. */
  libraryAgeRate: number;
  /** Which titles the library licenses: every one, or those chosen in the console (server/catalogue/visibility.ts). */
  collection: 'all' | 'chosen';
  /** Where the library's catalogue links lead: '/q/temp' when it uses the alternate routes (its setting), else ''. */
  base: CatalogueBase;
}

const ANONYMOUS: Viewer = { userId: null, libraryId: 0, flags: null, libraryAgeRate: 0, collection: 'all', base: '' };

/** The viewer reading through a library row the caller already has (a membership's). */
export function viewerOfLibrary(library: Library, userId: number | null): Viewer {
  return {
    userId,
    libraryId: library.id,
    flags: { isNewspaper: library.isNewspaper, isJournal: library.isJournal, excludeCat: library.excludeCat },
    libraryAgeRate: library.ageRate,
    collection: library.collectionMode === 'chosen' ? 'chosen' : 'all',
    base: catalogueBase(library.tempRoutes),
  };
}

/** A library row, kept for a few seconds: every page and catalogue call of its members reads it. */
export function cachedLibrary(id: number): Promise<Library | null> {
  return cached('library', String(id), () => findLibrary(id));
}

/** The key of the open /q/temp catalogue's library in the library cache (dropped with any library's change). */
export const OPEN_CATALOGUE_KEY = 'open-catalogue';

/**
 * The library whose rules and branding the open /q/temp catalogue shows when nobody is signed in: the one marked so
 * in the console (the demo's 2083), or none.
 */
export function openCatalogueLibrary(): Promise<Library | null> {
  return cached('library', OPEN_CATALOGUE_KEY, () => findOpenCatalogueLibrary());
}

/**
 * The viewer of a request. A member reads under their own library's rules, whatever library id the
 * client sends; without a session, a public library id (the open /q/temp catalogue) applies its rules.
 */
export async function viewerFor(session: Session | null, publicLibraryId?: number): Promise<Viewer> {
  if (session && session.claims.libid) {
    const library = await cachedLibrary(session.claims.libid);
    if (library) return viewerOfLibrary(library, session.claims.uid);
    return { ...ANONYMOUS, userId: session.claims.uid };
  }
  if (session) return { ...ANONYMOUS, userId: session.claims.uid };
  if (publicLibraryId) {
    const library = await cachedLibrary(publicLibraryId);
    if (library) return viewerOfLibrary(library, null);
  }
  return ANONYMOUS;
}
