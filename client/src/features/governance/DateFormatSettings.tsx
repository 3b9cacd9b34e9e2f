import { Select } from '@mantine/core';
import type { DateFormat } from '@nomen/shared';
import {
  DATE_ORDER_CHOICES,
  DAY_FORMAT_CHOICES,
  DELIMITER_CHOICES,
  MONTH_FORMAT_CHOICES,
  YEAR_FORMAT_CHOICES,
} from './governanceOptions';
import type { GovernanceIssues } from './issuesByPath';

/** Props of DateFormatSettings. */
export interface DateFormatSettingsProps {
  /** The date format; a part not set yet shows empty. */
  value: Partial<DateFormat>;
  /** Receives the whole format with one part changed. */
  onChange: (next: Partial<DateFormat>) => void;
  /** Problems by part (`order`, `months`, `days`, `years`, `delimiter`), shown on their selects. */
  issues?: GovernanceIssues;
}

const PARTS = [
  { key: 'order', label: 'Order', data: DATE_ORDER_CHOICES },
  { key: 'months', label: 'Month format', data: MONTH_FORMAT_CHOICES },
  { key: 'days', label: 'Day format', data: DAY_FORMAT_CHOICES },
  { key: 'years', label: 'Year format', data: YEAR_FORMAT_CHOICES },
  { key: 'delimiter', label: 'Delimiter between parts', data: DELIMITER_CHOICES },
] as const;

/**
 * The one date-format editor (spec 02 §3, §9): order, month, day and year formats and the
 * delimiter between the parts, as selects that cannot be emptied. A pattern's date segment, a
 * date field of a field set and a template field's date all edit their format with it.
 */
export function DateFormatSettings({ value, onChange, issues }: DateFormatSettingsProps) {
  return (
    <>
      {PARTS.map((part) => (
        <Select
          key={part.key}
          label={part.label}
          data={part.data}
          allowDeselect={false}
          value={value[part.key] ?? null}
          onChange={(next) => next && onChange({ ...value, [part.key]: next })}
          error={issues?.[part.key]}
        />
      ))}
    </>
  );
}
