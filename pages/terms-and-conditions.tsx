import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { TermsScreen } from '@/components/help/TermsScreen';
import { publicShell } from '@/server/pages/public';
import { formatPrice, planFor } from '@/server/payments/plans';
import { paymentsEnabled } from '@/server/payments/provider';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = (async (ctx) => {
  const { shell } = await publicShell(ctx);
  const plan = planFor('basicPlan');
  return { props: { shell, plan: paymentsEnabled() ? { name: plan.name, days: plan.days, price: formatPrice(plan) } : null } };
}) satisfies GetServerSideProps;

export default function TermsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <TermsScreen plan={props.plan} />;
}

TermsPage.getLayout = siteLayout;
