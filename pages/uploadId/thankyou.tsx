import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ThankYouScreen } from '@/components/account/ThankYouScreen';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page) => {
  return { props: { shell: await page.shell(), signedIn: Boolean(page.session) } };
}) satisfies GetServerSideProps;

/** /uploadId/thankyou: after a member sends their library a proof of identity to check. */
export default function UploadIdThankYouPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return (
    <ThankYouScreen
      title="Thank you, we have your ID"
      action={props.signedIn ? { label: 'Go to my account', href: '/dashboard/myAccount' } : { label: 'Sign in', href: '/login' }}
      secondary={{ label: 'Help and support', href: '/helpsupport' }}
    >
      <p>Your library will check it and let you know by email, usually within one working day.</p>
      <p>Until then you can keep reading anything your account already opens.</p>
    </ThankYouScreen>
  );
}

UploadIdThankYouPage.getLayout = siteLayout;
