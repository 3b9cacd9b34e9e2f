import { formatDateTime } from '../../../ui/formatTimestamp';

/**
 * The toolbar's last-saved time (spec 02 §2): "Jan 5, 2024 3:04pm" in the browser's time zone,
 * through the product's one date-time format (issue 8 item 23). An unreadable value is shown as
 * it is.
 */
export function formatLastSaved(value: string | Date): string {
  if (typeof value === 'string') return formatDateTime(value);
  return Number.isNaN(value.getTime()) ? String(value) : formatDateTime(value.toISOString());
}
