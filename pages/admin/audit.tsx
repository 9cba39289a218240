import type { InferGetServerSidePropsType } from 'next';
import { AuditScreen } from '@/components/admin/AuditScreen';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { consolePage } from '@/server/admin/pages';

export const getServerSideProps = consolePage({});

export default function AuditPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <AuditScreen />;
}

AuditPage.getLayout = consoleLayout;
