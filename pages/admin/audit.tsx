import type { InferGetServerSidePropsType } from 'next';
import { AuditScreen } from '@/components/admin/AuditScreen';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { withPage } from '@/server/context';

export const getServerSideProps = withPage({ access: 'staff' }, async () => ({ props: {} }));

export default function AuditPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <AuditScreen />;
}

AuditPage.getLayout = consoleLayout;
