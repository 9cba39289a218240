import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AccessCodeScreen } from '@/components/account/AccessCodeScreen';
import { pageSession, withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const session = await pageSession(ctx);
  return { props: { shell: await shellProps(session), signedIn: Boolean(session) } };
}) satisfies GetServerSideProps;

export default function AccessCodePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <AccessCodeScreen signedIn={props.signedIn} />;
}

AccessCodePage.getLayout = siteLayout;
