import { Badge, Group, Pagination, Text } from '@mantine/core';
import type { GlobalRow } from '@nomen/shared';
import { useState } from 'react';
import { Timestamp } from '../../../ui/Timestamp';
import { useGlobalReport } from '../api';
import { DateRangeFilter, type DayRange } from './DateRangeFilter';
import { DownloadMenu } from './DownloadMenu';
import { ReportSection } from './ReportSection';
import { type ReportColumn, ReportTable } from './ReportTable';

/** Rows per page of the global report. */
export const GLOBAL_PAGE_SIZE = 50;

const COLUMNS: ReportColumn<GlobalRow>[] = [
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
    key: 'submitted_by',
    header: 'Submitted by',
    cell: (r) => r.submitted_by,
    sortValue: (r) => r.submitted_by,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (
      <Badge variant="light" size="sm">
        {r.status}
      </Badge>
    ),
    sortValue: (r) => r.status,
  },
  {
    key: 'submitted_at',
    header: 'Submitted',
    cell: (r) => <Timestamp value={r.submitted_at} />,
    sortValue: (r) => r.submitted_at,
  },
  {
    key: 'row_number',
    header: 'Row',
    cell: (r) => r.row_number,
    sortValue: (r) => r.row_number,
    align: 'right',
  },
  {
    key: 'values',
    header: 'Values',
    cell: (r) => <Text size="sm">{r.values.map((v) => `${v.field_name}: ${v.value}`).join(' · ')}</Text>,
  },
];

/** The global report (spec 01 §2.9, global-report flag): every submitted row, by default the last 7 days. */
export function GlobalSection({ tz }: { tz: string }) {
  const [range, setRange] = useState<DayRange | undefined>(undefined);
  const [page, setPage] = useState(1);
  const report = useGlobalReport(
    { ...range, tz, limit: GLOBAL_PAGE_SIZE, offset: (page - 1) * GLOBAL_PAGE_SIZE },
    true,
  );
  const shown = range ?? report.data?.range;
  const pages = Math.max(1, Math.ceil((report.data?.total ?? 0) / GLOBAL_PAGE_SIZE));
  return (
    <ReportSection
      id="global"
      title="Global report"
      description="Every submission across templates, with its values"
      actions={
        <>
          <DateRangeFilter
            value={shown}
            onChange={(next) => {
              setRange(next);
              setPage(1);
            }}
          />
          <DownloadMenu report="global" label="global report" query={{ ...shown, tz }} />
        </>
      }
    >
      <ReportTable
        label="Global report"
        what="the global report"
        rows={report.data?.data}
        columns={COLUMNS}
        rowKey={(r) => `${r.submission_id}-${r.row_number}`}
        isLoading={report.isPending || report.isPlaceholderData}
        error={report.error}
        onRetry={() => void report.refetch()}
        emptyTitle="Nothing submitted in these days"
      />
      {report.data && report.data.total > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {report.data.total} {report.data.total === 1 ? 'row' : 'rows'}
          </Text>
          {pages > 1 ? <Pagination size="sm" total={pages} value={page} onChange={setPage} /> : null}
        </Group>
      ) : null}
    </ReportSection>
  );
}
