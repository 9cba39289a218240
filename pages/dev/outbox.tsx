import type { GetServerSideProps } from 'next';
import { OutboxScreen } from '@/components/dev/OutboxScreen';
import { latestOutbox } from '@/server/auth/pages';
import type { OutboxMessage } from '@/lib/wire';
import { withPage, type UnavailableProps } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page) => {
  // The outbox holds sign-in codes: it exists only outside production.
  if (process.env.NODE_ENV === 'production') return { notFound: true };
  return { props: { shell: await page.shell(), messages: await latestOutbox() } };
}) satisfies GetServerSideProps;

export default function OutboxPage(props: { messages: OutboxMessage[] } | UnavailableProps) {
  if ('unavailable' in props) return null;
  return <OutboxScreen messages={props.messages} />;
}

OutboxPage.getLayout = siteLayout;
