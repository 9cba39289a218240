import { createHash } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { parseSignInMethods } from '@/lib/sign-in-methods';
import type { Collection, LibrarySettings } from '@/lib/wire';
import { libraryChanged, titlesChanged } from '../catalogue/edits';
import { getDb } from '../db/client';
import { categories, libraries, libraryCollectionCategories, libraryCollectionTitles, magazines, type Library } from '../db/schema';
import { HttpError } from '../http/errors';
import { LOGO_BANNER_SIZE, LOGO_SIZE } from '../media/render';
import { mediaStorage } from '../storage';
import { audit, type Actor, type Executor } from './audit';

export const IMAGE_SLOTS = ['logo1', 'logo2', 'logo3', 'logoBanner1', 'logoBanner2', 'logoBanner3'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
export { SIGN_IN_METHODS } from '@/lib/sign-in-methods';

/** A library as the console edits it: secrets are never sent back, only whether they are set. */
export function presentLibrary(library: Library): LibrarySettings {
  return {
    id: library.id,
    name: library.name,
    logo1: library.logo1,
    logo2: library.logo2,
    logo3: library.logo3,
    logoBanner1: library.logoBanner1,
    logoBanner2: library.logoBanner2,
    logoBanner3: library.logoBanner3,
    supportEmail: library.supportEmail,
    guestAccess: library.guestAccess,
    guestDays: library.guestDays,
    ageRate: library.ageRate,
    excludeCat: library.excludeCat,
    isNewspaper: library.isNewspaper === 1,
    isJournal: library.isJournal === 1,
    hideProfile: library.hideProfile,
    tempRoutes: library.tempRoutes,
    callbackAfterGuest: library.callbackAfterGuest,
    openCatalogue: library.openCatalogue,
    pdfDownload: library.pdfDownload,
    signInMethods: parseSignInMethods(library.signInMethods),
    cardMode: library.cardMode,
    sip2Host: library.sip2Host,
    sip2Port: library.sip2Port,
    sip2Institution: library.sip2Institution,
    oidcIssuer: library.oidcIssuer,
    oidcClientId: library.oidcClientId,
    oidcClientSecretSet: Boolean(library.oidcClientSecret),
    collectionMode: library.collectionMode,
  };
}

export interface LibraryChanges {
  name?: string;
  supportEmail?: string;
  guestAccess?: boolean;
  guestDays?: number;
  ageRate?: number;
  excludeCategories?: string[];
  isNewspaper?: boolean;
  isJournal?: boolean;
  hideProfile?: boolean;
  tempRoutes?: boolean;
  callbackAfterGuest?: boolean;
  openCatalogue?: boolean;
  pdfDownload?: boolean;
  signInMethods?: string[];
  cardMode?: 'none' | 'list' | 'sip2';
  sip2Host?: string | null;
  sip2Port?: number | null;
  sip2Institution?: string | null;
  oidcIssuer?: string | null;
  oidcClientId?: string | null;
  oidcClientSecret?: string | null;
}

function toColumns(changes: LibraryChanges): Partial<typeof libraries.$inferInsert> {
  const { excludeCategories, isNewspaper, isJournal, signInMethods, ...rest } = changes;
  const columns: Partial<typeof libraries.$inferInsert> = { ...rest };
  if (excludeCategories) columns.excludeCat = excludeCategories.length ? excludeCategories.join(',') : '0';
  if (isNewspaper !== undefined) columns.isNewspaper = isNewspaper ? 1 : 0;
  if (isJournal !== undefined) columns.isJournal = isJournal ? 1 : 0;
  if (signInMethods) columns.signInMethods = signInMethods.join(',');
  return columns;
}

/**
 * Settings that only make sense together: a SIP2 card mode needs the server's address, an OIDC issuer its client id.
 * Checked on the row as it would be saved, so a change of one field is judged with the others already stored.
 */
function requireCompleteSettings(row: Partial<typeof libraries.$inferInsert>): void {
  if (row.cardMode === 'sip2') {
    if (!row.sip2Host) throw new HttpError(400, 'sip2Host: is required when cards are checked by SIP2', { field: 'sip2Host' });
    if (!row.sip2Port) throw new HttpError(400, 'sip2Port: is required when cards are checked by SIP2', { field: 'sip2Port' });
  }
  if (row.oidcIssuer && !row.oidcClientId) throw new HttpError(400, 'oidcClientId: is required with an OIDC issuer', { field: 'oidcClientId' });
  // Visitors of the open catalogue read under /q/temp; its library's own members must read there too.
  if (row.openCatalogue && !row.tempRoutes) {
    throw new HttpError(400, 'openCatalogue: the open /q/temp catalogue’s library must read under /q/temp (tempRoutes)', { field: 'openCatalogue' });
  }
}

/**
 * Makes `libraryId` the one library of the open /q/temp catalogue: the library that was, if any, is no longer (its
 * change audited as its own). Returns the ids whose rows changed.
 */
async function takeOpenCatalogue(tx: Executor, actor: Actor, libraryId: number): Promise<number[]> {
  const previous = await tx
    .select()
    .from(libraries)
    .where(and(eq(libraries.openCatalogue, true), ne(libraries.id, libraryId)))
    .for('update');
  for (const before of previous) {
    const [row] = await tx.update(libraries).set({ openCatalogue: false }).where(eq(libraries.id, before.id)).returning();
    await audit(tx, actor, { action: 'library.update', libraryId: before.id, target: `library:${before.id}`, before: presentLibrary(before), after: presentLibrary(row) });
  }
  return previous.map((row) => row.id);
}

export async function libraryOrNotFound(libraryId: number, db: Executor = getDb()): Promise<Library> {
  const rows = await db.select().from(libraries).where(eq(libraries.id, libraryId)).limit(1);
  if (!rows[0]) throw new HttpError(404, 'No such library');
  return rows[0];
}

/** The library's collection: its mode and the titles and categories chosen. */
export async function collectionOf(libraryId: number, db: Executor = getDb()): Promise<Collection> {
  const library = await libraryOrNotFound(libraryId, db);
  const [titles, cats] = await Promise.all([
    db.select({ id: magazines.id, name: magazines.name }).from(libraryCollectionTitles).innerJoin(magazines, eq(magazines.id, libraryCollectionTitles.magazineId)).where(eq(libraryCollectionTitles.libraryId, libraryId)).orderBy(magazines.name),
    db.select({ id: categories.id, name: categories.name }).from(libraryCollectionCategories).innerJoin(categories, eq(categories.id, libraryCollectionCategories.categoryId)).where(eq(libraryCollectionCategories.libraryId, libraryId)).orderBy(categories.name),
  ]);
  return { mode: library.collectionMode, titles, categories: cats };
}

export async function createLibrary(actor: Actor, input: LibraryChanges & { id?: number; name: string }): Promise<LibrarySettings> {
  const released: number[] = [];
  const result = await getDb().transaction(async (tx) => {
    requireCompleteSettings(toColumns(input));
    const id = input.id ?? (await tx.select({ next: sql<number>`coalesce(max(${libraries.id}), 1000) + 1` }).from(libraries))[0].next;
    if (input.openCatalogue) released.push(...(await takeOpenCatalogue(tx, actor, id)));
    const made = await tx
      .insert(libraries)
      .values({ ...toColumns(input), id, name: input.name })
      .onConflictDoNothing()
      .returning();
    if (!made[0]) throw new HttpError(409, 'id: a library with that id exists', { field: 'id' });
    const after = presentLibrary(made[0]);
    await audit(tx, actor, { action: 'library.create', libraryId: id, target: `library:${id}`, after });
    return after;
  });
  // The open catalogue moved: the library that held it, and the open catalogue's kept row, are stale everywhere.
  await Promise.all([result.openCatalogue ? libraryChanged(result.id) : Promise.resolve(), ...released.map((other) => libraryChanged(other))]);
  return result;
}

export async function updateLibrary(actor: Actor, libraryId: number, changes: LibraryChanges): Promise<LibrarySettings> {
  const released: number[] = [];
  const result = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(libraries).where(eq(libraries.id, libraryId)).limit(1).for('update');
    if (!before) throw new HttpError(404, 'No such library');
    const changed = Object.entries(toColumns(changes)).filter(([, value]) => value !== undefined);
    requireCompleteSettings({ ...before, ...Object.fromEntries(changed) });
    if (changes.openCatalogue && !before.openCatalogue) released.push(...(await takeOpenCatalogue(tx, actor, libraryId)));
    const [row] = await tx.update(libraries).set(toColumns(changes)).where(eq(libraries.id, libraryId)).returning();
    const after = presentLibrary(row);
    await audit(tx, actor, { action: 'library.update', libraryId, target: `library:${libraryId}`, before: presentLibrary(before), after });
    return after;
  });
  // Library rows and what they decide (listings, sign-in ways, stories, routes) are kept: every instance drops them now.
  await Promise.all([libraryChanged(libraryId), titlesChanged(), ...released.map((other) => libraryChanged(other))]);
  return result;
}

