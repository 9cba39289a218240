import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { IssueScreen } from '@/components/catalogue/IssueScreen';
import { issueProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** SPEC §2 /magazine/{mid}/{issueId}: an issue's page with the Read action. */
export const getServerSideProps = withPage({ access: 'member' }, issueProps) satisfies GetServerSideProps;

export default function IssuePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <IssueScreen {...props} />;
}

IssuePage.getLayout = siteLayout;
