import type { Story } from '../db/schema';

/** SPEC §3 'Story from the server', plus the subtitle, news flag and ids the tiles need. */
export interface StoryFromServer {
  artid: number;
  title: string;
  subtitle: string;
  magname: string;
  issuename: string;
  time_read: number;
  canon_url: string;
  url: string;
  base_img: string;
  thumb: string;
  short_desc: string;
  shoppable: number;
  is_news: number;
  mid: number;
  issid: number;
  published: string;
}

export function storyFromServer(story: Pick<Story, 'id' | 'title' | 'subtitle' | 'timeRead' | 'canonUrl' | 'imagePath' | 'shortDesc' | 'isShoppable' | 'isNews' | 'magazineId' | 'issueId' | 'publishedAt'>, magazineName: string, issueName: string): StoryFromServer {
  return {
    artid: story.id,
    title: story.title,
    subtitle: story.subtitle,
    magname: magazineName,
    issuename: issueName,
    time_read: story.timeRead,
    canon_url: story.canonUrl,
    url: `/stories/${story.canonUrl}`,
    base_img: story.imagePath,
    thumb: story.imagePath,
    short_desc: story.shortDesc,
    shoppable: story.isShoppable ? 1 : 0,
    is_news: story.isNews ? 1 : 0,
    mid: story.magazineId,
    issid: story.issueId,
    published: story.publishedAt.toISOString(),
  };
}

/**
 * Article details (by id, by url): the story from the server with its text and what its page shows around it.
 * `body` is the whole text, or the preview (SPEC §4) when `is_preview` is 1.
 */
export interface StoryDetails extends StoryFromServer {
  body: string;
  is_preview: number;
  keywords: string[];
  lang: string;
  page_no: number;
  cat_id: number;
  cat_name: string;
  cat_slug: string;
  issue_date: string;
}

export function storyDetails(
  record: { story: StoryFromServer; keywords: string[]; languageCode: string; pageNo: number; categoryId: number; categoryName: string; categorySlug: string; issueDate: string },
  text: { body: string; isPreview: boolean },
): StoryDetails {
  return {
    ...record.story,
    body: text.body,
    is_preview: text.isPreview ? 1 : 0,
    keywords: record.keywords,
    lang: record.languageCode,
    page_no: record.pageNo,
    cat_id: record.categoryId,
    cat_name: record.categoryName,
    cat_slug: record.categorySlug,
    issue_date: record.issueDate,
  };
}
