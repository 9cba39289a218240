import type { InferGetServerSidePropsType } from 'next';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { MembersScreen } from '@/components/admin/MembersScreen';
import { consolePage } from '@/server/admin/pages';

export const getServerSideProps = consolePage({ libraryParam: 'libraryId' }, async (ctx) => ({ libraryId: Number(ctx.params?.libraryId) }));

export default function MembersPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  const library = props.console.libraries.find((row) => row.id === props.libraryId)!;
  return <MembersScreen libraryId={library.id} libraryName={library.name} />;
}

MembersPage.getLayout = consoleLayout;
