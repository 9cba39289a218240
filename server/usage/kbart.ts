import type { KbartRow } from '@/lib/counter-report';
import type { Library } from '../db/schema';
import type { CollectionTitle } from './collection';

/**
 * A library's collection as KBART Phase II rows (NISO RP-9-2014), in the collection's title order. Coverage runs
 * from the first to the latest issue not withdrawn; a title still published leaves date_last_issue_online and the
 * last volume and issue blank, as the recommended practice asks, so a discovery service reads its coverage as open.
 * Titles are serials, read in full text under the library's licence (access_type P).
 */
export function kbartRows(titles: CollectionTitle[]): KbartRow[] {
  return titles.map((title) => ({
    publication_title: title.name,
    print_identifier: title.printIssn ?? '',
    online_identifier: title.onlineIssn ?? '',
    date_first_issue_online: title.firstDate,
    num_first_vol_online: '',
    num_first_issue_online: title.firstNumber ?? '',
    date_last_issue_online: title.ongoing ? '' : title.lastDate,
    num_last_vol_online: '',
    num_last_issue_online: title.ongoing ? '' : (title.lastNumber ?? ''),
    title_url: title.url,
    first_author: '',
    title_id: String(title.id),
    embargo_info: '',
    coverage_depth: 'fulltext',
    notes: title.newspaper ? 'Newspaper' : '',
    publisher_name: title.publisher,
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

/** A name element of a KBART file name: letters and digits only, since the underscore separates the elements. */
function fileNamePart(value: string, fallback: string): string {
  const part = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '');
  return part || fallback;
}

/** The provider's name in KBART file names: KBART_PROVIDER_NAME, else the site's own. */
export function kbartProviderName(): string {
  return fileNamePart(process.env.KBART_PROVIDER_NAME ?? '', 'LibraryReader');
}

/**
 * The file name KBART gives a title list, `[ProviderName]_[Region/Consortium]_[PackageName]_[YYYY-MM-DD].txt`: the
 * list is one library's (its name stands in the region/consortium place) and holds all its titles (AllTitles).
 */
export function kbartFileName(library: Library, date: string): string {
  return `${kbartProviderName()}_${fileNamePart(library.name, `Library${library.id}`)}_AllTitles_${date}.txt`;
}
