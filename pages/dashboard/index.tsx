import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { DashboardScreen } from '@/components/dashboard/DashboardScreen';
import { helpEmailFor, withPage } from '@/server/context';
import { accountSummary } from '@/server/user/account-view';
import { favouriteMagazineIds } from '@/server/user/queries';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'member' }, async (page) => {
  const { session } = page;
  const [shell, account, favourites] = await Promise.all([
    page.shell(),
    accountSummary(session),
    page.viewer().then((viewer) => favouriteMagazineIds(viewer, session.claims.uid)),
  ]);
  return {
    props: {
      shell,
      account,
      favouriteCount: favourites.length,
      helpEmail: helpEmailFor(shell),
    },
  };
}) satisfies GetServerSideProps;

export default function DashboardPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <DashboardScreen account={props.account} favouriteCount={props.favouriteCount} helpEmail={props.helpEmail} />;
}

DashboardPage.getLayout = siteLayout;
