import { Group, Select } from '@mantine/core';
import { metadataText } from '@nomen/shared';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

const CASE_OPTIONS = [
  { value: '', label: 'Keep as entered' },
  { value: 'to_lowercase', label: 'Lower case' },
  { value: 'to_uppercase', label: 'Upper case' },
];
const REPLACE_OPTIONS = [
  { value: '', label: 'No replacement' },
  { value: 'replace_space_with_underscore', label: 'Spaces to underscores' },
  { value: 'replace_underscore_with_space', label: 'Underscores to spaces' },
];

/** How an output transforms its values (spec 03 §3 metadata transform_case, transform_replace). */
export function TransformsSection({ assignment, editing, issues }: IntegrationSectionProps) {
  return (
    <>
      <Group grow align="flex-start">
        <Select
          label="Letter case"
          data={CASE_OPTIONS}
          value={metadataText(assignment.metadata, 'transform_case')}
          allowDeselect={false}
          onChange={(value) =>
            void editing.change({ kind: 'metadata', key: 'transform_case', value: value ?? '' })
          }
        />
        <Select
          label="Replace"
          data={REPLACE_OPTIONS}
          value={metadataText(assignment.metadata, 'transform_replace')}
          allowDeselect={false}
          onChange={(value) =>
            void editing.change({ kind: 'metadata', key: 'transform_replace', value: value ?? '' })
          }
        />
      </Group>
      <SectionIssues issues={issues} />
    </>
  );
}
