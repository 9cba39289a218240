import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { StoryPageView } from '@/components/story/StoryPageView';
import { storyFromDetailsQuery } from '@/server/article/pages';
import { withPage } from '@/server/context';
import { storyPageProps } from '@/server/article/pages';
import { siteLayout } from '@/components/shell/siteLayout';

function text(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 600 ? first : undefined;
}

/** /stories/details?category=&magazineName=&articleName=&articleUrl=: a story named by its address or its names. */
export const getServerSideProps = withPage({ access: 'member' }, async (page, ctx) => {
  const query = { articleUrl: text(ctx.query.articleUrl), magazineName: text(ctx.query.magazineName), articleName: text(ctx.query.articleName) };
  const lang = text(ctx.query.lang) ?? null;
  return storyPageProps(page, storyFromDetailsQuery(query), lang);
}) satisfies GetServerSideProps;

export default function StoryDetailsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <StoryPageView {...props} />;
}

StoryDetailsPage.getLayout = siteLayout;
