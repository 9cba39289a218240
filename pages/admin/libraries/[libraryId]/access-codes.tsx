import type { InferGetServerSidePropsType } from 'next';
import { AccessCodesScreen } from '@/components/admin/AccessCodesScreen';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { consolePage } from '@/server/admin/pages';

export const getServerSideProps = consolePage({ libraryParam: 'libraryId' }, async (ctx) => ({ libraryId: Number(ctx.params?.libraryId) }));

export default function AccessCodesPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  const library = props.console.libraries.find((row) => row.id === props.libraryId)!;
  return <AccessCodesScreen libraryId={library.id} libraryName={library.name} />;
}

AccessCodesPage.getLayout = consoleLayout;
