import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { UsageReportsScreen } from '@/components/admin/usage/UsageReportsScreen';
import { ErrorScreen } from '@/components/shell/ErrorScreen';
import { siteLayout } from '@/components/shell/siteLayout';
import type { CounterReportId } from '@/lib/counter-report';
import { requireStaffPage } from '@/server/admin/access';
import { siteOrigin } from '@/server/http/origin';
import { shellProps } from '@/server/pages/shell';
import { usageKeys } from '@/services/usage';
import { findLibrary } from '@/server/user/queries';
import { counterReport } from '@/server/usage/reports';

/** The first screen: PR_P1 over the last twelve months, this one included. */
function defaultRange(now: Date) {
  const month = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  return { reportId: 'PR_P1' as CounterReportId, begin: month(-11), end: month(0) };
}

export const getServerSideProps = (async (ctx) => {
  ctx.res.setHeader('Cache-Control', 'no-store');
  const text = String(ctx.params?.libraryId ?? '');
  const libraryId = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (!libraryId) return { notFound: true };
  const access = await requireStaffPage(ctx, libraryId);
  if ('redirect' in access) return { redirect: access.redirect };
  if ('forbidden' in access) return { props: { screen: 'forbidden' as const, shell: await shellProps(null) } };
  const library = await findLibrary(libraryId);
  if (!library) return { notFound: true };
  const range = defaultRange(new Date());
  const report = await counterReport({ ...range, library, origin: siteOrigin(ctx.req) });
  return {
    props: {
      screen: 'reports' as const,
      shell: await shellProps(access.session),
      libraryId,
      libraryName: library.name,
      ...range,
      // The first paint needs no request: SWR finds the report under the key the screen asks for.
      fallback: { [usageKeys.report(libraryId, range.reportId, range.begin, range.end)]: report },
    },
  };
}) satisfies GetServerSideProps;

export default function UsageReportsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if (props.screen === 'forbidden') {
    return <ErrorScreen code={403} title="Not your library" text="These usage reports are for this library’s staff and the site operators." />;
  }
  return <UsageReportsScreen libraryId={props.libraryId} libraryName={props.libraryName} reportId={props.reportId} begin={props.begin} end={props.end} />;
}

UsageReportsPage.getLayout = siteLayout;
