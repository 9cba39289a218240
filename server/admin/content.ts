import { and, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { invalidate } from '../cache';
import { titlesChanged } from '../catalogue/edits';
import { getDb } from '../db/client';
import { categories, issues, languages, magazines, type Issue, type NewIssue } from '../db/schema';
import { HttpError } from '../http/errors';
import { markForRedraw } from '../import/draw';
import { CHECK_DATE } from '../import/metadata';
import { enqueueDrawing } from '../jobs';
import { audit, type Actor } from './audit';

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** Every category, by name: a collection is chosen from them (a few dozen rows, not a growing list like titles). */
export async function allCategories() {
  return getDb().select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name), asc(categories.id));
}

/** A page of titles, found by name, publisher or ISSN. */
export async function findTitles(q: string | undefined, page: number, pageSize: number) {
  const text = q?.trim();
  const where = text ? or(ilike(magazines.name, likePattern(text)), ilike(magazines.publisher, likePattern(text)), eq(magazines.issn, text)) : undefined;
  const db = getDb();
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: magazines.id,
        name: magazines.name,
        publisher: magazines.publisher,
        categoryId: magazines.categoryId,
        categoryName: categories.name,
        languageCode: magazines.languageCode,
        ageRating: magazines.ageRating,
        issn: magazines.issn,
        onlineIssn: magazines.onlineIssn,
        about: magazines.about,
      })
      .from(magazines)
      .innerJoin(categories, eq(categories.id, magazines.categoryId))
      .where(where)
      .orderBy(asc(magazines.name), asc(magazines.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(magazines).where(where),
  ]);
  return { titles: rows, page, pageSize, total };
}

const issueColumns = {
  id: issues.id,
  magazineId: issues.magazineId,
  name: issues.name,
  issueDate: issues.issueDate,
  issueNumber: issues.issueNumber,
  isSpecial: issues.isSpecial,
  pageCount: issues.pageCount,
  /** The date is the PDF's creation date, a guess to check: saving a date clears it. */
  dateToCheck: issues.dateToCheck,
  withdrawnAt: issues.withdrawnAt,
  /** Pages drawn so far, while some are still to draw (null once every page is drawn): the console says it is drawing. */
  pagesDrawn: sql<number | null>`CASE WHEN ${issues.pagesDrawnAt} IS NULL THEN (SELECT count(*)::int FROM issue_pages dp WHERE dp.issue_id = "issues"."id" AND dp.drawn_at IS NOT NULL) END`,
  /** The original PDF is kept: it can be downloaded and the pages drawn again from it. */
  hasOriginal: sql<boolean>`${issues.originalKey} IS NOT NULL`,
};

/** An issue as the console shows it: dates as text, and the words beside a date to check. */
function presentIssue<Row extends { dateToCheck: boolean; withdrawnAt: Date | null }>({ dateToCheck, withdrawnAt, ...row }: Row) {
  return { ...row, withdrawnAt: withdrawnAt?.toISOString() ?? null, dateNote: dateToCheck ? CHECK_DATE : null };
}

/**
 * Changes one issue, locked while it is read and written so two operators' changes do not cross, and audits it: the
 * change is worked out from the issue as it was. 404 when there is no such issue.
 */
async function changeIssue(actor: Actor, issueId: number, action: string, changesOf: (before: Pick<Issue, 'withdrawnAt'>) => Partial<NewIssue>) {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select(issueColumns).from(issues).where(eq(issues.id, issueId)).limit(1).for('update');
    if (!before) throw new HttpError(404, 'No such issue');
    const [after] = await tx.update(issues).set(changesOf(before)).where(eq(issues.id, issueId)).returning(issueColumns);
    await audit(tx, actor, { action, target: `issue:${issueId}`, before, after });
    return presentIssue(after);
  });
}

