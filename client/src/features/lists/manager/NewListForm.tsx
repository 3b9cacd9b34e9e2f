import { Button, Group, Paper, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { LIST_TYPES, type ListType, listsApi } from '@nomen/shared';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { bodySchemaOf } from '../../../api/bodySchemaOf';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { useCreateList } from '../api';
import { LIST_TYPE_DESCRIPTIONS, LIST_TYPE_LABELS } from '../pages/listLabels';

/** Delay before the name and description inputs reach the form (spec 02 §9: 300 ms). */
export const NEW_LIST_DEBOUNCE_MS = 300;

const newListSchema = bodySchemaOf(listsApi.save).pick({ name: true, notes: true, type: true });

/**
 * A text input whose value reaches the form NEW_LIST_DEBOUNCE_MS after typing stops (spec 02 §9):
 * `value` is what the input shows, `onChange` takes typed text, `flush` sends what still waits.
 */
function useDebouncedText(commit: (value: string) => void) {
  const [value, setValue] = useState('');
  const debounced = useDebouncedCallback(commit, NEW_LIST_DEBOUNCE_MS);
  const onChange = (next: string) => {
    setValue(next);
    debounced(next);
  };
  return { value, onChange, flush: debounced.flush };
}

/** The new-list form over the save contract's name, notes and type (spec 02 §7). */
function useNewListForm() {
  return useContractForm(newListSchema, { defaultValues: { name: '', notes: '', type: 'drop-down' } });
}

/** Props of ListTypeRadios. */
interface ListTypeRadiosProps {
  control: ReturnType<typeof useNewListForm>['control'];
  error: string | undefined;
}

/** The required "Type" radio group: drop-down, drill-down or dependent, each with its description. */
function ListTypeRadios({ control, error }: ListTypeRadiosProps) {
  return (
    <Controller
      control={control}
      name="type"
      render={({ field }) => (
        <Radio.Group
          label="Type"
          required
          value={field.value}
          onChange={(value) => field.onChange(value as ListType)}
          error={error}
        >
          <Stack gap="sm" mt="xs">
            {LIST_TYPES.map((type) => (
              <Radio
                key={type}
                value={type}
                label={LIST_TYPE_LABELS[type]}
                description={LIST_TYPE_DESCRIPTIONS[type]}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    />
  );
}

/**
 * The new-list form of /admin/lists-manager/new (spec 02 §2): name (required, §5), description
 * (the list's notes) and type (drop-down, drill-down, dependent; default drop-down). The name and
 * description inputs reach the form 300 ms after typing stops (§9), so its validation runs on
 * settled text; Create (or Enter) first takes any text still waiting. Create sends PUT
 * /api/v1/account/lists/ with {id: null, name, notes, type} (§7) and goes to
 * /admin/lists-manager/edit/{id} of the answer. Field problems from the server show on the
 * fields; other failures in a toast.
 */
export function NewListForm() {
  const navigate = useNavigate();
  const create = useCreateList();
  const form = useNewListForm();
  const { errors } = form.formState;
  const name = useDebouncedText((value: string) =>
    form.setValue('name', value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  );
  const notes = useDebouncedText((value: string) =>
    form.setValue('notes', value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  );

  const save = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (saved) => {
        notifySuccess(`List “${values.name}” created`);
        void navigate(`/admin/lists-manager/edit/${saved.id}`, { replace: true });
      },
      onError: (error) => {
        if (applyServerIssues(form, error, { fields: ['name', 'notes', 'type'] }).placed.length > 0) return;
        notifyFailure(error, 'List failed to save. Please try again.');
      },
    }),
  );

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="lg"
      maw={640}
      noValidate
      aria-label="New list"
      onSubmit={(event) => {
        name.flush();
        notes.flush();
        void save(event);
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          autoFocus
          maxLength={255}
          value={name.value}
          error={errors.name?.message}
          onChange={(event) => name.onChange(event.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          value={notes.value}
          error={errors.notes?.message}
          onChange={(event) => notes.onChange(event.currentTarget.value)}
        />
        <ListTypeRadios control={form.control} error={errors.type?.message} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" component={Link} to="/admin/lists-manager">
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={name.value.trim() === ''}>
            Create
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
