import { Box, Button, Group, Modal, Stack, Textarea, TextInput, Tooltip } from '@mantine/core';
import { AppError, canSaveFolder, type Folder } from '@nomen/shared';
import { type FormEvent, useState } from 'react';
import { issuesByField } from '../../../../api/errors';
import { notifyFailure, notifySuccess } from '../../../../ui/notify';
import { useSaveFolder } from '../../../folders/api';

/** Props of NewFolderModal. */
export interface NewFolderModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the folder the server created; the setup step chooses it. */
  onCreated: (folder: Folder) => void;
}

/**
 * The setup step's inline folder create (spec 03 §2 "A folder can be created inline with a name and
 * description"; §7 PUT /api/v1/account/folder): a small modal with name and description. Save is
 * disabled, with a tooltip saying why, while the name is empty or neither name nor description
 * changed (spec 03 §5 "Other", `canSaveFolder`). A refused name or description shows the server's
 * message on its input; another failure shows a toast and keeps what was typed.
 */
export function NewFolderModal({ opened, onClose, onCreated }: NewFolderModalProps) {
  const { name, setName, description, setDescription, errors, setErrors, canSave, isSaving, close, submit } =
    useNewFolderForm(onClose, onCreated);

  return (
    <Modal opened={opened} onClose={close} title="New folder" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            maxLength={255}
            error={errors.name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors((e) => ({ ...e, name: undefined }));
            }}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={6}
            value={description}
            maxLength={2000}
            error={errors.description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              setErrors((e) => ({ ...e, description: undefined }));
            }}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Tooltip label="Enter a folder name" disabled={canSave} withArrow>
              <Box component="span" display="inline-block">
                <Button type="submit" disabled={!canSave} loading={isSaving}>
                  Create folder
                </Button>
              </Box>
            </Tooltip>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The new-folder form's state (spec 03 §2, §5 `canSaveFolder`, §7 PUT /api/v1/account/folder):
 * name, description and the server's messages on them; `close` empties it and calls `onClose`;
 * `submit` saves the folder, then tells `onCreated` and closes, puts a refused name or description's
 * message on its input, or shows a toast for another failure.
 */
function useNewFolderForm(onClose: () => void, onCreated: (folder: Folder) => void) {
  const save = useSaveFolder();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const canSave = canSaveFolder({ name, description }, null);

  const close = () => {
    setName('');
    setDescription('');
    setErrors({});
    save.reset();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in the name input submits too; the rule of the disabled button applies to it.
    if (!canSave || save.isPending) return;
    save.mutate(
      { name: name.trim(), description },
      {
        onSuccess: ({ folder }) => {
          notifySuccess(`Folder "${folder.name}" added`);
          onCreated(folder);
          close();
        },
        onError: (error) => {
          const fields = issuesByField(error instanceof AppError ? error.issues : undefined);
          if (fields.name || fields.description) {
            setErrors({ name: fields.name, description: fields.description });
            return;
          }
          notifyFailure(error, 'Folder failed to add');
        },
      },
    );
  };
  return {
    name,
    setName,
    description,
    setDescription,
    errors,
    setErrors,
    canSave,
    isSaving: save.isPending,
    close,
    submit,
  };
}
