import { Button, EmptyState, Group, Paper, Title } from '@mantine/core';
import { IconForms, IconPlus } from '@tabler/icons-react';
import { FieldList, type FieldListProps } from './FieldList';

/** Props of FieldsetFieldsCard: those of the field list, and Add field. */
export interface FieldsetFieldsCardProps extends FieldListProps {
  onAdd: () => void;
}

/**
 * The field-set editor's Fields card (spec 02 §2): its title and Add field, then the field list,
 * or an empty state asking for a first field.
 */
export function FieldsetFieldsCard({ onAdd, ...list }: FieldsetFieldsCardProps) {
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
        <FieldList {...list} />
      )}
    </Paper>
  );
}
