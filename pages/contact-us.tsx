import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ContactScreen } from '@/components/help/ContactScreen';
import { memberContact, withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', withoutDatabase: true }, async (page) => {
  const shell = await page.shell();
  const { session } = page;
  return { props: { shell, prefill: memberContact(session) } };
}) satisfies GetServerSideProps;

export default function ContactUsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <ContactScreen prefill={props.prefill} />;
}

ContactUsPage.getLayout = siteLayout;
