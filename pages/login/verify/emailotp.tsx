import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { OtpScreen } from '@/components/account/OtpScreen';
import { decodeEmail } from '@/lib/email';
import { libParam, param, redirectTo, withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page, ctx) => {
  const link = param(ctx, 'link') === '1';
  if (link && !page.session) return redirectTo('/login');
  const email = decodeEmail(param(ctx, 'e'));
  return {
    props: {
      shell: await page.shell(),
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
