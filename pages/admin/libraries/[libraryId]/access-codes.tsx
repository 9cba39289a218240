import type { InferGetServerSidePropsType } from 'next';
import { AccessCodesScreen } from '@/components/admin/AccessCodesScreen';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { withPage } from '@/server/context';

export const getServerSideProps = withPage({ access: 'staff', library: 'libraryId' }, async (page) => ({ props: { libraryId: page.library! } }));

export default function AccessCodesPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  const library = props.console.libraries.find((row) => row.id === props.libraryId)!;
  return <AccessCodesScreen libraryId={library.id} libraryName={library.name} />;
}

AccessCodesPage.getLayout = consoleLayout;
