/**
 * getServerSideProps of the catalogue screens, shared by each screen and its twin under /q/temp (for libraries that read there).
 * Unknown or hidden ids are a 404 (notFound), never an error; the queries below apply visibility and age.
 */
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { allIssuesPath, issuePath, languagePath, listingPath, magazinePath } from '@/lib/catalogue-paths';
import type { AllIssuesScreenProps, FilterChip, IssueScreenProps, ListingScreenProps, MagazineScreenProps } from '@/lib/catalogue-screens';
import { categoryTile, editionTile, titleTile } from '@/lib/catalogue-tiles';
import { calendarDayLabel } from '@/lib/dates';
import { CATEGORY, CATEGORY_PAGE_SIZE, FIXED_TOP_LISTS, TOP_LIST_NAMES, type TopList, SEARCH_HOME_MAX_CATEGORIES } from '@/lib/constants';
import { imageSet } from '@/lib/media';
import type { ShellProps } from '@/lib/wire';
import { storyTile } from '@/lib/story-tiles';
import { cached } from '../cache';
import { idParam, type Ratings, type RequestContext } from '../context';
import { lastReadPage } from '../reader/queries';
import { storyList } from '../article/lists';
import type { StoryFromServer } from '../article/present';
import type { Viewer } from '../context/viewer';
import { countIssues, listIssues, type IssueHit } from './titles';
import { allLanguages, isTopList, type CategoryRow, type MagazineHit } from './queries';
import { cachedCategories, cachedIssuePage, cachedLanguages, cachedListing, cachedMagazinePage } from './browse';

type WithShell<P> = P & { shell: ShellProps };
type Result<P> = GetServerSidePropsResult<WithShell<P>>;

const NOT_FOUND = { notFound: true } as const;
const LANGUAGE_CODE = /^[a-z]{2,3}$/;

function languageNames() {
  return cached('catalogue', 'languages|all', allLanguages);
}

/** A catalogue screen's context: a member's, or anyone's on the open /q/temp screens. */
type CataloguePage = RequestContext;

async function languageChips(
  page: CataloguePage,
  filter: { list?: TopList; categoryId?: number },
  href: (lang: string | null) => string,
  current: string | null,
  names: Array<{ lang_code: string; _lang: string }>,
): Promise<FilterChip[]> {
  const [viewer, ratings] = await Promise.all([page.viewer(), page.ratings()]);
  const languages = await cachedLanguages(viewer, ratings.magazine, filter);
  const chips: FilterChip[] = [{ label: 'All Languages', href: href(null), selected: current === null }];
  for (const language of languages) chips.push({ label: language._lang, href: href(language.lang_code), selected: language.lang_code === current });
  // A language with no titles here is still the one being shown: its chip stays, selected.
  if (current && !languages.some((language) => language.lang_code === current)) {
    const name = names.find((language) => language.lang_code === current)?._lang ?? current;
    chips.push({ label: name, href: href(current), selected: true });
  }
  return chips;
}

/** /magazines/{catId} and /magazines/{catId}/{magLang}, and their /q/temp twins. */
export async function listingProps(page: CataloguePage, ctx: GetServerSidePropsContext): Promise<Result<ListingScreenProps>> {
  const catId = String(ctx.params?.catId ?? '');
  const lang = typeof ctx.params?.magLang === 'string' ? ctx.params.magLang : null;
  const list = isTopList(catId) ? catId : undefined;
  const categoryId = list ? undefined : idParam(catId);
  if (!list && categoryId === null) return NOT_FOUND;
  if (lang !== null && !LANGUAGE_CODE.test(lang)) return NOT_FOUND;

  const [viewer, ratings, shell, base] = await Promise.all([page.viewer(), page.ratings(), page.shell(), page.base()]);
  const [categories, names] = await Promise.all([cachedCategories(viewer), languageNames()]);
  const category = categoryId ? categories.find((row) => row.category_id === categoryId) : undefined;
  // Unknown, always hidden (127), newspapers or journals the library does not take, or excluded: all a 404.
  if (categoryId && !category) return NOT_FOUND;
  const language = lang ? names.find((row) => row.lang_code === lang) : undefined;
  if (lang && !language) return NOT_FOUND;

  const filter = list ? { list } : { categoryId: categoryId! };
  const [listing, languages] = await Promise.all([
    cachedListing(viewer, { ...filter, language: lang ?? undefined, includeGold: true, ageRating: ratings.magazine, page: 1 }),
    languageChips(page, filter, (code) => listingPath(base, catId, code), lang, names),
  ]);
  const name = list ? TOP_LIST_NAMES[list] : category!.name;
  const showCategories = Boolean(list) && !lang;
  return {
    props: {
      shell,
      title: showCategories ? 'All Categories' : name,
      listTitle: showCategories ? `${name} in all languages` : null,
      topLists: list ? FIXED_TOP_LISTS.map((id) => ({ label: TOP_LIST_NAMES[id], href: listingPath(base, id, lang), selected: id === list })) : null,
      languages,
      categories: showCategories ? categories.map((row) => categoryTile(row, base)) : null,
      tiles: listing.items.map((hit) => titleTile(hit, base)),
      nbPages: Math.ceil(listing.total / CATEGORY_PAGE_SIZE),
      total: listing.total,
      query: { categoryID: catId, lang: lang ?? '', libid: viewer.libraryId, base },
      emptyText: language ? `No ${language._lang} titles in ${name} for your library yet.` : `No titles in ${name} for your library yet.`,
    },
  };
}

