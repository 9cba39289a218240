import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { FullNameScreen } from '@/components/account/FullNameScreen';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page) => {
  const user = page.member;
  // Open to anyone (SPEC §2): a visitor gets the page, which asks them to sign in, since there is no name to save.
  const screen = user ? { signedIn: true as const, firstName: user.firstName, lastName: user.lastName } : { signedIn: false as const };
  return { props: { shell: await page.shell(), screen } };
}) satisfies GetServerSideProps;

export default function FullNamePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <FullNameScreen {...props.screen} />;
}

FullNamePage.getLayout = siteLayout;
