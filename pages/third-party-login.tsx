import type { InferGetServerSidePropsType } from 'next';
import { PartnerSignInScreen } from '@/components/account/PartnerSignInScreen';
import { withPage } from '@/server/context';
import { partnerLanding } from '@/server/user/pages';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', session: false }, partnerLanding('your organisation'));

export default function ThirdPartyLoginPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <PartnerSignInScreen token={props.token} partner={props.partner} magazineId={props.magazineId} />;
}

ThirdPartyLoginPage.getLayout = siteLayout;
