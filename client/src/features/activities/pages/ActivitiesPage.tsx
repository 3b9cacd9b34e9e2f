import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { rangeLabel } from '@nomen/shared';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconHistory,
} from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { type ActivityRange, type ActivityWindow, activityWindow } from '../activityWindow';
import { useActivities } from '../api';
import { ActivityRangeFilter } from '../components/ActivityRangeFilter';
import { ActivityTable } from '../components/ActivityTable';

const DEFAULT_RANGE: ActivityRange = { kind: 'days', days: 30 };

/**
 * /admin/activities (spec 01 §2.10, behind user-activity-log): a date-range filter, the
 * read-only activity table, and cursor pagination (First, Previous, Next, Last; 30 a page) with
 * the "1-30 of 65" label.
 */
export function ActivitiesPage() {
  const [range, setRange] = useState<ActivityRange>(DEFAULT_RANGE);
  const [timeWindow, setTimeWindow] = useState<ActivityWindow>(() =>
    activityWindow(DEFAULT_RANGE, new Date()),
  );
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const activities = useActivities(timeWindow, cursor);
  const page = activities.data;

  const onRangeChange = (next: ActivityRange) => {
    setRange(next);
    setTimeWindow(activityWindow(next, new Date()));
    setCursor(undefined);
  };

  const meta = page?.metadata;
  const label = page ? rangeLabel(page.metadata.offset, page.data.length, page.metadata.totalItems) : '';

  return (
    <>
      <PageHeader
        title="User activity log"
        description="Every configuration change in your account: who changed what, and when."
      />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <ActivityRangeFilter value={range} onChange={onRangeChange} />
          <Group gap="md" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="activity-range-label">
              {label}
            </Text>
            <Group gap="xs" role="navigation" aria-label="Activity pages">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronsLeft size={14} aria-hidden />}
                disabled={!meta?.previous}
                onClick={() => meta && setCursor(meta.firstCursor)}
              >
                First
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={14} aria-hidden />}
                disabled={!meta?.previous}
                onClick={() => meta?.previous && setCursor(meta.previous)}
              >
                Previous
              </Button>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={14} aria-hidden />}
                disabled={!meta?.next}
                onClick={() => meta?.next && setCursor(meta.next)}
              >
                Next
              </Button>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronsRight size={14} aria-hidden />}
                disabled={!meta?.next}
                onClick={() => meta && setCursor(meta.lastCursor)}
              >
                Last
              </Button>
            </Group>
          </Group>
        </Group>
        {activities.error && !page ? (
          <QueryErrorAlert
            error={activities.error}
            what="the activity log"
            onRetry={() => void activities.refetch()}
          />
        ) : (
          <Paper withBorder radius="md">
            <ActivityTable
              rows={page?.data}
              isLoading={activities.isPending || activities.isPlaceholderData}
            />
            {page && page.data.length === 0 ? (
              <EmptyState
                py="xl"
                icon={<IconHistory size={28} aria-hidden />}
                title="No activity in this period"
                description="Choose a longer time range to see earlier changes."
              />
            ) : null}
          </Paper>
        )}
      </Stack>
    </>
  );
}
