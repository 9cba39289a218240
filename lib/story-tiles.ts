import { mediaUrl } from './media';
import { readTimeLabel } from './read-time';
import type { StoryFromServer, StoryTile } from './wire';

/** SPEC §3 Story tile, mapped from the server's story (shared by pages' server code and the client). */
export function storyTile(story: StoryFromServer, now?: Date): StoryTile {
  return {
    imgPath: mediaUrl(story.thumb),
    title: story.title,
    subTitle: story.subtitle,
    readTime: readTimeLabel({ timeReadSeconds: story.time_read, isNews: story.is_news === 1, publishedAt: story.published }, now),
    browserLinkUrl: story.url,
    appLinkUrl: story.url,
    key: String(story.artid),
    isShoppable: story.shoppable === 1,
    shortDesc: story.short_desc,
    issueName: story.issuename,
    isNews: story.is_news === 1,
    magName: story.magname,
  };
}
