import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import Head from 'next/head';
import { StoryScreen } from '@/components/story/StoryScreen';
import { fixedStoryCategoryHref } from '@/lib/story-routes';
import { storyScreenProps } from '@/services/article';
import { loadStoryPage, storyAtPath } from '@/server/article/pages';
import { sendMemoisedHtml } from '@/server/pages/html-memo';
import { withDatabase } from '@/server/pages/session';
import { siteLayout } from '@/components/shell/siteLayout';

/** /stories/{canonical path} and /stories/{slug}?lang={code}: the whole story for a member, the preview for a visitor. */
export const getServerSideProps = withDatabase(async (ctx) => {
  const segments = ([] as string[]).concat(ctx.params?.path ?? []);
  if (segments.length === 1 && segments[0] === 'category') {
    return { redirect: { destination: fixedStoryCategoryHref('cover'), permanent: false } };
  }
  const lang = typeof ctx.query.lang === 'string' ? ctx.query.lang : null;
  const data = await loadStoryPage(ctx, storyAtPath(segments), lang);
  if ('redirect' in data || 'notFound' in data) return data;
  const props = { shell: data.shell, ...storyScreenProps(data) };
  sendMemoisedHtml(ctx, props);
  return { props };
}) satisfies GetServerSideProps;

export default function StoryPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
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

StoryPage.getLayout = siteLayout;
