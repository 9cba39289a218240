/**
 * Dates as people read them: 31 December 2027, in UTC so the server and the browser agree. One formatter for the
 * process: building an ICU formatter per call (what `toLocaleDateString` does) cost a catalogue page more than its
 * whole database read.
 */
const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** An instant or ISO time as a long date; '' when missing or unreadable. */
export function longDate(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return LONG_DATE.format(date);
}

/** A calendar day ('2026-11-01') as '1 November 2026'; anything unreadable is shown as it came. */
export function calendarDayLabel(day: string): string {
  return longDate(`${day}T00:00:00Z`) || day;
}