/** /journals: every journal (category 154), or a plain note for a library that does not take them. */
export async function journalsProps(page: CataloguePage): Promise<Result<ListingScreenProps>> {
  const [viewer, ratings, shell, base] = await Promise.all([page.viewer(), page.ratings(), page.shell(), page.base()]);
  // A library that reads the catalogue under /q/temp (its setting) finds journals there, as their category's listing.
  if (base === '/q/temp') return { redirect: { destination: listingPath(base, CATEGORY.journals), permanent: false } };
  const categories = await cachedCategories(viewer);
  const journals = categories.some((row) => row.category_id === CATEGORY.journals);
  const listing = journals
    ? await cachedListing(viewer, { categoryId: CATEGORY.journals, includeGold: true, ageRating: ratings.magazine, page: 1 })
    : { items: [], total: 0 };
  return {
    props: {
      shell,
      title: 'Journals',
      listTitle: null,
      topLists: null,
      languages: [],
      categories: null,
      tiles: listing.items.map((hit) => titleTile(hit, base)),
      nbPages: Math.ceil(listing.total / CATEGORY_PAGE_SIZE),
      total: listing.total,
      query: { categoryID: String(CATEGORY.journals), lang: '', libid: viewer.libraryId, base },
      emptyText: journals ? 'No journals for your library yet.' : 'Journals are not part of your library’s collection.',
    },
  };
}

/** /q/temp/magazines/language/{langCode}: every title in one language. */
export async function languageListingProps(page: CataloguePage, ctx: GetServerSidePropsContext): Promise<Result<ListingScreenProps>> {
  const code = String(ctx.params?.langCode ?? '');
  if (!LANGUAGE_CODE.test(code)) return NOT_FOUND;
  const [viewer, ratings, shell, names, base] = await Promise.all([page.viewer(), page.ratings(), page.shell(), languageNames(), page.base()]);
  const language = names.find((row) => row.lang_code === code);
  if (!language) return NOT_FOUND;
  const [listing, chips] = await Promise.all([
    cachedListing(viewer, { language: code, includeGold: true, ageRating: ratings.magazine, page: 1 }),
    languageChips(page, {}, (other) => (!other ? listingPath(base, 'BS') : base ? languagePath(base, other, 0) : listingPath(base, 'BS', other)), code, names),
  ]);
  return {
    props: {
      shell,
      title: `Magazines in ${language._lang}`,
      listTitle: null,
      topLists: null,
      languages: chips,
      categories: null,
      tiles: listing.items.map((hit) => titleTile(hit, base)),
      nbPages: Math.ceil(listing.total / CATEGORY_PAGE_SIZE),
      total: listing.total,
      query: { categoryID: null, lang: code, libid: viewer.libraryId, base },
      emptyText: `No ${language._lang} titles for your library yet.`,
    },
  };
}

/** /magazine/{mid} and /q/temp/magazine/{mid}. */
export async function magazineProps(page: CataloguePage, ctx: GetServerSidePropsContext): Promise<Result<MagazineScreenProps>> {
  const mid = idParam(ctx.params?.mid);
  if (mid === null) return NOT_FOUND;
  const [viewer, ratings, shell, base] = await Promise.all([page.viewer(), page.ratings(), page.shell(), page.base()]);
  const data = await cachedMagazinePage(viewer, ratings, mid);
  if (!data) return NOT_FOUND;
  const { meta } = data;
  const latest = data.issues[0];
  const now = new Date();
  return {
    props: {
      shell,
      magazine: {
        mid,
        magName: meta.magName,
        about: meta.about,
        publisher: meta.publisher,
        isGold: meta.isGold === 1,
        category: { name: meta.catName, href: listingPath(base, meta.catId) },
        language: { name: meta.langName, href: languagePath(base, meta.lang, meta.catId) },
      },
      latest: latest
        ? {
            href: issuePath(base, mid, latest.issueId),
            issueName: latest.issueName,
            published: calendarDayLabel(latest.issueDate),
            ...imageSet(latest.img),
            width: latest.width,
            height: latest.height,
          }
        : null,
      issues: data.issues.map((issue) => editionTile(issue, base)),
      issueCount: data.issueCount,
      allIssuesHref: allIssuesPath(base, mid),
      specials: data.specials.map((issue) => editionTile(issue, base)),
      stories: data.stories.map((story) => storyTile(story, now)),
    },
  };
}

