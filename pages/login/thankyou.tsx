import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { LoginThankYouScreen } from '@/components/account/ThankYouScreens';
import { requireMember, withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { findUserById } from '@/server/user/queries';

// Not an open route (SPEC §2 lists it with /search and /dashboard): the gate runs again here.
export const getServerSideProps = withDatabase(async (ctx) => {
  const member = await requireMember(ctx);
  if ('redirect' in member) return member;
  const [shell, user] = await Promise.all([shellProps(member.session), findUserById(member.session.claims.uid)]);
  const { mexp } = member.session.claims;
  return {
    props: {
      shell,
      firstName: user?.firstName ?? '',
      libraryName: shell.library?.libName ?? '',
      accessUntil: mexp ? new Date(mexp * 1000).toISOString() : null,
    },
  };
}) satisfies GetServerSideProps;

export default function LoginThankYouPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <LoginThankYouScreen firstName={props.firstName} libraryName={props.libraryName} accessUntil={props.accessUntil} />;
}
