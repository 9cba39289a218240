import type { GetServerSidePropsContext } from 'next';
import { storyScreenProps } from '@/services/article';
import { loadStoryPage } from '../article/pages';
import type { StoryRecord, StoryScope } from '../article/queries';

/**
 * getServerSideProps of the story pages (/stories/{path}, /stories/{slug}?lang=, /stories/details): the story `find`
 * names, as the screen shows it to this session.
 */
export async function storyPageProps(ctx: GetServerSidePropsContext, find: (scope: StoryScope) => Promise<StoryRecord | null>, lang: string | null) {
  const data = await loadStoryPage(ctx, find, lang);
  if ('redirect' in data || 'notFound' in data) return data;
  return { props: { shell: data.shell, ...storyScreenProps(data) } };
}
