import dayjs from 'dayjs';

/** The date filter of the activity log (spec 01 §2.10, §9): N days back, or a custom range. */
export type ActivityRange =
  | { kind: 'days'; days: number }
  /** Calendar dates as YYYY-MM-DD, both included. */
  | { kind: 'custom'; from: string; to: string };

/** The day counts the filter offers (spec 01 §9: "N days back, chosen by the date filter"). */
export const DAY_CHOICES = [1, 7, 30, 90] as const;

/** The activity query's time window, ISO 8601. */
export interface ActivityWindow {
  timeFrom: string;
  timeTo: string;
}

/**
 * The time window of a range in the browser's time zone (spec 01 §9): from the start of the day
 * N days back to the end of today; a custom range runs from the start of its first day to the end
 * of its last (given in either order).
 */
export function activityWindow(range: ActivityRange, now: Date): ActivityWindow {
  if (range.kind === 'days') {
    return {
      timeFrom: dayjs(now).subtract(range.days, 'day').startOf('day').toISOString(),
      timeTo: dayjs(now).endOf('day').toISOString(),
    };
  }
  const [first, last] = range.from <= range.to ? [range.from, range.to] : [range.to, range.from];
  return {
    timeFrom: dayjs(first).startOf('day').toISOString(),
    timeTo: dayjs(last).endOf('day').toISOString(),
  };
}
