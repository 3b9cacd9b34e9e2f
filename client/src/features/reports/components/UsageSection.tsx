import type { UsageRow } from '@nomen/shared';
import { Timestamp } from '../../../ui/Timestamp';
import { useUsageReport } from '../api';
import { PagedRangeSection, useRangePaging } from './PagedRangeSection';
import { fieldColumn, type ReportColumn } from './ReportTable';

/** Rows per page of the usage report. */
export const USAGE_PAGE_SIZE = 50;

const COLUMNS: ReportColumn<UsageRow>[] = [
  fieldColumn('template_name', 'Template'),
  fieldColumn('submission_name', 'Submission'),
  fieldColumn('submitter_name', 'Submitted by'),
  fieldColumn('number_of_codes', 'Codes', 'right'),
  {
    key: 'created_at',
    header: 'Submitted',
    cell: (r) => <Timestamp value={r.created_at} />,
    sortValue: (r) => r.created_at,
  },
];

/** The usage report (spec 01 §2.9, §3.3): submissions in a date range, by default the last 3 months. */
export function UsageSection({ tz }: { tz: string }) {
  const paging = useRangePaging(USAGE_PAGE_SIZE, tz);
  const usage = useUsageReport(paging.query);
  return (
    <PagedRangeSection
      id="usage"
      title="Usage"
      description="Submissions in the chosen days"
      report="usage"
      downloadLabel="usage report"
      tz={tz}
      paging={paging}
      query={usage}
      unit={['submission', 'submissions']}
      liveTotal
      label="Usage"
      what="the usage report"
      columns={COLUMNS}
      rowKey={(r) => r.submission_id}
      emptyTitle="No submissions in these days"
      emptyDescription="Choose a longer range to see earlier submissions."
    />
  );
}
