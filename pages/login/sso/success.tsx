import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { SsoSuccessScreen } from '@/components/account/SsoScreens';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', session: false }, async (page) => ({ props: { shell: await page.shell() } })) satisfies GetServerSideProps;

export default function SsoSuccessPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <SsoSuccessScreen />;
}

SsoSuccessPage.getLayout = siteLayout;
