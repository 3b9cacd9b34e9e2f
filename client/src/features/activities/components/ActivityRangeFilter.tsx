import { Group, SegmentedControl } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { type ActivityRange, DAY_CHOICES } from '../activityWindow';

/** Props of ActivityRangeFilter. */
export interface ActivityRangeFilterProps {
  value: ActivityRange;
  onChange: (range: ActivityRange) => void;
}

const CUSTOM = 'custom';

/**
 * The activity log's date-range filter (spec 01 §2.10, §9): 1, 7, 30 or 90 days back, or a custom
 * range of calendar days picked in a calendar (applied once both ends are chosen).
 */
export function ActivityRangeFilter({ value, onChange }: ActivityRangeFilterProps) {
  const [isCustom, setIsCustom] = useState(value.kind === 'custom');
  const [dates, setDates] = useState<[string | null, string | null]>(
    value.kind === 'custom' ? [value.from, value.to] : [null, null],
  );
  const segment = isCustom ? CUSTOM : value.kind === 'days' ? String(value.days) : CUSTOM;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Time range"
        value={segment}
        onChange={(next) => {
          if (next === CUSTOM) {
            setIsCustom(true);
            return;
          }
          setIsCustom(false);
          onChange({ kind: 'days', days: Number(next) });
        }}
        data={[
          ...DAY_CHOICES.map((days) => ({
            value: String(days),
            label: days === 1 ? '1 day' : `${days} days`,
          })),
          { value: CUSTOM, label: 'Custom range' },
        ]}
      />
      {isCustom ? (
        <DatePickerInput
          type="range"
          label="Dates"
          placeholder="Pick the first and last day"
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={dates}
          maxDate={new Date()}
          allowSingleDateInRange
          onChange={(next) => {
            const [from, to] = next.map((d) => (d === null ? null : String(d).slice(0, 10))) as [
              string | null,
              string | null,
            ];
            setDates([from, to]);
            if (from && to) onChange({ kind: 'custom', from, to });
          }}
          w={280}
          clearable={false}
        />
      ) : null}
    </Group>
  );
}
