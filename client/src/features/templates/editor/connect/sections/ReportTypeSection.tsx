import { Input, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { metadataText, REPORT_TYPES, type ReportType } from '@nomen/shared';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

const REPORT_TYPE_LABELS: Readonly<Record<ReportType, string>> = {
  default: 'Default',
  custom: 'Custom',
  perTarget: 'Per target',
};

const REPORT_TYPE_HINTS: Readonly<Record<ReportType, string>> = {
  default: 'Every field of the template, in template order.',
  custom: 'The output fields chosen below, with their display names.',
  perTarget: 'One report for each target named below.',
};

/**
 * The report type of an output (spec 03 §3 report_type, §4 "Report type switches between default,
 * custom and perTarget"); per target asks for the target ids (metadata target_id, §5 warning
 * without targets).
 */
export function ReportTypeSection({ assignment, editing, issues }: IntegrationSectionProps) {
  return (
    <Stack gap="xs">
      <Input.Wrapper label="Report type" description={REPORT_TYPE_HINTS[assignment.report_type]}>
        <SegmentedControl
          mt={4}
          aria-label="Report type"
          data={REPORT_TYPES.map((value) => ({ value, label: REPORT_TYPE_LABELS[value] }))}
          value={assignment.report_type}
          onChange={(value) => editing.update((a) => ({ ...a, report_type: value as ReportType }))}
        />
      </Input.Wrapper>
      {assignment.report_type === 'perTarget' ? (
        <TextInput
          label="Targets"
          description="Target ids, comma-separated"
          maxLength={1000}
          value={metadataText(assignment.metadata, 'target_id')}
          onChange={(event) =>
            void editing.change({ kind: 'metadata', key: 'target_id', value: event.currentTarget.value })
          }
        />
      ) : null}
      <SectionIssues issues={issues} />
    </Stack>
  );
}
