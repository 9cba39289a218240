import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AllIssuesScreen } from '@/components/catalogue/AllIssuesScreen';
import { allIssuesProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** The /q/temp catalogue (libraries that read there; the demo's 2083): /q/temp/all-issues/{mid}, open to anyone. */
export const getServerSideProps = withPage({ access: 'temp' }, allIssuesProps) satisfies GetServerSideProps;

export default function TempAllIssuesPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <AllIssuesScreen {...props} />;
}

TempAllIssuesPage.getLayout = siteLayout;
