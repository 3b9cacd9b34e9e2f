import { type CalendarDate, type DatePartFormat, isValidCalendarDate } from './codegen';

// Dates the name reader (parse.ts, and its fast path) reads from a date segment's parts.

/**
 * A date read from its shown parts, as yyyymmdd, or -1 when the day does not exist (month 13,
 * Feb 30); parts not shown count as year 2000, month 1, day 1, and a 2-digit year yy as 20yy.
 */
export function dateOf(parts: readonly DatePartFormat[], values: Int32Array): number {
  let year = 2000;
  let month = 1;
  let day = 1;
  for (let i = 0; i < parts.length; i++) {
    const { letter, format } = parts[i]!;
    const value = values[i]!;
    if (letter === 'Y') year = format === '00-99' ? 2000 + value : value;
    else if (letter === 'M') month = value;
    else day = value;
  }
  return isValidCalendarDate({ year, month, day }) ? year * 10000 + month * 100 + day : -1;
}

/** The calendar date `dateOf` answered as a number (yyyymmdd). */
export function decodeDate(aux: number): CalendarDate {
  return { year: Math.floor(aux / 10000), month: Math.floor(aux / 100) % 100, day: aux % 100 };
}
