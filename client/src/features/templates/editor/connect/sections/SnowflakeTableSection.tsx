import { TextInput } from '@mantine/core';
import { metadataText, templateIssueText } from '@nomen/shared';
import type { IntegrationSectionProps } from './sectionProps';

/** The Snowflake table name (spec 03 §5 "Snowflake table name" rules and messages). */
export function SnowflakeTableSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const error = issues[0] ? templateIssueText(issues[0]) : undefined;
  return (
    <TextInput
      label="Table name"
      description="Letters, digits and underscores; not a reserved SQL keyword"
      required
      value={metadataText(assignment.metadata, 'tableName')}
      onChange={(event) =>
        void editing.change({ kind: 'metadata', key: 'tableName', value: event.currentTarget.value })
      }
      error={error}
    />
  );
}
