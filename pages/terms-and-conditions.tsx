import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { TermsScreen } from '@/components/help/TermsScreen';
import { withPage } from '@/server/context';
import { formatPrice, planFor } from '@/server/payments/plans';
import { paymentsEnabled } from '@/server/payments/provider';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', withoutDatabase: true }, async (page) => {
  const shell = await page.shell();
  const plan = planFor('basicPlan');
  return { props: { shell, plan: paymentsEnabled() ? { name: plan.name, days: plan.days, price: formatPrice(plan) } : null } };
}) satisfies GetServerSideProps;

export default function TermsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <TermsScreen plan={props.plan} />;
}

TermsPage.getLayout = siteLayout;
