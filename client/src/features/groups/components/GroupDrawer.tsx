import { MultiSelect } from '@mantine/core';
import { type Group, groupSaveSchema, type SelectOption } from '@nomen/shared';
import { Controller } from 'react-hook-form';
import { FormDrawer } from '../../../ui/FormDrawer';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useWording } from '../../shell/useWording';
import { useGroupSelectOptions, useReloadGroups, useSaveGroup } from '../api';

const SELECT_FIELDS = ['user_ids', 'folder_ids', 'template_ids'] as const;
// The inputs that show the server's problems; others (the id, updated_at) go to the toast.
const FORM_FIELDS = ['name', 'notes', ...SELECT_FIELDS] as const;

/** Props of GroupDrawer. */
export interface GroupDrawerProps {
  opened: boolean;
  /** The group to edit, or null to add one. */
  group: Group | null;
  onClose: () => void;
}

function toSelectData(options: readonly SelectOption[] | undefined) {
  return (options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
}

/**
 * The group drawer (spec 01 §2.7): name (required, §5), notes, and selections of users, folders
 * and templates (worded "datasets" with the datasets-page flag) from the select options. Saves
 * through merge-or-create with the updated_at it read; generic toasts (§8).
 */
export function GroupDrawer({ opened, group, onClose }: GroupDrawerProps) {
  const { Words } = useWording();
  const options = useGroupSelectOptions(opened);
  const save = useSaveGroup();
  const reloadGroups = useReloadGroups();
  const form = useContractForm(groupSaveSchema, {
    defaultValues: {
      id: group?.id ?? null,
      name: group?.name ?? '',
      notes: group?.notes ?? '',
      user_ids: group?.user_ids ?? [],
      folder_ids: group?.folder_ids ?? [],
      template_ids: group?.template_ids ?? [],
      updated_at: group?.updated_at ?? null,
    },
  });
  const { isDirty } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(group ? 'Group saved' : 'Group added');
        onClose();
      },
      onError: (error) => {
        if (applyServerIssues(form, error, { fields: FORM_FIELDS }).placed.length > 0) return;
        notifyFailure(error, 'Group failed to save. Please try again.', reloadGroups);
        onClose();
      },
    }),
  );

  const selects: { name: (typeof SELECT_FIELDS)[number]; label: string; data: SelectOption[] | undefined }[] =
    [
      { name: 'user_ids', label: 'Users', data: options.data?.users },
      { name: 'folder_ids', label: 'Folders', data: options.data?.folders },
      { name: 'template_ids', label: Words, data: options.data?.templates },
    ];

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={group ? group.name : 'Add group'}
      onSubmit={submit}
      canSubmit={!group || isDirty}
      isSubmitting={save.isPending}
    >
      <FormTextInput control={form.control} name="name" label="Name" required />
      <FormTextarea control={form.control} name="notes" label="Notes" autosize minRows={2} maxRows={6} />
      {options.error ? (
        <QueryErrorAlert error={options.error} what="the choices" onRetry={() => void options.refetch()} />
      ) : null}
      {selects.map((select) => (
        <Controller
          key={select.name}
          control={form.control}
          name={select.name}
          render={({ field, fieldState }) => (
            <MultiSelect
              label={select.label}
              placeholder={options.isPending ? 'Loading…' : `Choose ${select.label.toLowerCase()}`}
              data={toSelectData(select.data)}
              value={(field.value ?? []).map(String)}
              onChange={(ids) => field.onChange(ids.map(Number))}
              onBlur={field.onBlur}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage="Nothing found"
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
    </FormDrawer>
  );
}
