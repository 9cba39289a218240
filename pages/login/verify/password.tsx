import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { PasswordScreen } from '@/components/account/PasswordScreen';
import { decodeEmail } from '@/lib/email';
import { withDatabase } from '@/server/pages/session';
import { libParam, param } from '@/server/pages/query';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const encoded = param(ctx, 'e');
  return { props: { shell: await shellProps(null), email: decodeEmail(encoded), encoded, libid: libParam(ctx) } };
}) satisfies GetServerSideProps;

export default function VerifyPasswordPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <PasswordScreen email={props.email} encoded={props.encoded} libid={props.libid} />;
}

VerifyPasswordPage.getLayout = siteLayout;
