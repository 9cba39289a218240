import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { FullNameScreen } from '@/components/account/FullNameScreen';
import { pageSession, withDatabase } from '@/server/pages/session';
import { redirectTo } from '@/server/pages/query';
import { shellProps } from '@/server/pages/shell';
import { findUserById } from '@/server/user/queries';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const session = await pageSession(ctx);
  const user = session ? await findUserById(session.claims.uid) : null;
  // Open to anyone by the spec, but there is no name to save without an account.
  if (!session || !user) return redirectTo('/login');
  return { props: { shell: await shellProps(session), firstName: user.firstName, lastName: user.lastName } };
}) satisfies GetServerSideProps;

export default function FullNamePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <FullNameScreen firstName={props.firstName} lastName={props.lastName} />;
}

FullNamePage.getLayout = siteLayout;
