import { Box, Button, Group, Loader, Select, Stack, Tooltip } from '@mantine/core';
import { type Folder, hasPermission } from '@nomen/shared';
import { IconFolderPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../../ui/QueryErrorAlert';
import { useFolders } from '../../../folders/api';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../TemplateEditorContext';
import { NewFolderModal } from './NewFolderModal';
import { useSetupJumpTarget } from './useSetupJumpTarget';

/**
 * The setup step's folder chooser (spec 03 §2 "a folder chooser. A folder can be created inline
 * with a name and description"): a searchable select of the account's folders (GET
 * /api/v1/account/folder) and a "New folder" button opening {@link NewFolderModal}; the folder
 * created there is chosen. Shows `error` (the templateFolderRequired issue) and is that issue's
 * jump target. Without manage_folders the button is disabled with a tooltip saying why.
 */
export function TemplateFolderPicker(props: { error?: string }) {
  const { store, me } = useTemplateEditorEnvironment();
  const folderId = useTemplateEditor((s) => s.draft.folder_id);
  const folders = useFolders();
  const [isCreating, setCreating] = useState(false);
  // The folder just created, shown by name until the refetched list holds it.
  const [created, setCreated] = useState<Folder | null>(null);
  const target = useSetupJumpTarget<HTMLInputElement>('templateFolderRequired');
  const mayCreate = hasPermission(me.permissions, 'manage_folders');

  const choose = (id: number | null) =>
    store.update((draft) => (draft.folder_id === id ? draft : { ...draft, folder_id: id }));

  const data = (folders.data?.data ?? []).map((f) => ({ value: f.id, label: f.name }));
  if (folderId !== null && !data.some((o) => o.value === folderId)) {
    if (created?.id === folderId) data.push({ value: folderId, label: created.name });
    // A folder the list no longer holds (deleted meanwhile) still shows as chosen, by its id.
    else if (folders.data) data.push({ value: folderId, label: `Folder ${folderId}` });
  }

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Box flex={1} p={4} m={-4} {...target.wrapperProps}>
          <Select<number>
            {...target.inputProps}
            label="Folder"
            required
            searchable
            placeholder={folders.isPending ? 'Loading folders…' : 'Choose a folder'}
            disabled={folders.isPending}
            aria-busy={folders.isPending}
            rightSection={folders.isPending ? <Loader size="xs" aria-hidden /> : undefined}
            nothingFoundMessage="No folder has this name"
            data={data}
            value={folderId}
            onChange={(value) => choose(value ?? null)}
            allowDeselect={false}
            error={props.error}
          />
        </Box>
        <Tooltip
          label="You need the manage folders permission to create folders"
          disabled={mayCreate}
          withArrow
        >
          <Box component="span" display="inline-block" mb={props.error ? 22 : 0}>
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={16} aria-hidden />}
              disabled={!mayCreate}
              onClick={() => setCreating(true)}
            >
              New folder
            </Button>
          </Box>
        </Tooltip>
      </Group>
      {folders.error ? (
        <QueryErrorAlert error={folders.error} what="folders" onRetry={() => void folders.refetch()} />
      ) : null}
      <NewFolderModal
        opened={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(folder) => {
          setCreated(folder);
          choose(folder.id);
        }}
      />
    </Stack>
  );
}
