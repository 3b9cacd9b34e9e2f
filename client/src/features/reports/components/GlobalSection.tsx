import { Badge, Text } from '@mantine/core';
import type { GlobalRow } from '@nomen/shared';
import { Timestamp } from '../../../ui/Timestamp';
import { useGlobalReport } from '../api';
import { PagedRangeSection, useRangePaging } from './PagedRangeSection';
import { fieldColumn, type ReportColumn } from './ReportTable';

/** Rows per page of the global report. */
export const GLOBAL_PAGE_SIZE = 50;

const COLUMNS: ReportColumn<GlobalRow>[] = [
  fieldColumn('template_name', 'Template'),
  fieldColumn('submission_name', 'Submission'),
  fieldColumn('submitted_by', 'Submitted by'),
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
  fieldColumn('row_number', 'Row', 'right'),
  {
    key: 'values',
    header: 'Values',
    cell: (r) => <Text size="sm">{r.values.map((v) => `${v.field_name}: ${v.value}`).join(' · ')}</Text>,
  },
];

/** The global report (spec 01 §2.9, global-report flag): every submitted row, by default the last 7 days. */
export function GlobalSection({ tz }: { tz: string }) {
  const paging = useRangePaging(GLOBAL_PAGE_SIZE, tz);
  const report = useGlobalReport(paging.query, true);
  return (
    <PagedRangeSection
      id="global"
      title="Global report"
      description="Every submission across templates, with its values"
      report="global"
      downloadLabel="global report"
      tz={tz}
      paging={paging}
      query={report}
      unit={['row', 'rows']}
      label="Global report"
      what="the global report"
      columns={COLUMNS}
      rowKey={(r) => `${r.submission_id}-${r.row_number}`}
      emptyTitle="Nothing submitted in these days"
    />
  );
}
