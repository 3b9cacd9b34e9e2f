import { MultiSelect, Stack } from '@mantine/core';
import { metadataText } from '@nomen/shared';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';
import { useTemplateFieldOptions } from './useTemplateFieldOptions';

/**
 * The identifier fields of a file pull (spec 03 §3 metadata identifier_field_ids, comma-joined
 * field ids; §5 required with auto-submit): template fields that identify a pulled row.
 */
export function IdentifierFieldsSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const options = useTemplateFieldOptions();
  const value = metadataText(assignment.metadata, 'identifier_field_ids')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Identifier fields"
        description="Template fields that identify a pulled row"
        searchable
        data={options}
        value={value}
        onChange={(ids) =>
          void editing.change({ kind: 'metadata', key: 'identifier_field_ids', value: ids.join(',') })
        }
      />
      <SectionIssues issues={issues} />
    </Stack>
  );
}
