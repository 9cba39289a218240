import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { DashboardScreen } from '@/components/dashboard/DashboardScreen';
import { requireMember, withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { accountSummary } from '@/server/user/account-view';
import { favouriteMagazineIds } from '@/server/user/favourite-queries';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const member = await requireMember(ctx);
  if ('redirect' in member) return member;
  const [shell, account, favourites] = await Promise.all([
    shellProps(member.session),
    accountSummary(member.session),
    favouriteMagazineIds(member.viewer, member.session.claims.uid),
  ]);
  return {
    props: {
      shell,
      account,
      favouriteCount: favourites.length,
      helpEmail: shell.library?.supportEmail || process.env.NEXT_PUBLIC_HELP_EMAIL || 'help@library-reader.example',
    },
  };
}) satisfies GetServerSideProps;

export default function DashboardPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <DashboardScreen account={props.account} favouriteCount={props.favouriteCount} helpEmail={props.helpEmail} />;
}

DashboardPage.getLayout = siteLayout;
