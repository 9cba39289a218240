import type { InferGetServerSidePropsType } from 'next';
import { ContentScreen } from '@/components/admin/ContentScreen';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { consolePage } from '@/server/admin/pages';

// Titles and issues are the site's, not one library's: operators only.
export const getServerSideProps = consolePage({ operatorOnly: true });

export default function ContentPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <ContentScreen />;
}

ContentPage.getLayout = consoleLayout;
