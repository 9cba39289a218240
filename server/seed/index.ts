/**
 * The deterministic demo library: categories, languages, 342 titles with their issues, pages and stories, five
 * libraries and the demo accounts, plus covers and other images rendered into the media folder. Every word and
 * number comes from seeded generators (server/seed/random.ts), so two runs produce the same catalogue.
 *
 * Demo accounts (all with the password `reading-room-2026`):
 *   reader@riverside.test   Asha Verma    member of Riverside Public Library (1001) until 2027-12-31
 *   expired@riverside.test  Tom Okafor    member of 1001 whose membership ended 2026-01-31
 *   nolibrary@example.org      Mina Park     no library
 *   school@northfield.test  Lee Chen      member of Northfield School Library (3001) until 2027-12-31
 *   temp@templestreet.test  Ravi Menon    member of Temple Street Reading Room (2083) until 2027-12-31
 * Library cards of Eastgate College Library (4001, no guest access): 40010001 / PIN 2468 and 40010002 / PIN 1357,
 * stored as hashSecret(number) and hashSecret(pin). Access code RIVERSIDE2026 joins library 1001 for 365 days.
 *
 * Page-only words: "quokka" (and "Rottnest", and the phrase "lighthouse keeper of Valparaiso") are printed only on
 * the letters pages of a few issues (see content/prose.ts RARE_READER_LETTERS); they appear in no magazine name,
 * about text, story title or story body, so a search that finds them found issue-page text.
 *
 * Images: covers, story illustrations, category tiles and library logos are rendered here. Page images are not:
 * ~28,000 pages at three scales (about 0.2 s a page) would take over an hour of CPU, so the media route renders a
 * page on first request with renderPageImage (server/media/render.ts), caching it under pages/{issueId}/{pageNo}/view/.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { invalidateAll } from '../cache';
import { hashPassword } from '../auth/password';
import { hashSecret } from '../auth/secrets';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { refreshPlannerStatistics } from '../db/statistics';
import { COVER_SIZE, PAGE_SIZE } from '../media/render';
import { planCatalogue, planTopLists, type MagazinePlan } from './catalogue';
import { CONTENT_CATEGORIES, HIDDEN_CATEGORY, TITLE_CATEGORIES } from './content/categories';
import { LANGUAGES } from './content/languages';
import { ACCESS_CODES, DEMO_PASSWORD, LIBRARIES, LIBRARY_CARDS, STORES, USERS, type LibrarySeed } from './content/libraries';
import { TRANSLATION_LANGUAGES, translateStory } from './content/translations';
import { categoryJobs, coverJobs, illustrationJobs, logoJobs, runJobs } from './images';
import { layOutIssue, type PageText } from './pages';

export interface SeedSummary {
  categories: number;
  languages: number;
  magazines: number;
  issues: number;
  pages: number;
  stories: number;
  libraries: number;
  users: number;
  ms: number;
}

export interface SeedOptions {
  /** Where images are written (covers/, stories/, categories/, logos/, translations/). */
  mediaDir: string;
  log?: (line: string) => void;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const HIDDEN_PALETTE = { background: '#e5e7eb', ink: '#374151', accent: '#9ca3af' };
/** Stories that ship with stored translations. */
const TRANSLATED_STORY_COUNT = 20;

/** Resolves to the error a piece of background work failed with, or undefined; it never rejects. */
function settle(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => undefined,
    (error: unknown) => error ?? new Error('seed step failed'),
  );
}

async function insertAll<TTable extends PgTable>(
  tx: Transaction,
  table: TTable,
  rows: PgInsertValue<TTable>[],
  batchSize = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    await tx.insert(table).values(rows.slice(i, i + batchSize));
  }
}

/** The cover stories of the latest issues of the most popular English titles: the ones a visitor meets first. */
function storiesToTranslate(magazines: MagazinePlan[]) {
  return magazines
    .filter((m) => m.languageCode === 'en' && !m.category.register)
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
    .slice(0, TRANSLATED_STORY_COUNT)
    .map((magazine) => {
      const issue = magazine.issues[magazine.issues.length - 1];
      return { magazine, issue, story: issue.stories[0] };
    });
}

/**
 * Fills an empty, migrated database with the demo library and renders its images into options.mediaDir.
 * Runs in one transaction: a failure leaves the database empty.
 */
