import { Group, Stack, Switch, TextInput } from '@mantine/core';
import { isMetadataFlagOn, parseRecipientList } from '@nomen/shared';
import { EmailTagsInput } from '../EmailTagsInput';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

const RECIPIENT_LISTS = [
  { key: 'to', label: 'To' },
  { key: 'cc', label: 'Cc' },
  { key: 'bcc', label: 'Bcc' },
] as const;

/**
 * The email output's recipients and subject (spec 03 §3 metadata subject, to, cc, bcc — lists,
 * JSON-parsed — and sendToSubmitter 0/1): three address lists, the subject, and whether the
 * submitter gets the file too. Each change goes through `applyIntegrationChange`.
 */
export function EmailSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const { metadata } = assignment;
  const subject = typeof metadata.subject === 'string' ? metadata.subject : '';
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        {RECIPIENT_LISTS.map(({ key, label }) => (
          <EmailTagsInput
            key={key}
            label={label}
            value={parseRecipientList(metadata[key]) ?? []}
            onChange={(value) => void editing.change({ kind: 'metadata', key, value })}
          />
        ))}
      </Group>
      <TextInput
        label="Subject"
        maxLength={255}
        value={subject}
        onChange={(event) =>
          void editing.change({ kind: 'metadata', key: 'subject', value: event.currentTarget.value })
        }
      />
      <Switch
        label="Send to submitter"
        description="The person who submits also receives the file"
        checked={isMetadataFlagOn(metadata, 'sendToSubmitter')}
        onChange={(event) =>
          void editing.change({
            kind: 'metadata',
            key: 'sendToSubmitter',
            value: event.currentTarget.checked ? 1 : 0,
          })
        }
      />
      <SectionIssues issues={issues} />
    </Stack>
  );
}
