import type { GetServerSideProps } from 'next';
import type { ReactElement } from 'react';
import { OfflineScreen } from '@/components/offline/OfflineScreen';
import { withPage } from '@/server/context';

/**
 * /offline (issue 32): the offline screen and reader. The same page for everyone (no session is read, nothing of a
 * member's is in it), so the service worker may keep it and show it with no connection; what it lists comes from the
 * browser's own store.
 */
export const getServerSideProps = withPage({ access: 'open', session: false, withoutDatabase: true }, async () => ({ props: {} })) satisfies GetServerSideProps;

export default function OfflinePage() {
  return <OfflineScreen />;
}

// Bare, like the reader: the site header carries the signed-in member's name, which this page must not hold.
OfflinePage.getLayout = (page: ReactElement) => page;
