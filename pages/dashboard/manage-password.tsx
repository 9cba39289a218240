import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ManagePasswordScreen } from '@/components/dashboard/ManagePasswordScreen';
import { requireMember, withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { accountSummary } from '@/server/user/account-view';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const member = await requireMember(ctx);
  if ('redirect' in member) return member;
  const [shell, account] = await Promise.all([shellProps(member.session), accountSummary(member.session)]);
  return { props: { shell, email: account.email, hasPassword: account.hasPassword } };
}) satisfies GetServerSideProps;

export default function ManagePasswordPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ManagePasswordScreen email={props.email} hasPassword={props.hasPassword} />;
}

ManagePasswordPage.getLayout = siteLayout;