/** A page of one title's issues (withdrawn ones included, marked), newest first. */
export async function issuesOfTitle(magazineId: number, withdrawnOnly: boolean, page: number, pageSize: number) {
  const conditions: SQL[] = [eq(issues.magazineId, magazineId)];
  if (withdrawnOnly) conditions.push(isNotNull(issues.withdrawnAt));
  const where = and(...conditions);
  const db = getDb();
  const [rows, [{ total }]] = await Promise.all([
    db.select(issueColumns).from(issues).where(where).orderBy(desc(issues.issueDate), desc(issues.id)).limit(pageSize).offset(page * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(issues).where(where),
  ]);
  return { issues: rows.map(presentIssue), page, pageSize, total };
}

/**
 * Withdraws an issue (hidden at once from every listing, search, favourite and story, and no reader code opens it)
 * or restores it. Titles and issues are the site's, not one library's: operators only.
 */
export async function setWithdrawn(actor: Actor, issueId: number, withdrawn: boolean) {
  const result = await changeIssue(actor, issueId, withdrawn ? 'issue.withdraw' : 'issue.restore', (before) => ({
    withdrawnAt: withdrawn ? (before.withdrawnAt ?? new Date()) : null,
  }));
  // Catalogue and story reads, and the reader's page images, are kept: every instance drops them now.
  await Promise.all([titlesChanged(), invalidate('page-images')]);
  return result;
}

/**
 * Draws an issue's pages again from its original (a new renderer, size or format), in the background: its id, rows,
 * favourites, reading places and links stay, its images are replaced page by page. Operators only, like every change
 * to the site's content.
 */
export async function redrawIssue(actor: Actor, issueId: number) {
  const db = getDb();
  const [before] = await db.select(issueColumns).from(issues).where(eq(issues.id, issueId)).limit(1);
  if (!before) throw new HttpError(404, 'No such issue');
  if (!before.hasOriginal) throw new HttpError(409, 'This issue has no original PDF kept: it cannot be drawn again');
  await markForRedraw([issueId], db);
  const [after] = await db.select(issueColumns).from(issues).where(eq(issues.id, issueId)).limit(1);
  await audit(db, actor, { action: 'issue.redraw', target: `issue:${issueId}`, before, after });
  await enqueueDrawing(db, { issueId }, { again: true });
  return presentIssue(after);
}

export interface TitleChanges {
  name?: string;
  publisher?: string;
  about?: string;
  categoryId?: number;
  languageCode?: string;
  ageRating?: number;
  issn?: string | null;
  onlineIssn?: string | null;
}

export async function correctTitle(actor: Actor, magazineId: number, changes: TitleChanges) {
  const db = getDb();
  if (changes.categoryId !== undefined && !(await db.select({ id: categories.id }).from(categories).where(eq(categories.id, changes.categoryId)).limit(1))[0]) {
    throw new HttpError(400, 'categoryId: no such category', { field: 'categoryId' });
  }
  if (changes.languageCode !== undefined && !(await db.select({ code: languages.code }).from(languages).where(eq(languages.code, changes.languageCode)).limit(1))[0]) {
    throw new HttpError(400, 'languageCode: no such language', { field: 'languageCode' });
  }
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(magazines).where(eq(magazines.id, magazineId)).limit(1).for('update');
    if (!before) throw new HttpError(404, 'No such title');
    if (changes.issn) {
      const clash = await tx.select({ id: magazines.id }).from(magazines).where(and(eq(magazines.issn, changes.issn), sql`${magazines.id} <> ${magazineId}`)).limit(1);
      if (clash[0]) throw new HttpError(409, `issn: title ${clash[0].id} has that ISSN`, { field: 'issn' });
    }
    if (changes.onlineIssn) {
      const clash = await tx.select({ id: magazines.id }).from(magazines).where(and(eq(magazines.onlineIssn, changes.onlineIssn), sql`${magazines.id} <> ${magazineId}`)).limit(1);
      if (clash[0]) throw new HttpError(409, `onlineIssn: title ${clash[0].id} has that online ISSN`, { field: 'onlineIssn' });
    }
    const [after] = await tx.update(magazines).set(changes).where(eq(magazines.id, magazineId)).returning();
    await audit(tx, actor, { action: 'title.update', target: `title:${magazineId}`, before, after });
    return after;
  });
  await titlesChanged();
  return result;
}

export interface IssueChanges {
  name?: string;
  issueDate?: string;
  issueNumber?: string | null;
  isSpecial?: boolean;
}

export async function correctIssue(actor: Actor, issueId: number, changes: IssueChanges) {
  // A date an operator saves is checked, whether changed or confirmed as it was.
  const result = await changeIssue(actor, issueId, 'issue.update', () => ({
    ...changes,
    ...(changes.issueDate !== undefined ? { dateToCheck: false } : {}),
  }));
  await titlesChanged();
  return result;
}
