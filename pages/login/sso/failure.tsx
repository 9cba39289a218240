import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { SsoFailureScreen } from '@/components/account/SsoScreens';
import { param, withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', session: false }, async (page, ctx) => ({ props: { shell: await page.shell(), reason: param(ctx, 'reason').slice(0, 20) } })) satisfies GetServerSideProps;

export default function SsoFailurePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <SsoFailureScreen reason={props.reason} />;
}

SsoFailurePage.getLayout = siteLayout;
