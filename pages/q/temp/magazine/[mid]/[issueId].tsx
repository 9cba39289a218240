import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { IssueScreen } from '@/components/catalogue/IssueScreen';
import { issueProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** The /q/temp catalogue (libraries that read there; the demo's 2083): /q/temp/magazine/{mid}/{issueId}, open to anyone. */
export const getServerSideProps = withPage({ access: 'temp' }, issueProps) satisfies GetServerSideProps;

export default function TempIssuePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <IssueScreen {...props} />;
}

TempIssuePage.getLayout = siteLayout;
