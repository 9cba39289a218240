import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MyAccountScreen } from '@/components/dashboard/MyAccountScreen';
import { withPage } from '@/server/context';
import { accountSummary } from '@/server/user/account-view';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'member' }, async (page) => {
  const [shell, account] = await Promise.all([page.shell(), accountSummary(page.session)]);
  return { props: { shell, account } };
}) satisfies GetServerSideProps;

export default function MyAccountPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MyAccountScreen account={props.account} />;
}

MyAccountPage.getLayout = siteLayout;
