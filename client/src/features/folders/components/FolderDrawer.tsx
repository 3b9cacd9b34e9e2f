import { zodResolver } from '@hookform/resolvers/zod';
import { Textarea, TextInput } from '@mantine/core';
import { AppError, canSaveFolder, type Folder, folderSaveSchema } from '@nomen/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { issuesByField } from '../../../api/errors';
import { FormDrawer } from '../../../ui/FormDrawer';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { useReloadFolders, useSaveFolder } from '../api';

type FolderFormInput = z.input<typeof folderSaveSchema>;
type FolderFormOutput = z.output<typeof folderSaveSchema>;

/** Props of FolderDrawer. */
export interface FolderDrawerProps {
  opened: boolean;
  /** The folder to edit, or null to add one. */
  folder: Folder | null;
  onClose: () => void;
}

/**
 * The folder drawer (spec 01 §2.8): name and description. Save is disabled when the name is
 * empty or, when editing, neither name nor description changed (§5, canSaveFolder); add and
 * update failures show generic toasts (§8).
 */
export function FolderDrawer({ opened, folder, onClose }: FolderDrawerProps) {
  const save = useSaveFolder();
  const reloadFolders = useReloadFolders();
  const form = useForm<FolderFormInput, unknown, FolderFormOutput>({
    resolver: zodResolver(folderSaveSchema),
    defaultValues: {
      id: folder?.id ?? null,
      name: folder?.name ?? '',
      description: folder?.description ?? '',
      updated_at: folder?.updated_at ?? null,
    },
  });
  const { errors } = form.formState;
  const name = form.watch('name') ?? '';
  const description = form.watch('description') ?? '';
  const canSave = canSaveFolder({ name, description }, folder);

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(folder ? 'Folder saved' : 'Folder added');
        onClose();
      },
      onError: (error) => {
        const fields = issuesByField(error instanceof AppError ? error.issues : undefined);
        if (fields.name || fields.description) {
          if (fields.name) form.setError('name', { type: 'server', message: fields.name });
          if (fields.description)
            form.setError('description', { type: 'server', message: fields.description });
          return;
        }
        notifyFailure(error, folder ? 'Folder failed to update' : 'Folder failed to add', reloadFolders);
        onClose();
      },
    }),
  );

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={folder ? folder.name : 'Add folder'}
      onSubmit={submit}
      canSubmit={canSave}
      isSubmitting={save.isPending}
    >
      <TextInput label="Name" required error={errors.name?.message} {...form.register('name')} />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        maxRows={8}
        error={errors.description?.message}
        {...form.register('description')}
      />
    </FormDrawer>
  );
}
