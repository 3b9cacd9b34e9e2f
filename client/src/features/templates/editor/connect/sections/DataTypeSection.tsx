import { Select } from '@mantine/core';
import { type DataTypeOption, metadataText, templateIssueText } from '@nomen/shared';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * The data type choice of an integration (spec 03 §3 "Data types per connector"; §4 "Changing a
 * data type resets the filters and mapping", asked first on a saved integration), from the registry
 * row's `dataTypes`, stored under its `dataTypeKey`.
 */
export function DataTypeSection(
  props: IntegrationSectionProps & { metadataKey: string; title: string; options: readonly DataTypeOption[] },
) {
  const { assignment, editing, issues } = props;
  const error = issues[0] ? templateIssueText(issues[0]) : undefined;
  return (
    <Select
      label={props.title}
      placeholder={`Choose a ${props.title.toLowerCase()}`}
      required
      data={props.options.map((o) => ({ value: o.value, label: o.label }))}
      value={metadataText(assignment.metadata, props.metadataKey) || null}
      allowDeselect={false}
      onChange={(value) => {
        if (value !== null) void editing.change({ kind: 'dataType', value });
      }}
      error={error}
    />
  );
}
