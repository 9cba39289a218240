import type { StoryDetails, StoryFromServer } from '@/lib/wire';
import type { Story } from '../db/schema';

export type { StoryDetails, StoryFromServer };

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
