import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import Head from 'next/head';
import { StoriesScreen, type StoriesScreenProps } from '@/components/story/StoriesScreen';
import { AGE_RATING_DEFAULT, STORY_CATEGORIES } from '@/lib/constants';
import type { ShellProps } from '@/lib/entities';
import { fixedStoryCategoryHref, parseStoryListId, storyCategoryHref } from '@/lib/story-routes';
import { articleKeys, storyTile } from '@/services/article';
import { loadStoryListPage, pageAgeRating, storyMember } from '@/server/article/pages';
import { withDatabase } from '@/server/pages/session';
import { siteLayout } from '@/components/shell/siteLayout';

// A mapped type, so the props satisfy withDatabase's Record<string, unknown>.
type Props = { [K in keyof StoriesScreenProps]: StoriesScreenProps[K] } & { shell: ShellProps; fallback: Record<string, unknown> };

export const getServerSideProps = withDatabase<Props>(async (ctx) => {
  const member = await storyMember(ctx);
  if ('redirect' in member) return member;
  const slug = String(ctx.params?.slug ?? '');
  const categoryId = String(ctx.params?.categoryId ?? '');
  const list = parseStoryListId(slug, categoryId);
  if (!list) return { notFound: true };
  const ageRating = pageAgeRating(ctx, member.viewer);
  const page = await loadStoryListPage(member.viewer, list, ageRating);
  if (!page) return { notFound: true };
  const now = new Date();
  const props: Props = {
    shell: member.shell,
    title: page.title,
    intro: page.intro,
    list,
    ageRating: ageRating ?? AGE_RATING_DEFAULT.article,
    first: page.first.Articles.map((story) => storyTile(story, now)),
    nbPages: page.first.nbPages,
    nbHits: page.first.nbHits,
    fixed: (['cover', 'latest', 'forYou'] as const).map((which) => ({ label: STORY_CATEGORIES[which].name, href: fixedStoryCategoryHref(which) })),
    currentHref: storyCategoryHref(slug, categoryId),
    fallback: { [articleKeys.storyCategories()]: { status: 'success', data: page.categories } },
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
