import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { OtpScreen } from '@/components/account/OtpScreen';
import { maskMobile, toE164 } from '@/lib/country-codes';
import { fromBase64 } from '@/lib/email';
import { libParam, param, redirectTo, withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

function decodeDigits(encoded: string): string | null {
  try {
    const digits = fromBase64(encoded);
    return /^\d{4,15}$/.test(digits) ? digits : null;
  } catch {
    return null;
  }
}

export const getServerSideProps = withPage({ access: 'open' }, async (page, ctx) => {
  const link = param(ctx, 'link') === '1';
  if (link && !page.session) return redirectTo('/login');
  const cc = param(ctx, 'cc');
  const digits = decodeDigits(param(ctx, 'm'));
  const e164 = digits ? toE164(cc, digits) : null;
  return {
    props: {
      shell: await page.shell(),
      mobile: e164 && digits ? { mobile: digits, cc } : null,
      shownAs: e164 ? maskMobile(e164) : '',
      libid: libParam(ctx),
      link,
      resendAfter: param(ctx, 'sent') === '1' ? 30 : 0,
    },
  };
}) satisfies GetServerSideProps;

export default function VerifyMobileCodePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <OtpScreen channel="mobile" address={props.mobile} shownAs={props.shownAs} libid={props.libid} link={props.link} next={null} resendAfter={props.resendAfter} />;
}

VerifyMobileCodePage.getLayout = siteLayout;
