import { issuePath, type CatalogueBase } from './catalogue-paths';
import { imageSet } from './media';
import { readTimeLabel } from './read-time';
import { paragraphsOf } from './story-preview';
import { isValidKeyword, keywordHref, storyCategoryHref, storyHref } from './story-paths';
import { storyTile } from './story-tiles';
import type { LanguageRow, StoryDetails, StoryFromServer } from './wire';

/** Screen presenters of a story page (pure: shared by the page's getServerSideProps and the browser). */

/** A story as its page shows it. */
export interface StoryView {
  artid: number;
  mid: number;
  issid: number;
  title: string;
  subtitle: string;
  magName: string;
  issueName: string;
  issueHref: string;
  categoryName: string;
  categoryHref: string;
  /** SPEC §4 read time: minutes, or for news how long ago it was published. */
  readTime: string;
  isNews: boolean;
  publishedOn: string;
  publishedIso: string;
  image: { src: string; srcSet: string };
  paragraphs: string[];
  keywords: { label: string; href: string }[];
  /** The language the text on the page is in. */
  lang: string;
  /** The story's own language. */
  originalLang: string;
  isPreview: boolean;
  href: string;
}

const PUBLISHED_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The story page's view of article details, in a translation when one is given. */
function storyView(
  details: StoryDetails,
  options: { base?: CatalogueBase; now?: Date; translation?: { langCode: string; title: string; subtitle: string; body: string } | null },
): StoryView {
  const text = options.translation ?? { langCode: details.lang, title: details.title, subtitle: details.subtitle, body: details.body };
  return {
    artid: details.artid,
    mid: details.mid,
    issid: details.issid,
    title: text.title,
    subtitle: text.subtitle,
    magName: details.magname,
    issueName: details.issuename,
    issueHref: issuePath(options.base ?? '', details.mid, details.issid),
    categoryName: details.cat_name,
    categoryHref: storyCategoryHref(details.cat_slug, details.cat_id),
    readTime: readTimeLabel({ timeReadSeconds: details.time_read, isNews: details.is_news === 1, publishedAt: details.published }, options.now),
    isNews: details.is_news === 1,
    publishedOn: PUBLISHED_DATE.format(new Date(details.published)),
    publishedIso: details.published,
    image: imageSet(details.base_img),
    paragraphs: paragraphsOf(text.body),
    keywords: details.keywords.filter(isValidKeyword).map((keyword) => ({ label: keyword, href: keywordHref(keyword) })),
    lang: text.langCode,
    originalLang: details.lang,
    isPreview: details.is_preview === 1,
    href: storyHref(details.canon_url),
  };
}

/** A language the story can be read in, as the switcher shows it. */
export interface LanguageChoice {
  code: string;
  label: string;
  href: string;
  current: boolean;
}

/** The switcher's entries from the translation languages list; the story's own language leads to the original. */
function languageChoices(languages: LanguageRow[], story: { canonUrl: string; originalLang: string; lang: string }): LanguageChoice[] {
  const choices = languages.map((language) => ({
    code: language.lang_code,
    label: language.display_name && language.display_name !== language.lang ? `${language.display_name} (${language.lang})` : language.lang,
    href: storyHref(story.canonUrl, language.lang_code === story.originalLang ? undefined : language.lang_code),
    current: language.lang_code === story.lang,
  }));
  // The original language first, so 'back to the original' is always the first choice.
  const original = choices.find((c) => c.code === story.originalLang) ?? {
    code: story.originalLang,
    label: 'Original language',
    href: storyHref(story.canonUrl),
    current: story.lang === story.originalLang,
  };
  return [original, ...choices.filter((c) => c.code !== story.originalLang)];
}

/** Whether the story is shown in the language asked for (SPEC §7 translation). */
export type LanguageNotice = { state: 'original' } | { state: 'translated'; languageName: string } | { state: 'unavailable'; languageName: string };

/** What the server loaded for a story page, as the presenter needs it. */
export interface StoryScreenInput {
  details: StoryDetails;
  /** The reader's library's catalogue base, for the issue link ('' for none). */
  base: CatalogueBase;
  translation: { langCode: string; title: string; subtitle: string; body: string } | null;
  notice: LanguageNotice;
  /** The translation languages list; null for a session that reads the preview. */
  languages: LanguageRow[] | null;
  related: StoryFromServer[];
}

/** The story page's props from what the server loaded for it. */
export function storyScreenProps(data: StoryScreenInput, now: Date = new Date()) {
  const story = storyView(data.details, { base: data.base, now, translation: data.translation });
  return {
    story,
    languages: data.languages ? languageChoices(data.languages, { canonUrl: data.details.canon_url, originalLang: story.originalLang, lang: story.lang }) : null,
    translation: data.notice,
    related: data.related.map((related) => storyTile(related, now)),
    signInHref: '/login',
  };
}
