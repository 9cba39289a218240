import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { LibrarySelectorScreen } from '@/components/account/LibrarySelectorScreen';
import { withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async () => ({ props: { shell: await shellProps(null) } })) satisfies GetServerSideProps;

export default function LibrarySelectorPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <LibrarySelectorScreen />;
}

LibrarySelectorPage.getLayout = siteLayout;
