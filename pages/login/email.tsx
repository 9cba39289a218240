import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { EmailScreen } from '@/components/account/EmailScreen';
import { decodeEmail } from '@/lib/email';
import { pageSession, withDatabase } from '@/server/pages/session';
import { libParam, param, redirectTo } from '@/server/pages/query';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const session = await pageSession(ctx);
  const link = param(ctx, 'link') === '1';
  if (link && !session) return redirectTo('/login');
  return {
    props: { shell: await shellProps(session), libid: libParam(ctx), link, initialEmail: decodeEmail(param(ctx, 'e')) ?? '' },
  };
}) satisfies GetServerSideProps;

export default function LoginEmailPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <EmailScreen libid={props.libid} link={props.link} initialEmail={props.initialEmail} />;
}

LoginEmailPage.getLayout = siteLayout;
