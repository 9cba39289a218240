import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AccessCodeScreen } from '@/components/account/AccessCodeScreen';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page) => {
  return { props: { shell: await page.shell(), signedIn: Boolean(page.session) } };
}) satisfies GetServerSideProps;

export default function AccessCodePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <AccessCodeScreen signedIn={props.signedIn} />;
}

AccessCodePage.getLayout = siteLayout;
