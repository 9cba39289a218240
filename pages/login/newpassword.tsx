import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { NewPasswordScreen } from '@/components/account/NewPasswordScreen';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page) => {
  const user = page.member;
  return {
    props: { shell: await page.shell(), signedIn: Boolean(user), email: user?.email ?? '', hasPassword: Boolean(user?.passwordHash) },
  };
}) satisfies GetServerSideProps;

export default function NewPasswordPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <NewPasswordScreen signedIn={props.signedIn} email={props.email} hasPassword={props.hasPassword} />;
}

NewPasswordPage.getLayout = siteLayout;
