import type { InferGetServerSidePropsType } from 'next';
import { ContentScreen } from '@/components/admin/ContentScreen';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { withPage } from '@/server/context';

// Titles and issues are the site's, not one library's: operators only.
export const getServerSideProps = withPage({ access: 'staff', operator: true }, async () => ({ props: {} }));

export default function ContentPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <ContentScreen />;
}

ContentPage.getLayout = consoleLayout;