/** /magazine/{mid}/{issueId} and its /q/temp twin: an issue of that title, or a 404. */
export async function issueProps(page: CataloguePage, ctx: GetServerSidePropsContext): Promise<Result<IssueScreenProps>> {
  const mid = idParam(ctx.params?.mid);
  const issueId = idParam(ctx.params?.issueId);
  if (mid === null || issueId === null) return NOT_FOUND;
  const { session } = page;
  const [viewer, ratings, shell, base] = await Promise.all([page.viewer(), page.ratings(), page.shell(), page.base()]);
  const data = await cachedIssuePage(viewer, ratings.magazine, issueId);
  if (!data || data.issue.mid !== mid) return NOT_FOUND;
  const { issue } = data;
  const claims = session?.claims;
  const lastPage = claims ? await lastReadPage(claims.uid, issueId) : null;
  return {
    props: {
      shell,
      issue: {
        issueId,
        issueName: issue.issueName,
        published: calendarDayLabel(issue.issueDate),
        pageCount: issue.pageCount,
        isSpecial: issue.isSpecial === 1,
        ...imageSet(issue.img),
        width: issue.width,
        height: issue.height,
      },
      magazine: { mid, magName: issue.magName, href: magazinePath(base, mid), isGold: issue.isGold === 1, category: { name: issue.catName, href: listingPath(base, issue.catId) } },
      more: data.more.map((other: IssueHit) => editionTile(other, base)),
      allIssuesHref: allIssuesPath(base, mid),
      reader: {
        signedIn: Boolean(claims),
        userId: claims?.uid ?? 0,
        libraryId: claims?.libid ?? 0,
        membershipEnds: claims?.mexp ?? 0,
        lastPage,
      },
    },
  };
}

/** /all-issues/{mid} and /q/temp/all-issues/{mid}: every issue of a title, newest first, pages of 20. */
export async function allIssuesProps(page: CataloguePage, ctx: GetServerSidePropsContext): Promise<Result<AllIssuesScreenProps>> {
  const mid = idParam(ctx.params?.mid);
  if (mid === null) return NOT_FOUND;
  const [viewer, ratings, shell, base] = await Promise.all([page.viewer(), page.ratings(), page.shell(), page.base()]);
  const key = `all-issues|${viewer.libraryId}|${ratings.magazine ?? 'all'}|${mid}`;
  const data = await cached('catalogue', key, async () => {
    const [rows, total] = await Promise.all([listIssues(viewer, ratings.magazine, { mid, limit: CATEGORY_PAGE_SIZE }), countIssues(viewer, ratings.magazine, mid)]);
    return { rows, total };
  });
  if (data.rows.length === 0) return NOT_FOUND;
  return {
    props: {
      shell,
      magazine: { mid, magName: data.rows[0].magName, href: magazinePath(base, mid) },
      tiles: data.rows.map((row) => editionTile(row, base)),
      nbPages: Math.ceil(data.total / CATEGORY_PAGE_SIZE),
      total: data.total,
      libid: viewer.libraryId,
    },
  };
}

export interface HomeData {
  popular: MagazineHit[];
  categories: CategoryRow[];
  newspapers: MagazineHit[] | null;
  coverStories: StoryFromServer[];
}

const COVER_STORIES = 12;

/**
 * The home page's sliders: popular magazines, at most 10 categories, newspapers when allowed, cover stories. Each
 * is the first page of a list the catalogue and story screens keep in memory, so home reads them from there.
 */
export async function loadHome(viewer: Viewer, ratings: Pick<Ratings, 'magazine' | 'story'>): Promise<HomeData> {
  const { magazine: magazineAge, story: storyAge } = ratings;
  const showNewspapers = Boolean(viewer.flags?.isNewspaper);
  const [popular, categories, newspapers, stories] = await Promise.all([
    cachedListing(viewer, { list: 'BS', includeGold: true, ageRating: magazineAge, page: 1 }),
    cachedCategories(viewer),
    showNewspapers ? cachedListing(viewer, { categoryId: CATEGORY.newspapers, includeGold: true, ageRating: magazineAge, page: 1 }) : Promise.resolve(null),
    storyList({ kind: 'cover' }, { viewer, ageRating: storyAge }, 0),
  ]);
  return {
    popular: popular.items,
    categories: categories.filter((c) => c.category_id !== CATEGORY.newspapers && c.category_id !== CATEGORY.journals).slice(0, SEARCH_HOME_MAX_CATEGORIES),
    newspapers: newspapers && newspapers.items.length > 0 ? newspapers.items : null,
    coverStories: stories.Articles.slice(0, COVER_STORIES),
  };
}
