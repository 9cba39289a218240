import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ThankYouScreen } from '@/components/account/ThankYouScreen';
import { COOKIE } from '@/lib/cookies';
import { longDate } from '@/lib/dates';
import { safeSameSitePath } from '@/lib/sign-in-paths';
import { withPage } from '@/server/context';
import { membershipIn } from '@/server/user/queries';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'member' }, async (page, ctx) => {
  const { uid, libid } = page.session.claims;
  const [shell, membership] = await Promise.all([page.shell(), membershipIn(uid, libid)]);
  return {
    props: {
      shell,
      libraryName: membership?.library.name ?? shell.library?.libName ?? '',
      until: longDate(membership?.expiresAt ?? null),
      next: safeSameSitePath(ctx.req.cookies[COOKIE.cb]) ?? '/',
    },
  };
}) satisfies GetServerSideProps;

/** /login/thankyou: shown after an access code joins a library. */
export default function LoginThankYouPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return (
    <ThankYouScreen title="Thank you, you’re in" action={{ label: 'Start reading', href: props.next }} secondary={{ label: 'My account', href: '/dashboard/myAccount' }}>
      <p>
        You now read through <strong>{props.libraryName || 'your library'}</strong>
        {props.until ? ` until ${props.until}` : ''}: magazines, newspapers and stories, on any device you sign in on.
      </p>
    </ThankYouScreen>
  );
}

LoginThankYouPage.getLayout = siteLayout;
