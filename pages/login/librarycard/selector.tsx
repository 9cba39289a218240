import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { LibrarySelectorScreen } from '@/components/account/LibrarySelectorScreen';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', session: false }, async (page) => ({ props: { shell: await page.shell() } })) satisfies GetServerSideProps;

export default function LibrarySelectorPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <LibrarySelectorScreen />;
}

LibrarySelectorPage.getLayout = siteLayout;
