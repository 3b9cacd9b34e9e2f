import dayjs from 'dayjs';

/**
 * The toolbar's last-saved time (spec 02 §2): "Jan 5, 2024 3:04pm" in the browser's time zone.
 * An unreadable value is shown as it is.
 */
export function formatLastSaved(value: string | Date): string {
  const time = dayjs(value);
  return time.isValid() ? time.format('MMM D, YYYY h:mma') : String(value);
}
