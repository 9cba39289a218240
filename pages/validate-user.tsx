import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ValidateUserScreen } from '@/components/account/ValidateUserScreen';
import { helpEmailFor, withPage } from '@/server/context';
import { formatPrice, planFor } from '@/server/payments/plans';
import { paymentsEnabled } from '@/server/payments/provider';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page, ctx) => {
  const type = ctx.query.type === '2' ? 2 : 1;
  const { session } = page;
  const shell = await page.shell();
  // An expired member may renew by card when the site takes cards; guests and people without a library may not.
  const plan = planFor('basicPlan');
  const renew =
    type === 2 && paymentsEnabled() && session && !session.claims.guest && session.claims.libid
      ? { planName: plan.name, days: plan.days, price: formatPrice(plan) }
      : null;
  return {
    props: {
      shell,
      type,
      libraryName: shell.library?.libName ?? '',
      helpEmail: helpEmailFor(shell),
      renew,
    },
  };
}) satisfies GetServerSideProps;

export default function ValidateUserPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ValidateUserScreen type={props.type as 1 | 2} libraryName={props.libraryName} helpEmail={props.helpEmail} renew={props.renew} />;
}

ValidateUserPage.getLayout = siteLayout;
