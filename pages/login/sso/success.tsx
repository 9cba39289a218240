import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { SsoSuccessScreen } from '@/components/account/SsoScreens';
import { withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async () => ({ props: { shell: await shellProps(null) } })) satisfies GetServerSideProps;

export default function SsoSuccessPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <SsoSuccessScreen />;
}

SsoSuccessPage.getLayout = siteLayout;
