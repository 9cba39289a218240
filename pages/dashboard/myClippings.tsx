import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MyClippingsScreen } from '@/components/dashboard/MyMarksScreen';
import { siteLayout } from '@/components/shell/siteLayout';
import { withPage } from '@/server/context';
import { clippingViews } from '@/server/user/present';

export const getServerSideProps = withPage({ access: 'member' }, async (page) => {
  const [shell, clippings] = await Promise.all([page.shell(), clippingViews(page.session.claims.uid)]);
  return { props: { shell, showPassword: shell.hasPassword, clippings } };
}) satisfies GetServerSideProps;

export default function MyClippingsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MyClippingsScreen clippings={props.clippings} showPassword={props.showPassword} />;
}

MyClippingsPage.getLayout = siteLayout;
