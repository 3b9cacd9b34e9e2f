import { Button, Group, Modal, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/** Props of ColumnNameDialog. */
export interface ColumnNameDialogProps {
  /** "Rename column" or "Insert column". */
  title: string;
  /** Label of the confirming button. */
  submitLabel: string;
  initialName: string;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/**
 * The rename-column and insert-column dialogs (spec 02 §2): one required "Column name" field,
 * pre-filled (a new column's name defaults to "Column N", §4). Mount it per use (keyed) so it
 * starts from `initialName`.
 */
export function ColumnNameDialog({
  title,
  submitLabel,
  initialName,
  onSubmit,
  onClose,
}: ColumnNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError('Enter a column name');
      return;
    }
    if (trimmed.length > 255) {
      setError('A column name holds at most 255 characters');
      return;
    }
    onSubmit(trimmed);
  };
  return (
    <Modal opened onClose={onClose} title={title} centered size="sm">
      <form onSubmit={submit} noValidate>
        <TextInput
          label="Column name"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          data-autofocus
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{submitLabel}</Button>
        </Group>
      </form>
    </Modal>
  );
}
