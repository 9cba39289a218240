import { STORY_CATEGORIES } from '@/lib/constants';
import type { ShellProps } from '@/lib/wire';
import type { LanguageNotice } from '@/lib/story-screen';
import { storyPathSegments, type StoryListKind } from '@/lib/story-paths';
import { storyScreenProps } from '@/lib/story-screen';
import type { Session } from '../auth/session';
import type { CategoryRow } from '../catalogue/queries';
import type { RequestContext } from '../context';
import { countStoryOpened } from '../usage/reading';
import type { Viewer } from '../context/viewer';
import { cachedTranslationLanguages, isTranslationLanguage, magazineRelated, storyAt, storyCategoriesFor, storyList, type StoryListAnswer } from './lists';
import { storyDetails, type StoryDetails, type StoryFromServer } from './present';
import { findStoryByNames, visibleCategory, type StoryRecord, type StoryScope } from './queries';
import { mayReadInFull, rememberRead, storyText } from './reading';
import { translateStory, type LanguageRow } from './translation';

export interface StoryListPage {
  title: string;
  intro: string;
  first: StoryListAnswer;
  categories: CategoryRow[];
}

const LIST_TEXT: Record<'cover' | 'latest' | 'forYou', { title: string; intro: string }> = {
  cover: { title: STORY_CATEGORIES.cover.name, intro: 'The cover stories of the latest issues.' },
  latest: { title: STORY_CATEGORIES.latest.name, intro: 'New stories, the most read of each day first.' },
  forYou: { title: STORY_CATEGORIES.forYou.name, intro: 'From your favourite magazines and categories, and what you read.' },
};

/** A story list page's first page and the story categories; null when the category is not one the member may see. */
export async function loadStoryListPage(viewer: Viewer, list: StoryListKind, ageRating: number | null): Promise<StoryListPage | null> {
  const scope: StoryScope = { viewer, ageRating };
  const [category, first, categories] = await Promise.all([
    list.kind === 'category' ? visibleCategory(viewer, list.categoryId) : Promise.resolve(null),
    storyList(list, scope, 0),
    storyCategoriesFor(viewer),
  ]);
  if (list.kind === 'category') {
    if (!category) return null;
    return { title: category.name, intro: `Stories from ${category.name} magazines.`, first, categories };
  }
  if (list.kind === 'keyword') {
    return { title: `Stories on “${list.keyword}”`, intro: 'Stories that carry this keyword.', first, categories };
  }
  return { ...LIST_TEXT[list.kind], first, categories };
}


export interface StoryPageData {
  session: Session;
  shell: ShellProps;
  viewer: Viewer;
  details: StoryDetails;
  translation: { langCode: string; title: string; subtitle: string; body: string } | null;
  notice: LanguageNotice;
  /** The translation languages list; null for a session that reads the preview. */
  languages: LanguageRow[] | null;
  related: StoryFromServer[];
}

const RELATED_ON_PAGE = 6;

function languageName(languages: LanguageRow[], code: string): string {
  return languages.find((language) => language.lang_code === code)?.lang ?? code;
}

/** The requested translation: stored or made once; null (the original with a notice) when none can be had. */
async function translationFor(record: StoryRecord, lang: string) {
  if (!(await isTranslationLanguage(lang))) return null;
  const translation = await translateStory(
    { id: record.story.artid, title: record.story.title, subtitle: record.story.subtitle, body: record.body, languageCode: record.languageCode },
    lang,
  );
  return translation ? { langCode: lang, title: translation.title, subtitle: translation.subtitle, body: translation.body } : null;
}

/**
 * A story page: who may read what is decided here. The page's gate (SPEC §2, §4, server/context) has sent a visitor
 * with no session to /login (cb brings them back) and a user without a library or membership to /validate-user; a
 * member gets the whole story, in the language asked for when a translation can be had, and the read is recorded. A
 * session that may not read the whole text (its membership ended since the gate let it through) gets the preview of
 * SPEC §4 and no translation.
 */
export async function loadStoryPage(
  page: RequestContext<Session>,
  find: (scope: StoryScope) => Promise<StoryRecord | null>,
  lang: string | null,
): Promise<{ notFound: true } | StoryPageData> {
  const { session } = page;
  const [viewer, ratings] = await Promise.all([page.viewer(), page.ratings()]);
  const scope: StoryScope = { viewer, ageRating: ratings.story };
  const record = await find(scope);
  if (!record) return { notFound: true };
  const full = mayReadInFull(session);
  // Not awaited: counting must not slow or break reading.
  if (full) void countStoryOpened(session, record);
  const wanted = full && lang && lang !== record.languageCode ? lang : null;
  const [languages, translation, related, shell] = await Promise.all([
    full ? cachedTranslationLanguages() : Promise.resolve(null),
    wanted ? translationFor(record, wanted) : Promise.resolve(null),
    magazineRelated(scope, record.story.mid, 0),
    page.shell(),
    full ? rememberRead(session.claims.uid, record.story.artid) : Promise.resolve(),
  ]);
  const notice: LanguageNotice = !wanted
    ? { state: 'original' }
    : translation
      ? { state: 'translated', languageName: languageName(languages ?? [], wanted) }
      : { state: 'unavailable', languageName: languageName(languages ?? [], wanted) };
  return {
    session,
    shell,
    viewer,
    details: storyDetails(record, storyText(record, full)),
    translation,
    notice,
    languages,
    related: related.hits.filter((story) => story.artid !== record.story.artid).slice(0, RELATED_ON_PAGE),
  };
}

/** /stories/{canonical path} and /stories/{slug}. */
export function storyAtPath(segments: string[]) {
  return (scope: StoryScope) => storyAt(scope, segments);
}

/** /stories/details: by the article's address, else by magazine and article name. */
export function storyFromDetailsQuery(query: { articleUrl?: string; magazineName?: string; articleName?: string }) {
  return async (scope: StoryScope): Promise<StoryRecord | null> => {
    const segments = query.articleUrl ? storyPathSegments(query.articleUrl) : [];
    if (segments.length > 0 && segments[0] !== 'category') {
      const found = await storyAt(scope, segments);
      if (found) return found;
    }
    if (query.magazineName && query.articleName) return findStoryByNames(scope, query.magazineName, query.articleName);
    return null;
  };
}

/**
 * getServerSideProps of the story pages (/stories/{path}, /stories/{slug}?lang=, /stories/details): the story `find`
 * names, as the screen shows it to this session.
 */
export async function storyPageProps(page: RequestContext<Session>, find: (scope: StoryScope) => Promise<StoryRecord | null>, lang: string | null) {
  const data = await loadStoryPage(page, find, lang);
  if ('notFound' in data) return data;
  return { props: { shell: data.shell, ...storyScreenProps({ ...data, base: data.viewer.base }) } };
}
