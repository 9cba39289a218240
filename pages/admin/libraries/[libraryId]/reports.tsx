import type { InferGetServerSidePropsType } from 'next';
import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';
import { UsageReportsScreen } from '@/components/admin/usage/UsageReportsScreen';
import type { CounterReportId } from '@/lib/counter-report';
import { libraryOrNotFound } from '@/server/admin/libraries';
import { withPage } from '@/server/context';
import { siteOrigin } from '@/server/http/origin';
import { monthOfDate } from '@/server/usage/counter-request';
import { counterReport } from '@/server/usage/reports';

/** The first screen: PR_P1 of the last complete month (the month in progress is still being counted). */
function defaultRange(now: Date) {
  const last = monthOfDate(now, -1);
  return { reportId: 'PR_P1' as CounterReportId, begin: last, end: last };
}

export const getServerSideProps = withPage({ access: 'staff', library: 'libraryId' }, async (page, ctx) => {
  ctx.res.setHeader('Cache-Control', 'no-store');
  const library = await libraryOrNotFound(page.library!);
  const range = defaultRange(new Date());
  // The first paint needs no request: the screen starts from this report.
  const report = await counterReport({ ...range, library, origin: siteOrigin() });
  return { props: { libraryId: library.id, libraryName: library.name, ...range, report } };
});

export default function UsageReportsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  if (props.forbidden) return <Forbidden />;
  return <UsageReportsScreen libraryId={props.libraryId} libraryName={props.libraryName} reportId={props.reportId} begin={props.begin} end={props.end} initial={props.report} />;
}

UsageReportsPage.getLayout = consoleLayout;
