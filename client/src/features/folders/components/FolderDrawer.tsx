import { canSaveFolder, type Folder, folderSaveSchema } from '@nomen/shared';
import { FormDrawer } from '../../../ui/FormDrawer';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { useReloadFolders, useSaveFolder } from '../api';

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
  const form = useContractForm(folderSaveSchema, {
    defaultValues: {
      id: folder?.id ?? null,
      name: folder?.name ?? '',
      description: folder?.description ?? '',
      updated_at: folder?.updated_at ?? null,
    },
  });
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
        if (applyServerIssues(form, error, { fields: ['name', 'description'] }).placed.length > 0) return;
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
      <FormTextInput control={form.control} name="name" label="Name" required />
      <FormTextarea
        control={form.control}
        name="description"
        label="Description"
        autosize
        minRows={3}
        maxRows={8}
      />
    </FormDrawer>
  );
}
