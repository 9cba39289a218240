import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MyAccountScreen } from '@/components/dashboard/MyAccountScreen';
import { requireMember, withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { accountSummary } from '@/server/user/account-view';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const member = await requireMember(ctx);
  if ('redirect' in member) return member;
  const [shell, account] = await Promise.all([shellProps(member.session), accountSummary(member.session)]);
  return { props: { shell, account } };
}) satisfies GetServerSideProps;

export default function MyAccountPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MyAccountScreen account={props.account} />;
}

MyAccountPage.getLayout = siteLayout;
