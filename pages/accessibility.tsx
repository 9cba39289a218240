import type { GetServerSideProps } from 'next';
import { AccessibilityScreen } from '@/components/help/AccessibilityScreen';
import { siteLayout } from '@/components/shell/siteLayout';
import { withPage } from '@/server/context';

export const getServerSideProps = withPage({ access: 'open', withoutDatabase: true }, async (page) => ({ props: { shell: await page.shell() } })) satisfies GetServerSideProps;

export default function AccessibilityPage() {
  return <AccessibilityScreen />;
}

AccessibilityPage.getLayout = siteLayout;
