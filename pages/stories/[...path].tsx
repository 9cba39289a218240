import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { StoryPageView } from '@/components/story/StoryPageView';
import { fixedStoryCategoryHref } from '@/lib/story-paths';
import { storyAtPath } from '@/server/article/pages';
import { withPage } from '@/server/context';
import { storyPageProps } from '@/server/article/pages';
import { siteLayout } from '@/components/shell/siteLayout';

/** /stories/{canonical path} and /stories/{slug}?lang={code}: the whole story for a member; a visitor signs in first (the gate). */
export const getServerSideProps = withPage({ access: 'member' }, async (page, ctx) => {
  const segments = ([] as string[]).concat(ctx.params?.path ?? []);
  if (segments.length === 1 && segments[0] === 'category') {
    return { redirect: { destination: fixedStoryCategoryHref('cover'), permanent: false } };
  }
  const lang = typeof ctx.query.lang === 'string' ? ctx.query.lang : null;
  return storyPageProps(page, storyAtPath(segments), lang);
}) satisfies GetServerSideProps;

export default function StoryPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <StoryPageView {...props} />;
}

StoryPage.getLayout = siteLayout;
