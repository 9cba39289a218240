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
