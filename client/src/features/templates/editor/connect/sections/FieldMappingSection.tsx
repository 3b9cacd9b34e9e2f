import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  Input,
  Select,
  type SelectProps,
  Slider,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  CLASSIFICATION_CONFIDENCE_KEY,
  CONTENT_ID_CATEGORY_ID,
  CREATIVE_CATEGORIES,
  type DefaultField,
  hasClassificationMappings,
  INBOUND_CONFIDENCE,
  INTEGRATION_MESSAGES,
  isPullingPerformanceMetrics,
  type MappingField,
  metadataText,
  missingDefaultMappings,
} from '@nomen/shared';
import { IconListCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../../TemplateEditorContext';
import { SectionIssues } from '../SectionIssues';
import { useDefaultFields } from '../useIntegrationCatalogue';
import { patchMappingRow, withNewMappingRow, withoutMappingRow } from './fieldMappingRows';
import type { IntegrationSectionProps } from './sectionProps';
import { useTemplateFieldOptions } from './useTemplateFieldOptions';

/**
 * The field mapping of an integration (spec 03 §3 "Mapping field": fieldName, cvFieldId, required;
 * §5 required mappings): one row per integration field with the template field mapped to it.
 * Required rows (the registry's) keep their integration field and cannot be removed; other rows can
 * be added, named and removed. The integration fields of the type and its chosen data type (spec 03
 * §7 default-fields; for Google Analytics custom and user data, the chosen property's custom
 * dimensions once account and property are chosen) are offered as suggestions and can be added at once; when they cannot be
 * loaded the names are typed (spec 03 §8: the failure stops the spinner silently). With creative
 * classification, a row may take its value from a classification instead of a template field
 * (Content ID only with a content comprehension field); an inbound integration mapping
 * classifications sets their minimum confidence.
 */
export function FieldMappingSection(props: IntegrationSectionProps & { title: string }) {
  const { assignment, editing, issues } = props;
  const defaults = useMappingDefaults(props);
  const missing = missingDefaultMappings(assignment.mapping_fields, defaults ?? []);
  const rows = assignment.mapping_fields;
  const edit = (recipe: (rows: readonly MappingField[]) => MappingField[]) =>
    editing.update((a) => ({ ...a, mapping_fields: recipe(a.mapping_fields) }));
  const addDefaults = () =>
    edit((current) => [...current, ...missingDefaultMappings(current, defaults ?? [])]);

  return (
    <Stack gap="xs">
      <MappingHeader
        title={props.title}
        missing={missing}
        onAddDefaults={addDefaults}
        onAddRow={() => edit(withNewMappingRow)}
      />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No mappings yet. Add one to send a template field to an integration field.
        </Text>
      ) : (
        <MappingTable
          title={props.title}
          rows={rows}
          defaults={defaults}
          onSetRow={(index, patch) => edit((current) => patchMappingRow(current, index, patch))}
          onRemoveRow={(index) => edit((current) => withoutMappingRow(current, index))}
        />
      )}
      {hasClassificationMappings(assignment) && assignment.integration_type === 'INPUT' ? (
        <ConfidenceSlider
          value={assignment.metadata[CLASSIFICATION_CONFIDENCE_KEY]}
          onChange={(value) =>
            void editing.change({ kind: 'metadata', key: CLASSIFICATION_CONFIDENCE_KEY, value })
          }
        />
      ) : null}
      <SectionIssues issues={issues} />
    </Stack>
  );
}

/**
 * The default fields of the assignment's type and chosen data type (spec 03 §7 default-fields;
 * for Google Analytics, the chosen property's custom dimensions once account and property are
 * chosen); undefined while loading or when they cannot be loaded.
 */
function useMappingDefaults({
  assignment,
  definition,
}: IntegrationSectionProps): readonly DefaultField[] | undefined {
  const dataType =
    definition.dataTypeKey === null
      ? null
      : metadataText(assignment.metadata, definition.dataTypeKey) || null;
  const defaults = useDefaultFields(
    assignment.slug,
    dataType,
    isPullingPerformanceMetrics(assignment.metadata),
    assignment.slug === 'google-analytics'
      ? {
          connectorId: assignment.connector_id ?? null,
          propertyId: metadataText(assignment.metadata, 'ga_property_id'),
        }
      : null,
  );
  return defaults.data;
}

