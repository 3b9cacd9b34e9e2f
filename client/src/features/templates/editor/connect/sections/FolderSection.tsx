import { Group, Stack, TextInput } from '@mantine/core';
import { metadataText } from '@nomen/shared';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * The storage folder of a file integration (spec 03 §3 folder, metadata filePrefix; §5 "Folder path
 * fields are required for storage integrations"), typed as a path (folder_entry_type manual).
 */
export function FolderSection({ assignment, editing, issues }: IntegrationSectionProps) {
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <TextInput
          label="Folder"
          description="Path in the storage, e.g. /exports/campaigns"
          required
          maxLength={1024}
          value={assignment.folder}
          onChange={(event) => {
            const folder = event.currentTarget.value;
            editing.update((a) => ({ ...a, folder, folder_entry_type: 'manual' }));
          }}
        />
        <TextInput
          label="File prefix"
          maxLength={255}
          value={metadataText(assignment.metadata, 'filePrefix')}
          onChange={(event) =>
            void editing.change({ kind: 'metadata', key: 'filePrefix', value: event.currentTarget.value })
          }
        />
      </Group>
      <SectionIssues issues={issues} />
    </Stack>
  );
}
