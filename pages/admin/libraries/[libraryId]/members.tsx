import type { InferGetServerSidePropsType } from 'next';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { MembersScreen } from '@/components/admin/MembersScreen';
import { withPage } from '@/server/context';

export const getServerSideProps = withPage({ access: 'staff', library: 'libraryId' }, async (page) => ({ props: { libraryId: page.library! } }));

export default function MembersPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  const library = props.console.libraries.find((row) => row.id === props.libraryId)!;
  return <MembersScreen libraryId={library.id} libraryName={library.name} />;
}

MembersPage.getLayout = consoleLayout;
