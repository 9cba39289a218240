import type { InferGetServerSidePropsType } from 'next';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { CounterKeysScreen } from '@/components/admin/usage/CounterKeysScreen';
import { withPage } from '@/server/context';
import { siteOrigin } from '@/server/http/origin';

export const getServerSideProps = withPage({ access: 'staff', library: 'libraryId' }, async (page) => ({ props: { libraryId: page.library!, origin: siteOrigin() } }));

export default function CounterKeysPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  const library = props.console.libraries.find((row) => row.id === props.libraryId)!;
  return <CounterKeysScreen libraryId={library.id} libraryName={library.name} origin={props.origin} />;
}

CounterKeysPage.getLayout = consoleLayout;
