import type { InferGetServerSidePropsType } from 'next';
import { ConsoleHome } from '@/components/admin/ConsoleHome';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { withPage } from '@/server/context';

export const getServerSideProps = withPage({ access: 'staff' }, async () => ({ props: {} }));

export default function ConsoleHomePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <ConsoleHome console={props.console} />;
}

ConsoleHomePage.getLayout = consoleLayout;
