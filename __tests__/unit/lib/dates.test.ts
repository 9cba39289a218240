import { calendarDayLabel, longDate } from '@/lib/dates';

describe('longDate', () => {
  it('reads an ISO time or a Date as a long date in UTC', () => {
    expect(longDate('2027-12-31T10:00:00Z')).toBe('31 December 2027');
    expect(longDate(new Date(Date.UTC(2026, 0, 5)))).toBe('5 January 2026');
    // Late evening in New York is already the next day in UTC: every viewer sees the same date.
    expect(longDate('2027-12-31T23:30:00-05:00')).toBe('1 January 2028');
  });

  it('gives an empty string for a missing or unreadable time', () => {
    expect(longDate(null)).toBe('');
    expect(longDate(undefined)).toBe('');
    expect(longDate('')).toBe('');
    expect(longDate('not a date')).toBe('');
  });
});

describe('calendarDayLabel', () => {
  it('reads a calendar day as it is written, whatever the time zone', () => {
    expect(calendarDayLabel('2026-11-01')).toBe('1 November 2026');
    expect(calendarDayLabel('2024-02-29')).toBe('29 February 2024');
  });

  it('shows an unreadable day as it came', () => {
    expect(calendarDayLabel('sometime')).toBe('sometime');
  });
});
