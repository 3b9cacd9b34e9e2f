import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { rangeLabel } from '@nomen/shared';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconHistory,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import {
  type ActivityFilters,
  filtersFromParams,
  filtersToParams,
  hasNarrowingFilter,
} from '../activityFilters';
import { activityWindow } from '../activityWindow';
import { useActivities } from '../api';
import { ActivityFilterSelects } from '../components/ActivityFilterSelects';
import { ActivityRangeFilter } from '../components/ActivityRangeFilter';
import { ActivityTable } from '../components/ActivityTable';

/** The cursors of a page of the activity log (spec 01 §2.10 cursor pagination). */
type ActivityPageMeta = NonNullable<ReturnType<typeof useActivities>['data']>['metadata'];

/** Props of {@link ActivityPager}. */
interface ActivityPagerProps {
  /** The shown page's cursors; undefined while the first page loads. */
  meta: ActivityPageMeta | undefined;
  /** Shows the page at a cursor. */
  onCursorChange: (cursor: string) => void;
}

/** The "Activity pages" buttons: First, Previous, Next and Last (spec 01 §2.10). */
function ActivityPager({ meta, onCursorChange }: ActivityPagerProps) {
  return (
    <Group gap="xs" role="navigation" aria-label="Activity pages">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronsLeft size={14} aria-hidden />}
        disabled={!meta?.previous}
        onClick={() => meta && onCursorChange(meta.firstCursor)}
      >
        First
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} aria-hidden />}
        disabled={!meta?.previous}
        onClick={() => meta?.previous && onCursorChange(meta.previous)}
      >
        Previous
      </Button>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} aria-hidden />}
        disabled={!meta?.next}
        onClick={() => meta?.next && onCursorChange(meta.next)}
      >
        Next
      </Button>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronsRight size={14} aria-hidden />}
        disabled={!meta?.next}
        onClick={() => meta && onCursorChange(meta.lastCursor)}
      >
        Last
      </Button>
    </Group>
  );
}

/** The empty log: what to change to see activity, narrowing filters or a longer time range. */
function NoActivity({ isFiltered }: { isFiltered: boolean }) {
  return (
    <EmptyState
      py="xl"
      icon={<IconHistory size={28} aria-hidden />}
      title={isFiltered ? 'No activity matches these filters' : 'No activity in this period'}
      description={
        isFiltered
          ? 'Clear a filter or choose a longer time range.'
          : 'Choose a longer time range to see earlier changes.'
      }
    />
  );
}

/**
 * /admin/activities (spec 01 §2.10, behind user-activity-log): date-range, user, object and
 * operation filters, all kept in the address (so a filtered view can be shared and survives a
 * reload), the read-only activity table, and cursor pagination (First, Previous, Next, Last; 30 a
 * page) with the "1-30 of 65" label.
 */
export function ActivitiesPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const rangeKey = JSON.stringify(filters.range);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the window follows the range's value, not its identity
  const timeWindow = useMemo(() => activityWindow(filters.range, new Date()), [rangeKey]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const activities = useActivities(timeWindow, filters, cursor);
  const page = activities.data;

  const onFiltersChange = (next: ActivityFilters) => {
    setParams((current) => filtersToParams(next, current), { replace: true });
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
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ActivityRangeFilter
              key={rangeKey}
              value={filters.range}
              onChange={(range) => onFiltersChange({ ...filters, range })}
            />
            <ActivityFilterSelects
              value={filters}
              onChange={(narrowing) => onFiltersChange({ ...filters, ...narrowing })}
            />
          </Group>
          <Group gap="md" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="activity-range-label">
              {label}
            </Text>
            <ActivityPager meta={meta} onCursorChange={setCursor} />
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
            {page && page.data.length === 0 ? <NoActivity isFiltered={hasNarrowingFilter(filters)} /> : null}
          </Paper>
        )}
      </Stack>
    </>
  );
}
