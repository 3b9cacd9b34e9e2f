import { List, Text } from '@mantine/core';
import { type IntegrationIssue, templateIssueText } from '@nomen/shared';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';

/**
 * The issues of one section of an integration form (spec 03 §5), errors in red and warnings in
 * yellow, each with its catalogue text; nothing when there are none. Announced politely so that a
 * screen reader hears a new problem without losing its place.
 */
export function SectionIssues(props: { issues: readonly IntegrationIssue[] }) {
  if (props.issues.length === 0) return null;
  return (
    <List spacing={4} size="sm" aria-live="polite" listStyleType="none" ml={0} pl={0}>
      {props.issues.map((issue) => (
        <List.Item
          key={`${issue.messageId}:${JSON.stringify(issue.params)}`}
          icon={
            issue.type === 'ERROR' ? (
              <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-label="Error" />
            ) : (
              <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" aria-label="Warning" />
            )
          }
        >
          <Text size="sm" c={issue.type === 'ERROR' ? 'red.7' : 'yellow.8'}>
            {templateIssueText(issue)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
