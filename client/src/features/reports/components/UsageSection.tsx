import { Group, Pagination, Text } from '@mantine/core';
import type { UsageRow } from '@nomen/shared';
import { useState } from 'react';
import { Timestamp } from '../../../ui/Timestamp';
import { useUsageReport } from '../api';
import { DateRangeFilter, type DayRange } from './DateRangeFilter';
import { DownloadMenu } from './DownloadMenu';
import { ReportSection } from './ReportSection';
import { type ReportColumn, ReportTable } from './ReportTable';

/** Rows per page of the usage report. */
export const USAGE_PAGE_SIZE = 50;

const COLUMNS: ReportColumn<UsageRow>[] = [
  {
    key: 'template_name',
    header: 'Template',
    cell: (r) => r.template_name,
    sortValue: (r) => r.template_name,
  },
  {
    key: 'submission_name',
    header: 'Submission',
    cell: (r) => r.submission_name,
    sortValue: (r) => r.submission_name,
  },
  {
    key: 'submitter_name',
    header: 'Submitted by',
    cell: (r) => r.submitter_name,
    sortValue: (r) => r.submitter_name,
  },
  {
    key: 'number_of_codes',
    header: 'Codes',
    cell: (r) => r.number_of_codes,
    sortValue: (r) => r.number_of_codes,
    align: 'right',
  },
  {
    key: 'created_at',
    header: 'Submitted',
    cell: (r) => <Timestamp value={r.created_at} />,
    sortValue: (r) => r.created_at,
  },
];

/** The usage report (spec 01 §2.9, §3.3): submissions in a date range, by default the last 3 months. */
export function UsageSection({ tz }: { tz: string }) {
  const [range, setRange] = useState<DayRange | undefined>(undefined);
  const [page, setPage] = useState(1);
  const usage = useUsageReport({
    ...range,
    tz,
    limit: USAGE_PAGE_SIZE,
    offset: (page - 1) * USAGE_PAGE_SIZE,
  });
  const shown = range ?? usage.data?.range;
  const pages = Math.max(1, Math.ceil((usage.data?.total ?? 0) / USAGE_PAGE_SIZE));
  return (
    <ReportSection
      id="usage"
      title="Usage"
      description="Submissions in the chosen days"
      actions={
        <>
          <DateRangeFilter
            value={shown}
            onChange={(next) => {
              setRange(next);
              setPage(1);
            }}
          />
          <DownloadMenu report="usage" label="usage report" query={{ ...shown, tz }} />
        </>
      }
    >
      <ReportTable
        label="Usage"
        what="the usage report"
        rows={usage.data?.data}
        columns={COLUMNS}
        rowKey={(r) => r.submission_id}
        isLoading={usage.isPending || usage.isPlaceholderData}
        error={usage.error}
        onRetry={() => void usage.refetch()}
        emptyTitle="No submissions in these days"
        emptyDescription="Choose a longer range to see earlier submissions."
      />
      {usage.data && usage.data.total > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {usage.data.total} {usage.data.total === 1 ? 'submission' : 'submissions'}
          </Text>
          {pages > 1 ? <Pagination size="sm" total={pages} value={page} onChange={setPage} /> : null}
        </Group>
      ) : null}
    </ReportSection>
  );
}
