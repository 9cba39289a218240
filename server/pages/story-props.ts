import type { GetServerSidePropsContext } from 'next';
import { storyScreenProps } from '@/services/article';
import { loadStoryPage } from '../article/pages';
import type { StoryRecord, StoryScope } from '../article/queries';
import { memoisedHtml } from './html-memo';

/**
 * getServerSideProps of the story pages (/stories/{path}, /stories/{slug}?lang=, /stories/details): the story `find`
 * names, as the screen shows it to this session; the page's HTML is kept for the same props (server/pages/html-memo.ts).
 */
export const storyPageProps = memoisedHtml(
  async (ctx: GetServerSidePropsContext, find: (scope: StoryScope) => Promise<StoryRecord | null>, lang: string | null) => {
    const data = await loadStoryPage(ctx, find, lang);
    if ('redirect' in data || 'notFound' in data) return data;
    return { props: { shell: data.shell, ...storyScreenProps(data) } };
  },
);
