import { Text } from '@mantine/core';
import type { TemplateReportRow } from '@nomen/shared';
import { Timestamp } from '../../../ui/Timestamp';
import { useTemplateReport } from '../api';
import { DownloadMenu } from './DownloadMenu';
import { ReportSection } from './ReportSection';
import { fieldColumn, type ReportColumn, ReportTable, reportTableState } from './ReportTable';

const COLUMNS: ReportColumn<TemplateReportRow>[] = [
  fieldColumn('identifier', 'Template'),
  {
    key: 'user_name',
    header: 'Last submitted by',
    cell: (r) =>
      r.user_name ?? (
        <Text size="sm" c="dimmed">
          Nobody yet
        </Text>
      ),
    sortValue: (r) => r.user_name,
  },
  {
    key: 'updated_at',
    header: 'Updated',
    cell: (r) => <Timestamp value={r.updated_at} />,
    sortValue: (r) => r.updated_at,
  },
  fieldColumn('codes', 'Codes', 'right'),
];

/** The template report (spec 01 §2.9, §3.3): codes submitted per template. */
export function TemplatesSection({ tz }: { tz: string }) {
  const templates = useTemplateReport();
  return (
    <ReportSection
      id="templates"
      title="Templates"
      description="Codes submitted through each template"
      actions={<DownloadMenu report="templates" label="template report" query={{ tz }} />}
    >
      <ReportTable
        label="Templates"
        what="the template report"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        {...reportTableState(templates)}
        emptyTitle="No templates yet"
      />
    </ReportSection>
  );
}
