import type { InferGetServerSidePropsType } from 'next';
import { ConsoleHome } from '@/components/admin/ConsoleHome';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { consolePage } from '@/server/admin/pages';

export const getServerSideProps = consolePage({});

export default function ConsoleHomePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <ConsoleHome console={props.console} />;
}

ConsoleHomePage.getLayout = consoleLayout;
