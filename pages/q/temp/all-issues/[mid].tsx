import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AllIssuesScreen } from '@/components/catalogue/AllIssuesScreen';
import { allIssuesProps } from '@/server/pages/catalogue-props';
import { withDatabase } from '@/server/pages/session';
import { siteLayout } from '@/components/shell/siteLayout';

/** Library 2083: /q/temp/all-issues/{mid}, open to anyone. */
export const getServerSideProps = withDatabase((ctx) => allIssuesProps(ctx, true)) satisfies GetServerSideProps;

export default function TempAllIssuesPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <AllIssuesScreen {...props} />;
}

TempAllIssuesPage.getLayout = siteLayout;
