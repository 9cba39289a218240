import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { EmailScreen } from '@/components/account/EmailScreen';
import { decodeEmail } from '@/lib/email';
import { libParam, param, redirectTo, withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page, ctx) => {
  const link = param(ctx, 'link') === '1';
  if (link && !page.session) return redirectTo('/login');
  return {
    props: { shell: await page.shell(), libid: libParam(ctx), link, initialEmail: decodeEmail(param(ctx, 'e')) ?? '' },
  };
}) satisfies GetServerSideProps;

export default function LoginEmailPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <EmailScreen libid={props.libid} link={props.link} initialEmail={props.initialEmail} />;
}

LoginEmailPage.getLayout = siteLayout;
