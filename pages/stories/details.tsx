import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import Head from 'next/head';
import { StoryScreen } from '@/components/story/StoryScreen';
import { storyScreenProps } from '@/services/article';
import { loadStoryPage, storyFromDetailsQuery } from '@/server/article/pages';
import { sendMemoisedHtml } from '@/server/pages/html-memo';
import { withDatabase } from '@/server/pages/session';
import { siteLayout } from '@/components/shell/siteLayout';

function text(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 600 ? first : undefined;
}

/** /stories/details?category=&magazineName=&articleName=&articleUrl=: a story named by its address or its names. */
export const getServerSideProps = withDatabase(async (ctx) => {
  const query = { articleUrl: text(ctx.query.articleUrl), magazineName: text(ctx.query.magazineName), articleName: text(ctx.query.articleName) };
  const lang = text(ctx.query.lang) ?? null;
  const data = await loadStoryPage(ctx, storyFromDetailsQuery(query), lang);
  if ('redirect' in data || 'notFound' in data) return data;
  const props = { shell: data.shell, ...storyScreenProps(data) };
  sendMemoisedHtml(ctx, props);
  return { props };
}) satisfies GetServerSideProps;

export default function StoryDetailsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return (
    <>
      <Head>
        <title>{`${props.story.title} · ${props.story.magName}`}</title>
        <link rel="canonical" href={props.story.href} />
      </Head>
      <StoryScreen {...props} />
    </>
  );
}

StoryDetailsPage.getLayout = siteLayout;
