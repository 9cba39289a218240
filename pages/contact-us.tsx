import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ContactScreen } from '@/components/help/ContactScreen';
import { memberContact, publicShell } from '@/server/pages/public';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = (async (ctx) => {
  const { session, shell } = await publicShell(ctx);
  return { props: { shell, prefill: memberContact(session) } };
}) satisfies GetServerSideProps;

export default function ContactUsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <ContactScreen prefill={props.prefill} />;
}

ContactUsPage.getLayout = siteLayout;
