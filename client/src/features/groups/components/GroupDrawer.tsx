import { zodResolver } from '@hookform/resolvers/zod';
import { MultiSelect, Textarea, TextInput } from '@mantine/core';
import { AppError, type Group, groupSaveSchema, type SelectOption } from '@nomen/shared';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { issuesByField } from '../../../api/errors';
import { FormDrawer } from '../../../ui/FormDrawer';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useWording } from '../../shell/useWording';
import { useGroupSelectOptions, useReloadGroups, useSaveGroup } from '../api';

type GroupFormInput = z.input<typeof groupSaveSchema>;
type GroupFormOutput = z.output<typeof groupSaveSchema>;

const SELECT_FIELDS = ['user_ids', 'folder_ids', 'template_ids'] as const;
const FORM_FIELDS = ['name', 'notes', ...SELECT_FIELDS] as const;
type FormField = (typeof FORM_FIELDS)[number];

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
  const form = useForm<GroupFormInput, unknown, GroupFormOutput>({
    resolver: zodResolver(groupSaveSchema),
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
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(group ? 'Group saved' : 'Group added');
        onClose();
      },
      onError: (error) => {
        const fieldErrors = Object.entries(
          issuesByField(error instanceof AppError ? error.issues : undefined),
        )
          .map(([path, message]) => [path.split('.')[0], message] as const)
          .filter((entry): entry is readonly [FormField, string] =>
            (FORM_FIELDS as readonly string[]).includes(entry[0] ?? ''),
          );
        if (fieldErrors.length > 0) {
          for (const [field, message] of fieldErrors) form.setError(field, { type: 'server', message });
          return;
        }
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
      <TextInput label="Name" required error={errors.name?.message} {...form.register('name')} />
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxRows={6}
        error={errors.notes?.message}
        {...form.register('notes')}
      />
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
