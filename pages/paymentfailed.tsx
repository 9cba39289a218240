import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { PaymentFailedScreen } from '@/components/payments/PaymentFailedScreen';
import { withPage } from '@/server/context';
import { paymentsEnabled } from '@/server/payments/provider';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', withoutDatabase: true }, async (page) => {
  const shell = await page.shell();
  const { session } = page;
  return { props: { shell, canRetry: paymentsEnabled() && Boolean(session && !session.claims.guest && session.claims.libid) } };
}) satisfies GetServerSideProps;

export default function PaymentFailedPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <PaymentFailedScreen canRetry={props.canRetry} />;
}

PaymentFailedPage.getLayout = siteLayout;