/** The section's title with "Add default fields (n)" (naming the missing ones) and "Add mapping". */
function MappingHeader(props: {
  title: string;
  missing: readonly MappingField[];
  onAddDefaults: () => void;
  onAddRow: () => void;
}) {
  const { missing } = props;
  return (
    <Group justify="space-between">
      <Text size="sm" fw={500}>
        {props.title}
      </Text>
      <Group gap="xs">
        {missing.length > 0 ? (
          <Tooltip label={missing.map((f) => f.label || f.fieldName).join(', ')} multiline maw={320}>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconListCheck size={14} aria-hidden />}
              onClick={props.onAddDefaults}
            >
              Add default fields ({missing.length})
            </Button>
          </Tooltip>
        ) : null}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={props.onAddRow}
        >
          Add mapping
        </Button>
      </Group>
    </Group>
  );
}

/** Props of the mapping table and its rows. */
interface MappingTableProps {
  title: string;
  rows: readonly MappingField[];
  defaults: readonly DefaultField[] | undefined;
  onSetRow: (index: number, patch: Partial<MappingField>) => void;
  onRemoveRow: (index: number) => void;
}

/** The mapping rows as a table named after the section: integration field, template field, remove. */
function MappingTable(props: MappingTableProps) {
  const fieldOptions = useTemplateFieldOptions();
  const classifications = useClassificationChoices();
  const suggestions = (props.defaults ?? []).map((f) => f.fieldName);
  return (
    <Table verticalSpacing={4} aria-label={props.title}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Integration field</Table.Th>
          <Table.Th>Template field</Table.Th>
          <Table.Th w={40}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is their identity
          <Table.Tr key={index}>
            <Table.Td>
              <IntegrationFieldCell {...props} row={row} index={index} suggestions={suggestions} />
            </Table.Td>
            <Table.Td>
              <TemplateFieldCell
                row={row}
                index={index}
                onSetRow={props.onSetRow}
                fieldOptions={fieldOptions}
                classifications={classifications}
              />
            </Table.Td>
            <Table.Td>
              <RemoveMappingButton row={row} onRemove={() => props.onRemoveRow(index)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A row's integration field: its name for a required row, else a name input with suggestions. */
function IntegrationFieldCell(
  props: MappingTableProps & { row: MappingField; index: number; suggestions: readonly string[] },
) {
  const { row, index } = props;
  if (row.required) return <Text size="sm">{row.label || row.fieldName} *</Text>;
  return (
    <Autocomplete
      size="xs"
      aria-label={`Integration field ${index + 1}`}
      maxLength={255}
      data={props.suggestions}
      value={row.fieldName}
      onChange={(fieldName) => {
        const known = props.defaults?.find((f) => f.fieldName === fieldName);
        props.onSetRow(index, { fieldName, label: known?.label ?? '' });
      }}
      error={row.fieldName.trim() === '' ? 'Required' : undefined}
    />
  );
}

/**
 * A row's value (spec 03 §3, §5): with classifications offered, the source (template field or
 * classification) of an optional row, then the classification or the template field.
 */
function TemplateFieldCell(props: {
  row: MappingField;
  index: number;
  onSetRow: MappingTableProps['onSetRow'];
  fieldOptions: ReturnType<typeof useTemplateFieldOptions>;
  classifications: ReturnType<typeof useClassificationChoices>;
}) {
  const { row, index, onSetRow, classifications } = props;
  const rowName = row.label || row.fieldName;
  const setField = (value: string | null) =>
    onSetRow(index, { cvFieldId: value === null ? null : Number(value) });
  return (
    <Group gap={4} wrap="nowrap">
      {classifications.isOffered && !row.required ? (
        <Select
          size="xs"
          w={150}
          aria-label={`Source of ${rowName}`}
          allowDeselect={false}
          data={SOURCE_OPTIONS}
          value={row.source_type}
          onChange={(value) =>
            onSetRow(index, {
              source_type: value === 'template_classification' ? value : 'field',
              cvFieldId: null,
            })
          }
        />
      ) : null}
      {row.source_type === 'template_classification' ? (
        <Select
          size="xs"
          style={{ flex: 1 }}
          aria-label={`Classification for ${rowName}`}
          placeholder="Choose a classification"
          data={classifications.options}
          renderOption={renderClassificationOption}
          value={row.cvFieldId === null ? null : String(row.cvFieldId)}
          onChange={setField}
        />
      ) : (
        <Select
          size="xs"
          style={{ flex: 1 }}
          aria-label={`Template field for ${rowName}`}
          placeholder="Choose a template field"
          searchable
          clearable={!row.required}
          data={props.fieldOptions}
          value={row.cvFieldId === null ? null : String(row.cvFieldId)}
          onChange={setField}
        />
      )}
    </Group>
  );
}

/** A row's remove button; a required row's is disabled and says so (spec 03 §5 required mappings). */
function RemoveMappingButton({ row, onRemove }: { row: MappingField; onRemove: () => void }) {
  const rowName = row.label || row.fieldName;
  return (
    <Tooltip label={row.required ? 'This mapping is required' : `Remove ${rowName}`}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove mapping ${rowName}`}
        aria-disabled={row.required || undefined}
        data-disabled={row.required || undefined}
        onClick={() => {
          if (!row.required) onRemove();
        }}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** Where a mapping row's value comes from (spec 03 §3 mapping field source types). */
const SOURCE_OPTIONS = [
  { value: 'field', label: 'Template field' },
  { value: 'template_classification', label: 'Classification' },
];

/** Shows why Content ID is disabled (spec 03 §5 tooltip). */
const renderClassificationOption: SelectProps['renderOption'] = ({ option }) =>
  option.disabled ? (
    <Tooltip label={INTEGRATION_MESSAGES.contentIdNeedsCreativeField} withinPortal>
      <span>{option.label}</span>
    </Tooltip>
  ) : (
    option.label
  );

/**
 * The classifications a mapping row may take its value from (spec 03 §3, §5): offered with the
 * creative-classification flag on a template that enables it; the template's categories and
 * Content ID, which is disabled unless the template has a content comprehension field.
 */
function useClassificationChoices() {
  const { hasFlag } = useTemplateEditorEnvironment();
  const isEnabled = useTemplateEditor((state) => state.draft.isCreativeClassificationEnabled);
  const hasCreativeField = useTemplateEditor((state) =>
    state.draft.template_fields.some((tf) => tf.governance_type === 'creative'),
  );
  return useMemo(
    () => ({
      isOffered: hasFlag('creative-classification') && isEnabled,
      options: [
        ...CREATIVE_CATEGORIES.map((c) => ({ value: String(c.id), label: c.categoryText })),
        { value: String(CONTENT_ID_CATEGORY_ID), label: 'Content ID', disabled: !hasCreativeField },
      ],
    }),
    [hasFlag, isEnabled, hasCreativeField],
  );
}

/**
 * The minimum confidence of classifications an inbound integration brings (spec 03 §9 "Default
 * inbound confidence slider: range 0-100, default 80, marks every 10").
 */
function ConfidenceSlider(props: { value: unknown; onChange: (value: number) => void }) {
  const stored = Number(props.value);
  const value =
    props.value === undefined || props.value === '' || Number.isNaN(stored)
      ? INBOUND_CONFIDENCE.defaultValue
      : stored;
  const marks = Array.from({ length: INBOUND_CONFIDENCE.max / INBOUND_CONFIDENCE.markStep + 1 }, (_, i) => ({
    value: i * INBOUND_CONFIDENCE.markStep,
  }));
  return (
    <Input.Wrapper label="Minimum classification confidence" description={`${value}%`} mb="md">
      <Slider
        mt="xs"
        min={INBOUND_CONFIDENCE.min}
        max={INBOUND_CONFIDENCE.max}
        marks={marks}
        value={value}
        onChangeEnd={props.onChange}
        aria-label="Minimum classification confidence"
      />
    </Input.Wrapper>
  );
}
