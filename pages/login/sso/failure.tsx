import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { SsoFailureScreen } from '@/components/account/SsoScreens';
import { withDatabase } from '@/server/pages/session';
import { param } from '@/server/pages/query';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => ({ props: { shell: await shellProps(null), reason: param(ctx, 'reason').slice(0, 20) } })) satisfies GetServerSideProps;

export default function SsoFailurePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <SsoFailureScreen reason={props.reason} />;
}

SsoFailurePage.getLayout = siteLayout;
