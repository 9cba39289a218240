import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { SupportScreen } from '@/components/help/SupportScreen';
import { helpEmailFor, memberContact, withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', withoutDatabase: true }, async (page) => {
  const shell = await page.shell();
  const { session } = page;
  return {
    props: {
      shell,
      prefill: memberContact(session),
      libraryName: shell.library?.libName ?? '',
      helpEmail: helpEmailFor(shell),
    },
  };
}) satisfies GetServerSideProps;

export default function HelpSupportPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <SupportScreen prefill={props.prefill} libraryName={props.libraryName} helpEmail={props.helpEmail} />;
}

HelpSupportPage.getLayout = siteLayout;
