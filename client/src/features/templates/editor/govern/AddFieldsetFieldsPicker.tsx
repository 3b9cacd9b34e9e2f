import {
  Box,
  Button,
  Checkbox,
  Group,
  Popover,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { Fieldset } from '@nomen/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldset, useFieldsets } from '../../../fieldsets/api';
import { useTemplateEditor } from '../TemplateEditorContext';

/** Props of AddFieldsetFieldsPicker. */
export interface AddFieldsetFieldsPickerProps {
  /** Adds the chosen fields of the set (spec 03 §2). */
  onAdd: (fieldset: Fieldset, fieldIds: number[]) => void;
}

/**
 * The toolbar's add-field picker (spec 03 §2 "add-field picker", "add fields from field sets"): a
 * popover with a searchable field set choice (useFieldsets) and that set's fields (useFieldset) as
 * checkboxes; fields already in the template are shown checked and disabled. "Add" adds the chosen
 * fields in the set's order.
 */
export function AddFieldsetFieldsPicker({ onAdd }: AddFieldsetFieldsPickerProps) {
  const [opened, setOpened] = useState(false);
  const [fieldsetId, setFieldsetId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const fieldsets = useFieldsets();
  const fieldset = useFieldset(opened ? fieldsetId : null);
  const presentKey = useTemplateEditor((s) =>
    s.draft.template_fields.map((tf) => String(tf.field_id)).join(','),
  );
  const present = new Set(presentKey.split(','));
  const fields = fieldset.data?.fieldset.fields ?? [];
  const addable = fields.filter((f) => !present.has(String(f.id)));

  const close = () => {
    setOpened(false);
    setChosen([]);
  };
  const add = () => {
    if (!fieldset.data || chosen.length === 0) return;
    onAdd(fieldset.data.fieldset, chosen.map(Number));
    close();
  };

  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? setOpened(true) : close())}
      width={380}
      position="bottom-start"
      withArrow
      trapFocus
      shadow="md"
    >
      <Popover.Target>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => (opened ? close() : setOpened(true))}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          Add fields
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Select
            label="Field set"
            placeholder={fieldsets.isPending ? 'Loading field sets…' : 'Choose a field set'}
            data={(fieldsets.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={fieldsetId === null ? null : String(fieldsetId)}
            onChange={(value) => {
              setFieldsetId(value ? Number(value) : null);
              setChosen([]);
            }}
            searchable
            nothingFoundMessage={fieldsets.isError ? 'Could not load the field sets' : 'No such field set'}
            comboboxProps={{ withinPortal: false }}
            error={fieldsets.isError ? 'Could not load the field sets' : undefined}
          />
          {fieldsetId === null ? null : fieldset.isPending ? (
            <Stack gap={6} aria-label="Loading fields">
              <Skeleton height={18} />
              <Skeleton height={18} />
              <Skeleton height={18} />
            </Stack>
          ) : fieldset.isError ? (
            <Text size="sm" c="red">
              Could not load this field set's fields.
            </Text>
          ) : fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              This field set has no fields yet.
            </Text>
          ) : (
            <>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  Fields
                </Text>
                <Button
                  variant="subtle"
                  size="compact-xs"
                  disabled={addable.length === 0}
                  onClick={() =>
                    setChosen(chosen.length === addable.length ? [] : addable.map((f) => String(f.id)))
                  }
                >
                  {chosen.length === addable.length && addable.length > 0 ? 'Clear' : 'Choose all'}
                </Button>
              </Group>
              <ScrollArea.Autosize mah={260}>
                <Checkbox.Group value={chosen} onChange={setChosen} aria-label="Fields to add">
                  <Stack gap={6}>
                    {[...fields]
                      .sort((a, b) => a.precedence - b.precedence)
                      .map((f) => {
                        const isPresent = present.has(String(f.id));
                        return (
                          <Checkbox
                            key={f.id}
                            value={String(f.id)}
                            label={f.name}
                            description={isPresent ? 'Already in the template' : undefined}
                            disabled={isPresent}
                          />
                        );
                      })}
                  </Stack>
                </Checkbox.Group>
              </ScrollArea.Autosize>
            </>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Tooltip label="Choose at least one field" disabled={chosen.length > 0} withArrow>
              <Box component="span">
                <Button onClick={add} disabled={chosen.length === 0}>
                  {chosen.length > 1 ? `Add ${chosen.length} fields` : 'Add field'}
                </Button>
              </Box>
            </Tooltip>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
