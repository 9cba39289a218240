import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MyBookmarksScreen } from '@/components/dashboard/MyMarksScreen';
import { siteLayout } from '@/components/shell/siteLayout';
import { withPage } from '@/server/context';
import { bookmarkViews } from '@/server/user/present';

export const getServerSideProps = withPage({ access: 'member' }, async (page) => {
  const [shell, bookmarks] = await Promise.all([page.shell(), bookmarkViews(page.session.claims.uid)]);
  return { props: { shell, showPassword: shell.hasPassword, bookmarks } };
}) satisfies GetServerSideProps;

export default function MyBookmarksPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MyBookmarksScreen bookmarks={props.bookmarks} showPassword={props.showPassword} />;
}

MyBookmarksPage.getLayout = siteLayout;
