import { ActionIcon, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { aemDataTypeOf, metadataText } from '@nomen/shared';
import { IconFolderSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AemFolderTreePicker } from '../AemFolderTreePicker';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * The content-management filters (spec 03 §3 folderFilter, fileFormatFilter, tagsFilter; §5 "The
 * folder filter must start with '/'"): the folder is typed or picked from the account's folder tree
 * (spec 03 §4 tree folder picker), which needs an account: its DAM folders for file assets, its
 * pages and folders under /content for pages (aem_data_type).
 */
export function FolderFilterSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const [isPicking, setIsPicking] = useState(false);
  const set = (key: string, value: string) => void editing.change({ kind: 'metadata', key, value });
  const field = (key: string, label: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      maxLength={2048}
      value={metadataText(assignment.metadata, key)}
      onChange={(event) => set(key, event.currentTarget.value)}
    />
  );
  const folder = metadataText(assignment.metadata, 'folderFilter');
  const connectorId = assignment.connector_id;
  const dataType = aemDataTypeOf(metadataText(assignment.metadata, 'aem_data_type'));
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <TextInput
          label="Folder filter"
          description="Starts with /"
          maxLength={2048}
          value={folder}
          onChange={(event) => set('folderFilter', event.currentTarget.value)}
          rightSection={
            <Tooltip
              label={connectorId === null ? 'Choose an account to browse its folders' : 'Browse folders'}
            >
              <ActionIcon
                variant="subtle"
                aria-label="Browse folders"
                aria-disabled={connectorId === null || undefined}
                data-disabled={connectorId === null || undefined}
                onClick={() => {
                  if (connectorId !== null) setIsPicking(true);
                }}
              >
                <IconFolderSearch size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          }
        />
        {field('fileFormatFilter', 'File format filter')}
        {field('tagsFilter', 'Tags filter')}
      </Group>
      {connectorId !== null ? (
        <AemFolderTreePicker
          key={`${connectorId}:${dataType}`}
          opened={isPicking}
          connectorId={connectorId}
          dataType={dataType}
          value={folder}
          onClose={() => setIsPicking(false)}
          onPick={(path) => {
            set('folderFilter', path);
            setIsPicking(false);
          }}
        />
      ) : null}
      <SectionIssues issues={issues} />
    </Stack>
  );
}
