import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { IssueScreen } from '@/components/catalogue/IssueScreen';
import { issueProps } from '@/server/pages/catalogue-props';
import { withDatabase } from '@/server/pages/session';
import { siteLayout } from '@/components/shell/siteLayout';

/** SPEC §2 /magazine/{mid}/{issueId}: an issue's page with the Read action. */
export const getServerSideProps = withDatabase((ctx) => issueProps(ctx, false)) satisfies GetServerSideProps;

export default function IssuePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <IssueScreen {...props} />;
}

IssuePage.getLayout = siteLayout;
