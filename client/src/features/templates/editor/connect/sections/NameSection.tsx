import { TextInput } from '@mantine/core';
import { templateIssueText } from '@nomen/shared';
import type { IntegrationSectionProps } from './sectionProps';

/** The assignment's name (spec 03 §3 name; §5 'Name is required'), shown in the panel's header. */
export function NameSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const error = issues[0];
  return (
    <TextInput
      label="Name"
      description="How this integration is named in the template and in messages"
      required
      maxLength={255}
      value={assignment.name}
      onChange={(event) => {
        const name = event.currentTarget.value;
        editing.update((a) => ({ ...a, name }));
      }}
      error={error ? templateIssueText(error) : undefined}
    />
  );
}
