import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import Head from 'next/head';
import { StoriesScreen, type StoriesScreenProps } from '@/components/story/StoriesScreen';
import { AGE_RATING_DEFAULT, STORY_CATEGORIES } from '@/lib/constants';
import type { ShellProps } from '@/lib/wire';
import { fixedStoryCategoryHref, parseStoryListId, storyCategoryHref } from '@/lib/story-paths';
import { storyTile } from '@/lib/story-tiles';
import { loadStoryListPage } from '@/server/article/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

// A mapped type, so the props satisfy withPage's Record<string, unknown>.
type Props = { [K in keyof StoriesScreenProps]: StoriesScreenProps[K] } & { shell: ShellProps };

export const getServerSideProps = withPage<'member', Props>({ access: 'member' }, async (page, ctx) => {
  const slug = String(ctx.params?.slug ?? '');
  const categoryId = String(ctx.params?.categoryId ?? '');
  const list = parseStoryListId(slug, categoryId);
  if (!list) return { notFound: true };
  const [viewer, ratings, shell] = await Promise.all([page.viewer(), page.ratings(), page.shell()]);
  const ageRating = ratings.story;
  const listPage = await loadStoryListPage(viewer, list, ageRating);
  if (!listPage) return { notFound: true };
  const now = new Date();
  const props: Props = {
    shell,
    title: listPage.title,
    intro: listPage.intro,
    list,
    ageRating: ageRating ?? AGE_RATING_DEFAULT.article,
    first: listPage.first.Articles.map((story) => storyTile(story, now)),
    nbPages: listPage.first.nbPages,
    nbHits: listPage.first.nbHits,
    fixed: (['cover', 'latest', 'forYou'] as const).map((which) => ({ label: STORY_CATEGORIES[which].name, href: fixedStoryCategoryHref(which) })),
    categories: listPage.categories,
    currentHref: storyCategoryHref(slug, categoryId),
  };
  return { props };
}) satisfies GetServerSideProps;

export default function StoryListPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return (
    <>
      <Head>
        <title>{`${props.title} · Stories`}</title>
      </Head>
      <StoriesScreen key={props.currentHref} {...props} />
    </>
  );
}

StoryListPage.getLayout = siteLayout;
