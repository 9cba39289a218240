import type { InferGetServerSidePropsType } from 'next';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { CounterKeysScreen } from '@/components/admin/usage/CounterKeysScreen';
import { consolePage } from '@/server/admin/pages';
import { siteOrigin } from '@/server/http/origin';

export const getServerSideProps = consolePage({ libraryParam: 'libraryId' }, async (ctx) => ({ libraryId: Number(ctx.params?.libraryId), origin: siteOrigin() }));

export default function CounterKeysPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  const library = props.console.libraries.find((row) => row.id === props.libraryId)!;
  return <CounterKeysScreen libraryId={library.id} libraryName={library.name} origin={props.origin} />;
}

CounterKeysPage.getLayout = consoleLayout;