export async function seedDemoLibrary(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const { mediaDir } = options;
  await fs.mkdir(mediaDir, { recursive: true });
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;

  // Images that need no catalogue start first; sharp draws them on its own threads while the text is written.
  const categoryImages = [
    ...TITLE_CATEGORIES.map(({ name, slug, palette }) => ({ name, slug, palette })),
    { ...HIDDEN_CATEGORY, palette: HIDDEN_PALETTE },
  ];
  const smallImages = settle(
    runJobs(mediaDir, [...logoJobs(LIBRARIES), ...categoryJobs(categoryImages), ...illustrationJobs(TITLE_CATEGORIES)]),
  );
  // Scrypt runs on libuv's pool as well; one hash per account, one at a time to bound memory.
  const passwordHashes = (async () => {
    const hashes: string[] = [];
    for (let i = 0; i < USERS.length; i += 1) hashes.push(await hashPassword(DEMO_PASSWORD));
    return hashes;
  })();

  const magazines = planCatalogue();
  const issues = magazines.flatMap((m) => m.issues.map((issue) => ({ magazine: m, issue })));
  const pages = new Map<number, PageText[]>(issues.map(({ magazine, issue }) => [issue.id, layOutIssue(magazine, issue)]));
  const storyCount = issues.reduce((sum, { issue }) => sum + issue.stories.length, 0);
  const pageCount = [...pages.values()].reduce((sum, list) => sum + list.length, 0);
  log(`planned ${magazines.length} titles, ${issues.length} issues, ${pageCount} pages, ${storyCount} stories (${elapsed()})`);

  const covers = settle(runJobs(mediaDir, coverJobs(magazines)));
  const translations = storiesToTranslate(magazines).flatMap(({ magazine, issue, story }) =>
    TRANSLATION_LANGUAGES.map((language) => ({
      storyId: story.id,
      languageCode: language.code,
      ...translateStory(language, story.draft, { magazine: magazine.name, issue: issue.name }),
      filePath: `translations/${story.id}/${language.code}.json`,
    })),
  );
  const hashes = await passwordHashes;

  const written = db.transaction(async (tx) => {
    await insertAll(tx, schema.stores, STORES);
    await insertAll(tx, schema.categories, [
      ...CONTENT_CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, slug: c.slug, image: `categories/${c.slug}`, sortOrder: (i + 1) * 10 })),
      ...TITLE_CATEGORIES.filter((c) => c.register).map((c, i) => ({ id: c.id, name: c.name, slug: c.slug, image: `categories/${c.slug}`, sortOrder: 900 + i * 10 })),
      { ...HIDDEN_CATEGORY, image: `categories/${HIDDEN_CATEGORY.slug}`, sortOrder: 999 },
    ]);
    await insertAll(tx, schema.languages, LANGUAGES.map((l, i) => ({ ...l, storeId: 1, sortOrder: i + 1 })));
    await insertAll(
      tx,
      schema.magazines,
      magazines.map((m) => ({
        id: m.id,
        name: m.name,
        slug: m.slug,
        about: m.about,
        publisher: m.publisher,
        categoryId: m.category.id,
        languageCode: m.languageCode,
        storeId: 1,
        isGold: m.isGold,
        ageRating: m.ageRating,
        popularity: m.popularity,
      })),
    );
    await insertAll(tx, schema.magazineLists, planTopLists(magazines), 1000);
    await insertAll(
      tx,
      schema.issues,
      issues.map(({ magazine, issue }) => ({
        id: issue.id,
        magazineId: magazine.id,
        name: issue.name,
        issueDate: issue.date,
        isSpecial: issue.isSpecial,
        pageCount: pages.get(issue.id)?.length ?? 0,
        coverPath: `covers/${issue.id}`,
        coverWidth: COVER_SIZE.width,
        coverHeight: COVER_SIZE.height,
      })),
      1000,
    );
    log(`inserted catalogue (${elapsed()})`);

    await insertAll(
      tx,
      schema.issuePages,
      issues.flatMap(({ issue }) =>
        (pages.get(issue.id) ?? []).map((p) => ({
          issueId: issue.id,
          pageNo: p.pageNo,
          imagePath: `pages/${issue.id}/${p.pageNo}`,
          width: PAGE_SIZE.width,
          height: PAGE_SIZE.height,
          text: p.text,
        })),
      ),
      1000,
    );
    log(`inserted ${pageCount} pages (${elapsed()})`);

    await insertAll(
      tx,
      schema.stories,
      issues.flatMap(({ magazine, issue }) =>
        issue.stories.map((story) => ({
          id: story.id,
          magazineId: magazine.id,
          issueId: issue.id,
          categoryId: magazine.category.id,
          languageCode: magazine.languageCode,
          title: story.draft.title,
          subtitle: story.draft.subtitle,
          body: story.draft.body,
          shortDesc: story.draft.shortDesc,
          timeRead: story.draft.timeRead,
          canonUrl: `${magazine.category.slug}/${magazine.slug}/${issue.id}/${story.slug}`,
          slug: story.slug,
          imagePath: story.imagePath,
          keywords: story.draft.keywords,
          isCover: story.isCover,
          isShoppable: story.isShoppable,
          isNews: magazine.category.register === 'news',
          pageNo: story.pageNo,
          ageRating: magazine.ageRating,
          popularity: story.popularity,
          publishedAt: story.publishedAt,
        })),
      ),
    );
    // Story ids were given explicitly (so they are the same on every run); move the serial past them.
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('stories', 'id'), (SELECT max(id) FROM stories))`);
    await insertAll(tx, schema.storyTranslations, translations);
    log(`inserted ${storyCount} stories (${elapsed()})`);

    await insertAll(
      tx,
      schema.libraries,
      LIBRARIES.map((library) => ({
        ...libraryRow(library),
        logo1: `logos/${library.id}`,
        logo2: `logos/${library.id}`,
        logo3: `logos/${library.id}`,
        logoBanner1: `logos/${library.id}-banner`,
        logoBanner2: `logos/${library.id}-banner`,
        logoBanner3: `logos/${library.id}-banner`,
      })),
    );
    await insertAll(
      tx,
      schema.libraryCards,
      LIBRARY_CARDS.map((card) => ({ libraryId: card.libraryId, cardHash: hashSecret(card.cardNumber), pinHash: hashSecret(card.pin) })),
    );
    await insertAll(tx, schema.accessCodes, ACCESS_CODES);
    const users = await tx
      .insert(schema.users)
      .values(
        USERS.map((user, i) => ({
          uuid: deterministicUuid(i),
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          passwordHash: hashes[i],
          userType: 'member',
        })),
      )
      .returning({ id: schema.users.id, email: schema.users.email });
    const userId = new Map(users.map((u) => [u.email, u.id]));
    await insertAll(
      tx,
      schema.memberships,
      USERS.flatMap((user) => user.memberships.map((m) => ({ userId: userId.get(user.email) ?? 0, libraryId: m.libraryId, expiresAt: m.expiresAt }))),
    );
    // The active reader starts with a few favourites, so the favourites screen has something to show.
    const readerId = userId.get(USERS[0].email) ?? 0;
    const favourites = planTopLists(magazines).filter((entry) => entry.list === 'BS' && entry.rank <= 3);
    await insertAll(tx, schema.favourites, favourites.map((entry) => ({ userId: readerId, magazineId: entry.magazineId })));
    log(`inserted libraries and ${USERS.length} accounts (${elapsed()})`);
  });
  // Wait for the images even when the transaction failed, so nothing is still writing when the caller cleans up.
  const [dbFailure, ...imageFailures] = await Promise.all([settle(written), smallImages, covers]);
  for (const failure of [dbFailure, ...imageFailures]) {
    if (failure) throw failure;
  }
  log(`rendered ${issues.length} covers and the other images (${elapsed()})`);

  // The translated-data files, served by file path (the same text as story_translations).
  for (const translation of translations) {
    const file = path.join(mediaDir, translation.filePath);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const { storyId, languageCode, title, subtitle, body } = translation;
    await fs.writeFile(file, JSON.stringify({ artid: storyId, langCode: languageCode, title, subtitle, body }));
  }
  // Statistics for the planner before anyone searches (autovacuum may be off, or not yet round).
  await refreshPlannerStatistics(db);
  // A site already running on this database may have kept its empty answers.
  await invalidateAll();

  return {
    categories: CONTENT_CATEGORIES.length + TITLE_CATEGORIES.filter((c) => c.register).length + 1,
    languages: LANGUAGES.length,
    magazines: magazines.length,
    issues: issues.length,
    pages: pageCount,
    stories: storyCount,
    libraries: LIBRARIES.length,
    users: USERS.length,
    ms: Math.round(performance.now() - started),
  };
}

/** A library's row: the seed entry without the logo colours. */
function libraryRow(library: LibrarySeed): Omit<LibrarySeed, 'palette'> {
  const row: Partial<LibrarySeed> = { ...library };
  delete row.palette;
  return row as Omit<LibrarySeed, 'palette'>;
}

/** A fixed UUID per demo account (the column's default is random). */
function deterministicUuid(index: number): string {
  return `00000000-0000-4000-8000-${String(1001 + index).padStart(12, '0')}`;
}
