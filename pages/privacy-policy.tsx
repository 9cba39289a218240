import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { PrivacyScreen } from '@/components/help/PrivacyScreen';
import { SESSION_TOKEN_SECONDS } from '@/server/config';
import { withPage } from '@/server/context';
import { paymentsEnabled } from '@/server/payments/provider';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', withoutDatabase: true }, async (page) => {
  const shell = await page.shell();
  return { props: { shell, sessionDays: Math.round(SESSION_TOKEN_SECONDS / 86_400), cardPayments: paymentsEnabled() } };
}) satisfies GetServerSideProps;

export default function PrivacyPolicyPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <PrivacyScreen sessionDays={props.sessionDays} cardPayments={props.cardPayments} />;
}

PrivacyPolicyPage.getLayout = siteLayout;
