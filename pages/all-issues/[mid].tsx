import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AllIssuesScreen } from '@/components/catalogue/AllIssuesScreen';
import { allIssuesProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** Every issue of a title (the 'View All' of a title's issues). */
export const getServerSideProps = withPage({ access: 'member' }, allIssuesProps) satisfies GetServerSideProps;

export default function AllIssuesPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <AllIssuesScreen {...props} />;
}

AllIssuesPage.getLayout = siteLayout;
