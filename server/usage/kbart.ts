import { and, asc, eq, max, min, sql } from 'drizzle-orm';
import { magazinePath } from '@/lib/catalogue-paths';
import { CATEGORY } from '@/lib/constants';
import type { KbartRow } from '@/lib/counter-report';
import { shownIssueWhere, visibleMagazineWhere } from '../catalogue/visibility';
import { getDb } from '../db/client';
import { categories, issues, magazines, type Library } from '../db/schema';
import { viewerOfLibrary } from '../viewer';

/**
 * A library's collection as a KBART title list, for its discovery service: every title its members may read (the
 * same SQL visibility as listings: its collection, categories and age limit), with its coverage from the first to the
 * latest issue not withdrawn. Titles are serials, read in full text under the library's licence (access_type P).
 */
export async function kbartRows(library: Library, origin: string): Promise<KbartRow[]> {
  const viewer = viewerOfLibrary(library, null);
  const rows = await getDb()
    .select({
      id: magazines.id,
      name: magazines.name,
      publisher: magazines.publisher,
      issn: magazines.issn,
      categoryId: magazines.categoryId,
      first: min(issues.issueDate),
      last: max(issues.issueDate),
      firstNumber: sql<string | null>`(array_agg(${issues.issueNumber} ORDER BY ${issues.issueDate}, ${issues.id}))[1]`,
      lastNumber: sql<string | null>`(array_agg(${issues.issueNumber} ORDER BY ${issues.issueDate} DESC, ${issues.id} DESC))[1]`,
    })
    .from(magazines)
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .innerJoin(issues, eq(issues.magazineId, magazines.id))
    .where(and(visibleMagazineWhere(viewer, library.ageRate > 0 ? library.ageRate : null), shownIssueWhere()))
    .groupBy(magazines.id)
    .orderBy(asc(magazines.name), asc(magazines.id));
  return rows.map((row) => ({
    publication_title: row.name,
    print_identifier: row.issn ?? '',
    online_identifier: '',
    date_first_issue_online: row.first ?? '',
    num_first_vol_online: '',
    num_first_issue_online: row.firstNumber ?? '',
    date_last_issue_online: row.last ?? '',
    num_last_vol_online: '',
    num_last_issue_online: row.lastNumber ?? '',
    title_url: `${origin}${magazinePath('', row.id)}`,
    first_author: '',
    title_id: String(row.id),
    embargo_info: '',
    coverage_depth: 'fulltext',
    notes: row.categoryId === CATEGORY.newspapers ? 'Newspaper' : '',
    publisher_name: row.publisher,
    publication_type: 'serial',
    date_monograph_published_print: '',
    date_monograph_published_online: '',
    monograph_volume: '',
    monograph_edition: '',
    first_editor: '',
    parent_publication_title_id: '',
    preceding_publication_title_id: '',
    access_type: 'P',
  }));
}
