import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { NewPasswordScreen } from '@/components/account/NewPasswordScreen';
import { pageSession, withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const session = await pageSession(ctx);
  const user = session?.user ?? null;
  return {
    props: { shell: await shellProps(session), signedIn: Boolean(user), email: user?.email ?? '', hasPassword: Boolean(user?.passwordHash) },
  };
}) satisfies GetServerSideProps;

export default function NewPasswordPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <NewPasswordScreen signedIn={props.signedIn} email={props.email} hasPassword={props.hasPassword} />;
}

NewPasswordPage.getLayout = siteLayout;
