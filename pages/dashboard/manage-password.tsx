import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ManagePasswordScreen } from '@/components/dashboard/ManagePasswordScreen';
import { withPage } from '@/server/context';
import { accountSummary } from '@/server/user/account-view';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'member' }, async (page) => {
  const [shell, account] = await Promise.all([page.shell(), accountSummary(page.session)]);
  return { props: { shell, email: account.email, hasPassword: account.hasPassword } };
}) satisfies GetServerSideProps;

export default function ManagePasswordPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ManagePasswordScreen email={props.email} hasPassword={props.hasPassword} />;
}

ManagePasswordPage.getLayout = siteLayout;
