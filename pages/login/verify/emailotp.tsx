import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { OtpScreen } from '@/components/account/OtpScreen';
import { decodeEmail } from '@/lib/email';
import { pageSession, withDatabase } from '@/server/pages/session';
import { libParam, param, redirectTo } from '@/server/pages/query';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const session = await pageSession(ctx);
  const link = param(ctx, 'link') === '1';
  if (link && !session) return redirectTo('/login');
  const email = decodeEmail(param(ctx, 'e'));
  return {
    props: {
      shell: await shellProps(session),
      email,
      libid: libParam(ctx),
      link,
      next: param(ctx, 'next') === 'newpassword' ? ('newpassword' as const) : null,
      resendAfter: param(ctx, 'sent') === '1' ? 30 : 0,
    },
  };
}) satisfies GetServerSideProps;

export default function VerifyEmailCodePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return (
    <OtpScreen
      channel="email"
      address={props.email ? { email: props.email } : null}
      shownAs={props.email ?? ''}
      libid={props.libid}
      link={props.link}
      next={props.next}
      resendAfter={props.resendAfter}
    />
  );
}

VerifyEmailCodePage.getLayout = siteLayout;
