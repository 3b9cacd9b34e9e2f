import { Text, Tooltip } from '@mantine/core';
import { formatDateTime, formatTimestamp } from './formatTimestamp';

/** Props of Timestamp. */
export interface TimestampProps {
  /** ISO 8601 time. */
  value: string;
}

/**
 * A timestamp in a table (spec 01 §9): relative under one month old, otherwise the date; the
 * exact time is in a tooltip and in the `<time>` element's dateTime.
 */
export function Timestamp({ value }: TimestampProps) {
  return (
    <Tooltip label={formatDateTime(value)} openDelay={400}>
      <Text component="time" dateTime={value} size="sm">
        {formatTimestamp(value, new Date())}
      </Text>
    </Tooltip>
  );
}
