import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { FullNameScreen } from '@/components/account/FullNameScreen';
import { pageSession, withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const session = await pageSession(ctx);
  const user = session?.user ?? null;
  // Open to anyone (SPEC §2): a visitor gets the page, which asks them to sign in, since there is no name to save.
  const screen = user ? { signedIn: true as const, firstName: user.firstName, lastName: user.lastName } : { signedIn: false as const };
  return { props: { shell: await shellProps(session), screen } };
}) satisfies GetServerSideProps;

export default function FullNamePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <FullNameScreen {...props.screen} />;
}

FullNamePage.getLayout = siteLayout;
