import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { PaymentSuccessScreen } from '@/components/payments/PaymentSuccessScreen';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

// Stripe puts the checkout id in session_id ({CHECKOUT_SESSION_ID} in the return address); `order` is accepted too.
const ORDER_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

export const getServerSideProps = withPage({ access: 'open', withoutDatabase: true }, async (page, ctx) => {
  const shell = await page.shell();
  const raw = ctx.query.session_id ?? ctx.query.order;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return { props: { shell, order: value && ORDER_PATTERN.test(value) ? value : null } };
}) satisfies GetServerSideProps;

export default function PaymentSuccessPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <PaymentSuccessScreen order={props.order} signedIn={props.shell.signedIn} />;
}

PaymentSuccessPage.getLayout = siteLayout;
