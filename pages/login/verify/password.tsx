import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { PasswordScreen } from '@/components/account/PasswordScreen';
import { decodeEmail } from '@/lib/email';
import { loginPath } from '@/lib/sign-in-paths';
import { libParam, param, redirectTo, withPage } from '@/server/context';
import { namedLibraryOffers } from '@/server/user/pages';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', session: false }, async (page, ctx) => {
  const encoded = param(ctx, 'e');
  const libid = libParam(ctx);
  if (!(await namedLibraryOffers(libid, 'password'))) return redirectTo(loginPath('email', libid));
  return { props: { shell: await page.shell(), email: decodeEmail(encoded), encoded, libid } };
}) satisfies GetServerSideProps;

export default function VerifyPasswordPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <PasswordScreen email={props.email} encoded={props.encoded} libid={props.libid} />;
}

VerifyPasswordPage.getLayout = siteLayout;
