import type { InferGetServerSidePropsType } from 'next';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { LibraryScreen } from '@/components/admin/LibraryScreen';
import { libraryOrNotFound, presentLibrary } from '@/server/admin/libraries';
import { consolePage } from '@/server/admin/pages';

export const getServerSideProps = consolePage({ libraryParam: 'libraryId' }, async (ctx) => ({
  library: presentLibrary(await libraryOrNotFound(Number(ctx.params?.libraryId))),
}));

export default function LibraryPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <LibraryScreen initial={props.library} operator={props.console.operator} />;
}

LibraryPage.getLayout = consoleLayout;
