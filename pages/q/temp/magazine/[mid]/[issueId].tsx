import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { IssueScreen } from '@/components/catalogue/IssueScreen';
import { issueProps } from '@/server/pages/catalogue-props';
import { withDatabase } from '@/server/pages/session';
import { siteLayout } from '@/components/shell/siteLayout';

/** Library 2083: /q/temp/magazine/{mid}/{issueId}, open to anyone. */
export const getServerSideProps = withDatabase((ctx) => issueProps(ctx, true)) satisfies GetServerSideProps;

export default function TempIssuePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <IssueScreen {...props} />;
}

TempIssuePage.getLayout = siteLayout;
