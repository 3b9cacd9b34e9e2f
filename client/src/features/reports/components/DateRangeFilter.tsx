import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** An inclusive range of calendar days `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

/** Props of DateRangeFilter. */
export interface DateRangeFilterProps {
  /** The range shown (the server's default until the user picks one). */
  value: DayRange | undefined;
  onChange: (range: DayRange) => void;
  label?: string;
}

/** A report's date range (spec 01 §9): two days picked in a calendar, applied once both are chosen. */
export function DateRangeFilter({ value, onChange, label = 'Dates' }: DateRangeFilterProps) {
  const [dates, setDates] = useState<[string | null, string | null]>([
    value?.from ?? null,
    value?.to ?? null,
  ]);
  useEffect(() => {
    if (value) setDates([value.from, value.to]);
  }, [value]);
  return (
    <DatePickerInput
      type="range"
      size="xs"
      label={label}
      placeholder="Pick the first and last day"
      leftSection={<IconCalendar size={14} aria-hidden />}
      value={dates}
      allowSingleDateInRange
      onChange={(next) => {
        const [from, to] = next.map((d) => (d === null ? null : String(d).slice(0, 10))) as [
          string | null,
          string | null,
        ];
        setDates([from, to]);
        if (from && to) onChange({ from, to });
      }}
    />
  );
}
