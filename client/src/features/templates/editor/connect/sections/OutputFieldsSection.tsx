import { Badge, Checkbox, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import {
  type IncludedOutputField,
  lockedOutputGovernanceTypes,
  outputFieldRows,
  templateFieldOrigin,
} from '@nomen/shared';
import { useMemo } from 'react';
import { useFieldsetNames } from '../../govern/useFieldsetNames';
import { useTemplateEditor } from '../../TemplateEditorContext';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * The output fields of a custom report (spec 03 §3 included_output_fields: selected, display
 * name): one row per template field, in template order, with a checkbox and an optional display
 * name, each field named with its pattern or field set (`templateFieldOrigin`) so same-named fields
 * are told apart; a header checkbox selects all. Other report types hold every field, which is said
 * instead.
 * Snowflake's identifier field is always selected and read-only (spec 03 §5).
 */
export function OutputFieldsSection({ assignment, definition, editing, issues }: IntegrationSectionProps) {
  const fields = useTemplateEditor((state) => state.draft.template_fields);
  const rows = useMemo(
    () =>
      outputFieldRows(
        fields,
        assignment.included_output_fields,
        lockedOutputGovernanceTypes(definition.family),
      ),
    [fields, assignment.included_output_fields, definition.family],
  );
  const fieldsetNames = useFieldsetNames();
  const origins = useMemo(
    () =>
      new Map(
        fields.flatMap((tf) =>
          tf.field_id === null ? [] : [[String(tf.field_id), templateFieldOrigin(tf, fields, fieldsetNames)]],
        ),
      ),
    [fields, fieldsetNames],
  );
  if (assignment.report_type !== 'custom') {
    return (
      <Text size="sm" c="dimmed">
        Output fields: every field of the template ({rows.length}). Choose the Custom report type to pick
        them.
      </Text>
    );
  }
  const save = (next: IncludedOutputField[]) =>
    editing.update((a) => ({ ...a, included_output_fields: next }));
  const selected = rows.filter((r) => r.selected).length;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Output fields
        </Text>
        <Text size="xs" c="dimmed">
          {selected} of {rows.length} selected
        </Text>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          The template has no fields yet; add them on the Govern step.
        </Text>
      ) : (
        <OutputFieldsTable rows={rows} origins={origins} onSave={save} />
      )}
      <SectionIssues issues={issues} />
    </Stack>
  );
}

/** One output field row as the section shows it (`outputFieldRows`). */
type OutputFieldRow = ReturnType<typeof outputFieldRows>[number];

/**
 * The output fields as a table named "Output fields": a select-all header checkbox (read-only rows
 * stay selected), then per field its checkbox, name with origin and badges, and display name.
 * `onSave` receives every row after an edit.
 */
function OutputFieldsTable(props: {
  rows: readonly OutputFieldRow[];
  origins: ReadonlyMap<string, string>;
  onSave: (next: IncludedOutputField[]) => void;
}) {
  const { rows, onSave } = props;
  const selected = rows.filter((r) => r.selected).length;
  const patch = (row: OutputFieldRow, change: Partial<OutputFieldRow>) =>
    onSave(rows.map((r) => (r.id === row.id ? { ...r, ...change } : r)));
  return (
    <Table withTableBorder verticalSpacing={4} aria-label="Output fields">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Checkbox
              aria-label="Select all output fields"
              checked={selected === rows.length}
              indeterminate={selected > 0 && selected < rows.length}
              onChange={(event) => {
                const all = event.currentTarget.checked;
                onSave(rows.map((r) => ({ ...r, selected: all || r.readOnly })));
              }}
            />
          </Table.Th>
          <Table.Th>Field</Table.Th>
          <Table.Th>Display name</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={String(row.id)}>
            <Table.Td>
              <Checkbox
                aria-label={`Include ${row.name}`}
                checked={row.selected}
                disabled={row.readOnly}
                onChange={(event) => patch(row, { selected: event.currentTarget.checked })}
              />
            </Table.Td>
            <Table.Td>
              <OutputFieldName row={row} origin={props.origins.get(String(row.id))} />
            </Table.Td>
            <Table.Td>
              <TextInput
                size="xs"
                aria-label={`Display name of ${row.name}`}
                placeholder={row.name}
                maxLength={255}
                value={row.display}
                onChange={(event) => patch(row, { display: event.currentTarget.value })}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A row's name, its pattern or field set, and its "identifier" and "hidden on form" badges. */
function OutputFieldName({ row, origin }: { row: OutputFieldRow; origin: string | undefined }) {
  return (
    <Group gap={6}>
      <Text size="sm">{row.name}</Text>
      {origin ? (
        <Text size="xs" c="dimmed">
          {origin}
        </Text>
      ) : null}
      {row.readOnly ? (
        <Tooltip label="Always sent: it identifies each row">
          <Badge size="xs" variant="light" color="blue">
            identifier
          </Badge>
        </Tooltip>
      ) : null}
      {row.isHidden ? (
        <Badge size="xs" variant="light" color="gray">
          hidden on form
        </Badge>
      ) : null}
    </Group>
  );
}
