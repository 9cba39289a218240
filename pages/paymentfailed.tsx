import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { PaymentFailedScreen } from '@/components/payments/PaymentFailedScreen';
import { publicShell } from '@/server/pages/public';
import { paymentsEnabled } from '@/server/payments/provider';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = (async (ctx) => {
  const { session, shell } = await publicShell(ctx);
  return { props: { shell, canRetry: paymentsEnabled() && Boolean(session && !session.claims.guest && session.claims.libid) } };
}) satisfies GetServerSideProps;

export default function PaymentFailedPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <PaymentFailedScreen canRetry={props.canRetry} />;
}

PaymentFailedPage.getLayout = siteLayout;
