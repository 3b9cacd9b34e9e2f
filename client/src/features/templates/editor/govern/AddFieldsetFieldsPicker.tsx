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

/** A field of a field set as the picker lists it. */
type FieldsetField = NonNullable<ReturnType<typeof useFieldset>['data']>['fieldset']['fields'][number];

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
          {fieldsetId === null ? null : (
            <FieldsetFields query={fieldset} present={present} chosen={chosen} onChosenChange={setChosen} />
          )}
          <PickerFooter chosenCount={chosen.length} onCancel={close} onAdd={add} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The chosen set's fields: a skeleton while loading, the failure, "no fields yet", or the checklist. */
function FieldsetFields(props: {
  query: ReturnType<typeof useFieldset>;
  present: ReadonlySet<string>;
  chosen: string[];
  onChosenChange: (chosen: string[]) => void;
}) {
  const { query } = props;
  if (query.isPending)
    return (
      <Stack gap={6} aria-label="Loading fields">
        <Skeleton height={18} />
        <Skeleton height={18} />
        <Skeleton height={18} />
      </Stack>
    );
  if (query.isError)
    return (
      <Text size="sm" c="red">
        Could not load this field set's fields.
      </Text>
    );
  const fields = query.data?.fieldset.fields ?? [];
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This field set has no fields yet.
      </Text>
    );
  return <FieldChecklist {...props} fields={fields} />;
}

/**
 * The chosen set's fields as checkboxes in the set's order, with "Choose all" / "Clear"; fields
 * already in the template (`present`, field ids as strings) are disabled and say so.
 */
function FieldChecklist(props: {
  fields: readonly FieldsetField[];
  present: ReadonlySet<string>;
  chosen: string[];
  onChosenChange: (chosen: string[]) => void;
}) {
  const { fields, present, chosen, onChosenChange } = props;
  const addable = fields.filter((f) => !present.has(String(f.id)));
  return (
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
            onChosenChange(chosen.length === addable.length ? [] : addable.map((f) => String(f.id)))
          }
        >
          {chosen.length === addable.length && addable.length > 0 ? 'Clear' : 'Choose all'}
        </Button>
      </Group>
      <ScrollArea.Autosize mah={260}>
        <Checkbox.Group value={chosen} onChange={onChosenChange} aria-label="Fields to add">
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
  );
}

/** Cancel and "Add field" / "Add n fields", disabled with a tooltip until a field is chosen. */
function PickerFooter(props: { chosenCount: number; onCancel: () => void; onAdd: () => void }) {
  const { chosenCount } = props;
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Tooltip label="Choose at least one field" disabled={chosenCount > 0} withArrow>
        <Box component="span">
          <Button onClick={props.onAdd} disabled={chosenCount === 0}>
            {chosenCount > 1 ? `Add ${chosenCount} fields` : 'Add field'}
          </Button>
        </Box>
      </Tooltip>
    </Group>
  );
}
