import type { DateFormat } from '../governance/formats';
import {
  type CalendarDate,
  compileDateFormat,
  isValidCalendarDate,
  MONTH_LONG_NAMES,
  MONTH_SHORT_NAMES,
} from '../patterns/codegen';

/**
 * Date cells of a submission (spec 02 §9 date format; spec 03 §3 template field `date`): a person
 * picks a day (the grid's date picker sends ISO `YYYY-MM-DD`) or types or imports the value in the
 * field's own format; either way the cell stores the date in the field's format, printed by the
 * one code engine's `formatDateSegment`. Decisions (ours, the spec is silent): a value in the
 * field's format is read back with the parts it shows; parts it leaves out (None) take 2000-01-01's,
 * which never shows; a two-digit year is 20yy; month names are English and matched in any case.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const PART_SOURCES: Readonly<Record<string, string>> = {
  '1-12': '(1[0-2]|0?[1-9])',
  '01-12': '(0[1-9]|1[0-2])',
  'Jan-Dec': `(${MONTH_SHORT_NAMES.join('|')})`,
  'January-December': `(${MONTH_LONG_NAMES.join('|')})`,
  '1-31': '(3[01]|[12][0-9]|0?[1-9])',
  '01-31': '(0[1-9]|[12][0-9]|3[01])',
  '00-99': '([0-9]{2})',
  '0000-9999': '([0-9]{4})',
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A compiled reader and printer of one date format. */
export interface DateCodec {
  /** The date a cell value stands for (ISO or the field's format), or null when it is none. */
  parse(value: string): CalendarDate | null;
  /** The date in the field's format. */
  format(date: CalendarDate): string;
  /** 2026-11-21 in the field's format, for messages. */
  readonly example: string;
}

/**
 * Compiles a date format (spec 02 §9) into a reader and printer. `parse` takes ISO `YYYY-MM-DD` or
 * the format's own text (case-insensitive month names) and answers null for anything else,
 * including impossible days (Feb 30). Never throws.
 */
export function dateCodec(format: DateFormat): DateCodec {
  const letters = format.order.split('|') as ('D' | 'M' | 'Y')[];
  const formats = { D: format.days, M: format.months, Y: format.years } as const;
  const shown = letters.filter((l) => formats[l] !== 'None');
  const separator = format.delimiter === 'none' ? '' : format.delimiter;
  const source = shown.map((l) => PART_SOURCES[formats[l]] ?? '(?!)').join(escapeRegExp(separator));
  const own = new RegExp(`^${source}$`, 'i');
  const print = compileDateFormat(format);
  return {
    parse(value) {
      const text = value.trim();
      const iso = ISO_DATE.exec(text);
      if (iso) {
        const date = { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
        if (isValidCalendarDate(date)) return date;
      }
      const match = own.exec(text);
      if (!match) return null;
      const date = { year: 2000, month: 1, day: 1 };
      shown.forEach((letter, i) => {
        const part = match[i + 1] ?? '';
        const kind = formats[letter];
        if (letter === 'Y') date.year = kind === '00-99' ? 2000 + Number(part) : Number(part);
        else if (letter === 'D') date.day = Number(part);
        else if (kind === 'Jan-Dec' || kind === 'January-December') {
          const names: readonly string[] = kind === 'Jan-Dec' ? MONTH_SHORT_NAMES : MONTH_LONG_NAMES;
          date.month = names.findIndex((n) => n.toLowerCase() === part.toLowerCase()) + 1;
        } else date.month = Number(part);
      });
      return isValidCalendarDate(date) ? date : null;
    },
    format: print,
    example: print({ year: 2026, month: 11, day: 21 }),
  };
}