/** Sets which titles the library licenses: all, or the chosen titles and categories. */
export async function setCollection(actor: Actor, libraryId: number, input: { mode: 'all' | 'chosen'; titleIds: number[]; categoryIds: number[] }) {
  const result = await getDb().transaction(async (tx) => {
    // Read through the transaction: a second connection would wait on it (and on PGlite, which serves one at a time, forever).
    const before = await collectionOf(libraryId, tx);
    const titleIds = [...new Set(input.titleIds)];
    const categoryIds = [...new Set(input.categoryIds)];
    if (titleIds.length) {
      const known = await tx.select({ id: magazines.id }).from(magazines).where(inArray(magazines.id, titleIds));
      const missing = titleIds.filter((id) => !known.some((row) => row.id === id));
      if (missing.length) throw new HttpError(400, `titleIds: no title ${missing[0]}`, { field: 'titleIds' });
    }
    if (categoryIds.length) {
      const known = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds));
      const missing = categoryIds.filter((id) => !known.some((row) => row.id === id));
      if (missing.length) throw new HttpError(400, `categoryIds: no category ${missing[0]}`, { field: 'categoryIds' });
    }
    await tx.update(libraries).set({ collectionMode: input.mode }).where(eq(libraries.id, libraryId));
    await tx.delete(libraryCollectionTitles).where(eq(libraryCollectionTitles.libraryId, libraryId));
    await tx.delete(libraryCollectionCategories).where(eq(libraryCollectionCategories.libraryId, libraryId));
    if (titleIds.length) await tx.insert(libraryCollectionTitles).values(titleIds.map((magazineId) => ({ libraryId, magazineId })));
    if (categoryIds.length) await tx.insert(libraryCollectionCategories).values(categoryIds.map((categoryId) => ({ libraryId, categoryId })));
    const after = { mode: input.mode, titleIds, categoryIds };
    await audit(tx, actor, {
      action: 'library.collection',
      libraryId,
      target: `library:${libraryId}`,
      before: { mode: before.mode, titleIds: before.titles.map((t) => t.id), categoryIds: before.categories.map((c) => c.id) },
      after,
    });
    return after;
  });
  await Promise.all([libraryChanged(libraryId), titlesChanged()]);
  return result;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
