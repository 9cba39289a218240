import { storyScreenProps } from '@/lib/story-screen';
import { loadStoryPage } from '../article/pages';
import type { StoryRecord, StoryScope } from '../article/queries';
import type { Session } from '../auth/session';
import type { RequestContext } from '../context';

/**
 * getServerSideProps of the story pages (/stories/{path}, /stories/{slug}?lang=, /stories/details): the story `find`
 * names, as the screen shows it to this session.
 */
export async function storyPageProps(page: RequestContext<Session>, find: (scope: StoryScope) => Promise<StoryRecord | null>, lang: string | null) {
  const data = await loadStoryPage(page, find, lang);
  if ('notFound' in data) return data;
  return { props: { shell: data.shell, ...storyScreenProps({ ...data, base: data.viewer.base }) } };
}
