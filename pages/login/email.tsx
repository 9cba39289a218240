import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { EmailScreen } from '@/components/account/EmailScreen';
import { decodeEmail } from '@/lib/email';
import { loginPath } from '@/lib/sign-in-paths';
import { libParam, param, redirectTo, withPage } from '@/server/context';
import { emailWays } from '@/server/user/pages';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page, ctx) => {
  const link = param(ctx, 'link') === '1';
  if (link && !page.session) return redirectTo('/login');
  const libid = libParam(ctx);
  // Adding an address to an account is always a code; signing in offers what the named library chose.
  const ways = link ? { code: true, password: false } : await emailWays(libid);
  if (!ways.code && !ways.password) return redirectTo(loginPath('', libid));
  return {
    props: { shell: await page.shell(), libid, link, ways, initialEmail: decodeEmail(param(ctx, 'e')) ?? '' },
  };
}) satisfies GetServerSideProps;

export default function LoginEmailPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <EmailScreen libid={props.libid} link={props.link} ways={props.ways} initialEmail={props.initialEmail} />;
}

LoginEmailPage.getLayout = siteLayout;