export const IMAGE_UPLOAD_LIMIT = 5 * 1024 * 1024;

/**
 * A logo or banner: the type is read from the bytes (sharp's decoder), never from a name or a header; SVG and
 * anything else refused. Drawn at the header's size at 1x, 2x and 3x, into a folder named by the content's hash.
 */
export async function uploadLibraryImage(actor: Actor, libraryId: number, slot: ImageSlot, bytes: Buffer): Promise<LibrarySettings> {
  await libraryOrNotFound(libraryId);
  if (bytes.length === 0) throw new HttpError(400, 'file: no image was sent', { field: 'file' });
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new HttpError(400, 'file: must be a JPEG, PNG, WebP, GIF or AVIF image', { field: 'file' });
  const size = slot.startsWith('logoBanner') ? LOGO_BANNER_SIZE : LOGO_SIZE;
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  const folder = `logos/${libraryId}-${slot}-${hash}`;
  // The media storage (the media folder, or the S3 bucket every instance shares), before the row names the folder.
  const storage = mediaStorage();
  for (const scale of [1, 2, 3]) {
    const image = sharp(bytes, { animated: false })
      .rotate()
      .resize(size.width * scale, size.height * scale, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
      .flatten({ background: '#ffffff' });
    await storage.write(`${folder}/view/${scale}.jpg`, await image.clone().jpeg({ quality: 88 }).toBuffer());
    await storage.write(`${folder}/view/${scale}.webp`, await image.clone().webp({ quality: 85, effort: 0 }).toBuffer());
  }
  return updateImageColumn(actor, libraryId, slot, folder);
}

async function updateImageColumn(actor: Actor, libraryId: number, slot: ImageSlot, folder: string): Promise<LibrarySettings> {
  const result = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(libraries).where(eq(libraries.id, libraryId)).limit(1).for('update');
    const [row] = await tx.update(libraries).set({ [slot]: folder }).where(and(eq(libraries.id, libraryId))).returning();
    await audit(tx, actor, { action: 'library.image', libraryId, target: `library:${libraryId}`, before: { [slot]: before[slot] }, after: { [slot]: folder } });
    return presentLibrary(row);
  });
  await Promise.all([libraryChanged(libraryId), titlesChanged()]);
  return result;
}
