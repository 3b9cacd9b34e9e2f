import { Button, EmptyState, Group, Paper, Title } from '@mantine/core';
import type { FieldSave } from '@nomen/shared';
import { IconForms, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { confirmAction } from '../../../ui/confirmAction';
import { useListChoices } from '../../governance/api';
import { fieldLabel } from '../../governance/GovernanceSettings';
import { removeField } from '../fieldsetDraft';
import { FieldList, type FieldListProps } from './FieldList';

/**
 * Props of FieldsetFieldsCard: those of the field list but the list names and removal, which the
 * card handles, and Add field.
 */
export interface FieldsetFieldsCardProps extends Omit<FieldListProps, 'listName' | 'onRemove'> {
  onAdd: () => void;
}

/**
 * The field-set editor's Fields card (spec 02 §2): its title and Add field, then the field list,
 * or an empty state asking for a first field. Removing a field asks first; it leaves the set
 * when the set is saved.
 */
export function FieldsetFieldsCard({ onAdd, ...list }: FieldsetFieldsCardProps) {
  const lists = useListChoices();
  const listNames = useMemo(() => new Map((lists.data ?? []).map((l) => [l.id, l.name])), [lists.data]);
  const onRemove = async (field: FieldSave) => {
    const confirmed = await confirmAction({
      title: `Remove ${fieldLabel(field)}?`,
      message: 'The field is removed from this set when you save.',
      confirmLabel: 'Remove',
    });
    if (confirmed) list.onChange(removeField(list.fields, field.id));
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h5">
          Fields
        </Title>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          Add field
        </Button>
      </Group>
      {list.fields.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconForms size={28} aria-hidden />}
          title="This field set has no fields yet — add one"
          description="Each field governs one value: a list choice, a counter, a date, text rules and more."
        />
      ) : (
        <FieldList
          {...list}
          listName={(id) => listNames.get(id)}
          onRemove={(field) => void onRemove(field)}
        />
      )}
    </Paper>
  );
}
