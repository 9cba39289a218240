import type { InferGetServerSidePropsType } from 'next';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { LibraryScreen } from '@/components/admin/LibraryScreen';
import { libraryOrNotFound, presentLibrary } from '@/server/admin/libraries';
import { withPage } from '@/server/context';

export const getServerSideProps = withPage({ access: 'staff', library: 'libraryId' }, async (page) => ({
  props: {
    library: presentLibrary(await libraryOrNotFound(page.library!)),
  },
}));

export default function LibraryPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <LibraryScreen initial={props.library} operator={props.console.operator} />;
}

LibraryPage.getLayout = consoleLayout;
