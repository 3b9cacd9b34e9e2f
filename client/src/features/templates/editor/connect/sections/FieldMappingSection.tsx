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
  const { assignment, definition, editing, issues } = props;
  const fieldOptions = useTemplateFieldOptions();
  const classifications = useClassificationChoices();
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
  const suggestions = (defaults.data ?? []).map((f) => f.fieldName);
  const missing = missingDefaultMappings(assignment.mapping_fields, defaults.data ?? []);
  const addDefaults = () =>
    editing.update((a) => ({
      ...a,
      mapping_fields: [...a.mapping_fields, ...missingDefaultMappings(a.mapping_fields, defaults.data ?? [])],
    }));
  const rows = assignment.mapping_fields;
  const setRow = (index: number, patch: Partial<MappingField>) =>
    editing.update((a) => ({
      ...a,
      mapping_fields: a.mapping_fields.map((m, i) => (i === index ? { ...m, ...patch } : m)),
    }));
  const addRow = () =>
    editing.update((a) => ({
      ...a,
      mapping_fields: [
        ...a.mapping_fields,
        {
          fieldName: `field_${a.mapping_fields.length + 1}`,
          label: '',
          cvFieldId: null,
          required: false,
          type: 'integration_field',
          source_type: 'field',
        },
      ],
    }));
  const removeRow = (index: number) =>
    editing.update((a) => ({ ...a, mapping_fields: a.mapping_fields.filter((_, i) => i !== index) }));

  return (
    <Stack gap="xs">
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
                onClick={addDefaults}
              >
                Add default fields ({missing.length})
              </Button>
            </Tooltip>
          ) : null}
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={addRow}>
            Add mapping
          </Button>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No mappings yet. Add one to send a template field to an integration field.
        </Text>
      ) : (
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
            {rows.map((row, index) => {
              const rowName = row.label || row.fieldName;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is their identity
                <Table.Tr key={index}>
                  <Table.Td>
                    {row.required ? (
                      <Text size="sm">{rowName} *</Text>
                    ) : (
                      <Autocomplete
                        size="xs"
                        aria-label={`Integration field ${index + 1}`}
                        maxLength={255}
                        data={suggestions}
                        value={row.fieldName}
                        onChange={(fieldName) => {
                          const known = defaults.data?.find((f) => f.fieldName === fieldName);
                          setRow(index, { fieldName, label: known?.label ?? '' });
                        }}
                        error={row.fieldName.trim() === '' ? 'Required' : undefined}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
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
                            setRow(index, {
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
                          onChange={(value) =>
                            setRow(index, { cvFieldId: value === null ? null : Number(value) })
                          }
                        />
                      ) : (
                        <Select
                          size="xs"
                          style={{ flex: 1 }}
                          aria-label={`Template field for ${rowName}`}
                          placeholder="Choose a template field"
                          searchable
                          clearable={!row.required}
                          data={fieldOptions}
                          value={row.cvFieldId === null ? null : String(row.cvFieldId)}
                          onChange={(value) =>
                            setRow(index, { cvFieldId: value === null ? null : Number(value) })
                          }
                        />
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={row.required ? 'This mapping is required' : `Remove ${rowName}`}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove mapping ${rowName}`}
                        aria-disabled={row.required || undefined}
                        data-disabled={row.required || undefined}
                        onClick={() => {
                          if (!row.required) removeRow(index);
                        }}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
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
