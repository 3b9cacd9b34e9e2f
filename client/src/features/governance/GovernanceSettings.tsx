import {
  ActionIcon,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DATE_FORMAT_DEFAULTS,
  defaultGovernanceSettings,
  type FieldId,
  GOVERNANCE_TYPES,
  type GovernanceSettingsOf,
  type GovernanceSettings as GovernanceSettingsValue,
  type GovernanceType,
} from '@nomen/shared';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { numberOrNull } from '../../ui/NumberField';
import { AutonumberSettings } from './AutonumberSettings';
import { useListChoices, useListColumns } from './api';
import { DateFormatSettings } from './DateFormatSettings';
import classes from './GovernanceSettings.module.css';
import {
  CLASSIFICATION_CHOICES,
  FIELD_DELIMITER_CHOICES,
  GOVERNANCE_CHOICES,
  GOVERNANCE_DESCRIPTIONS,
  TEXT_CASE_CHOICES,
  TEXT_CHARACTER_CHOICES,
  TEXT_SPACES_CHOICES,
} from './governanceOptions';
import { type GovernanceIssues, issuesUnder } from './issuesByPath';

/** Another field a governed field may use (autofill source, concatenated field): id and name. */
export interface OtherField {
  id: FieldId;
  name: string;
}

/** Props of GovernanceSettings. */
export interface GovernanceSettingsProps {
  /** The governance type and that type's settings (a field's or a template field's). */
  value: GovernanceSettingsValue;
  /**
   * Receives the settings after each change. A change of type gives that type's default
   * settings (`defaultGovernanceSettings`); the owner decides what else a new type resets.
   */
  onChange: (next: GovernanceSettingsValue) => void;
  /** Problems by path inside the settings (`list_governance.list_id`, `governance_type`). */
  issues?: GovernanceIssues;
  /** The governance types offered in the type choice, in this order; all of them by default. */
  types?: readonly GovernanceType[];
  /** The other fields autofill and concatenation may use. */
  otherFields: readonly OtherField[];
  /**
   * Fields a setting names that are not among `otherFields` but still exist (a field-set field
   * never added to the template), named as they should read, e.g. "Region (Paid media, not in
   * this template)". A named field in neither list was removed.
   */
  absentFields?: readonly OtherField[];
}

/** How a field is named in choices and messages: its name, or "Unnamed field". */
export function fieldLabel(field: { name: string }): string {
  return field.name.trim() || 'Unnamed field';
}

/**
 * The one governance settings editor (spec 02 §2, §3; spec 03 §3): the governance type, among
 * the offered `types`, with one line on what it does, then that type's settings: list (a list,
 * one of its columns, a delimiter), autonumber (start value, minimum width), autofill (another
 * field), concatenation (two or more fields, ordered, and a delimiter), constant (a value), date
 * (the date format), text (validation and transformation), creative (what it classifies).
 * Controlled: `value` in, `onChange` out, `issues` shown on their inputs. The field set drawer
 * uses it, and the template field drawer can.
 */
export function GovernanceSettings({
  value,
  onChange,
  issues,
  types = GOVERNANCE_TYPES,
  otherFields,
  absentFields = [],
}: GovernanceSettingsProps) {
  const type = value.governance_type;
  return (
    <>
      <Select
        label="Governance type"
        required
        data={GOVERNANCE_CHOICES.filter((choice) => types.includes(choice.value))}
        allowDeselect={false}
        value={type}
        onChange={(next) => {
          if (next && next !== type) onChange(defaultGovernanceSettings(next as GovernanceType));
        }}
        description={GOVERNANCE_DESCRIPTIONS[type]}
        error={issues?.governance_type}
      />
      <TypeSettings
        key={type}
        value={value}
        onChange={onChange}
        issues={issues}
        otherFields={otherFields}
        absentFields={absentFields}
      />
    </>
  );
}

interface TypeSettingsProps {
  value: GovernanceSettingsValue;
  onChange: (next: GovernanceSettingsValue) => void;
  issues: GovernanceIssues | undefined;
  otherFields: readonly OtherField[];
  absentFields: readonly OtherField[];
}

/** The settings of the value's type, one section per type. */
function TypeSettings({ value, onChange, issues, otherFields, absentFields }: TypeSettingsProps) {
  switch (value.governance_type) {
    case 'list':
      return <ListSettings value={value} onChange={onChange} issues={issues} />;
    case 'autonumber':
      return (
        <AutonumberSettings
          value={value.autonumber ?? {}}
          onChange={(autonumber) => onChange({ ...value, autonumber } as GovernanceSettingsValue)}
          issues={issuesUnder(issues, 'autonumber')}
        />
      );
    case 'autofill':
      return (
        <FieldSelect
          label="Copy from"
          description="The field of this set whose value this field repeats."
          fields={otherFields}
          value={value.autofill?.field_id ?? null}
          onChange={(fieldId) => onChange({ ...value, autofill: { field_id: fieldId as FieldId } })}
          error={issues?.['autofill.field_id'] ?? issues?.autofill}
        />
      );
    case 'concatenation':
      return (
        <ConcatenationSettings
          value={value}
          onChange={onChange}
          issues={issues}
          otherFields={otherFields}
          absentFields={absentFields}
        />
      );
    case 'constant':
      return (
        <TextInput
          label="Value"
          description="The same value in every row."
          required
          value={value.constant_value ?? ''}
          onChange={(event) => onChange({ ...value, constant_value: event.currentTarget.value })}
          error={issues?.constant_value}
        />
      );
    case 'date':
      return (
        <DateFormatSettings
          value={value.date ?? DATE_FORMAT_DEFAULTS}
          onChange={(date) => onChange({ ...value, date })}
          issues={issuesUnder(issues, 'date')}
        />
      );
    case 'text':
      return <TextSettings value={value} onChange={onChange} issues={issues} />;
    case 'creative':
      return (
        <Select
          label="Classify from"
          description="What the creative classification reads."
          data={CLASSIFICATION_CHOICES}
          clearable
          value={value.creative?.classification_parameter_type ?? null}
          onChange={(next) =>
            onChange({
              ...value,
              creative: { classification_parameter_type: (next ?? null) as 'SOURCE_URL' | 'TITLE' | null },
            })
          }
          error={issues?.['creative.classification_parameter_type']}
        />
      );
  }
}

/** A select of another field, by id; null while none is chosen. */
function FieldSelect({
  label,
  description,
  fields,
  value,
  onChange,
  error,
}: {
  label: string;
  description: string;
  fields: readonly OtherField[];
  value: FieldId | null;
  onChange: (fieldId: FieldId | null) => void;
  error: string | undefined;
}) {
  return (
    <Select
      label={label}
      description={description}
      required
      placeholder={fields.length === 0 ? 'Add another field to the set first' : 'Choose a field'}
      data={fields.map((f) => ({ value: String(f.id), label: fieldLabel(f) }))}
      value={value == null ? null : String(value)}
      onChange={(next) => onChange(fields.find((f) => String(f.id) === next)?.id ?? null)}
      error={error}
      searchable
      nothingFoundMessage="No such field"
    />
  );
}

/** A list, one of its columns and a delimiter (spec 02 §3 list_governance). */
function ListSettings({
  value,
  onChange,
  issues,
}: {
  value: GovernanceSettingsOf<'list'>;
  onChange: (next: GovernanceSettingsValue) => void;
  issues: GovernanceIssues | undefined;
}) {
  const governance = value.list_governance ?? {};
  const listId = (governance.list_id as number | null | undefined) ?? null;
  const columnId = (governance.list_column_id as number | null | undefined) ?? null;
  const lists = useListChoices();
  const columns = useListColumns(listId);
  const set = (next: Partial<typeof governance>) =>
    onChange({ ...value, list_governance: { ...governance, ...next } } as GovernanceSettingsValue);
  return (
    <>
      <Select
        label="List"
        required
        placeholder={lists.isPending ? 'Loading lists…' : 'Choose a list'}
        data={(lists.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
        value={listId == null ? null : String(listId)}
        onChange={(next) =>
          // Another list has other columns, so the column is chosen again.
          set({
            list_id: (next ? Number(next) : null) as number,
            list_column_id: null as unknown as number,
          })
        }
        searchable
        nothingFoundMessage="No such list"
        error={issues?.['list_governance.list_id'] ?? (lists.error ? 'Could not load the lists' : undefined)}
      />
      <Select
        label="Column"
        required
        disabled={listId == null}
        placeholder={
          listId == null ? 'Choose a list first' : columns.isPending ? 'Loading columns…' : 'Choose a column'
        }
        data={(columns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={columnId == null ? null : String(columnId)}
        onChange={(next) => set({ list_column_id: (next ? Number(next) : null) as number })}
        error={
          issues?.['list_governance.list_column_id'] ??
          (columns.error ? 'Could not load the columns' : undefined)
        }
      />
      <Select
        label="Delimiter"
        description="Joins several chosen values."
        data={FIELD_DELIMITER_CHOICES}
        allowDeselect={false}
        value={governance.delimiter ?? null}
        onChange={(next) => next && set({ delimiter: next as typeof governance.delimiter })}
        error={issues?.['list_governance.delimiter']}
      />
    </>
  );
}

/** Validation (lengths, characters, regular expression) and transformation of a text field. */
function TextSettings({
  value,
  onChange,
  issues,
}: {
  value: GovernanceSettingsOf<'text'>;
  onChange: (next: GovernanceSettingsValue) => void;
  issues: GovernanceIssues | undefined;
}) {
  const validation = value.validation ?? {};
  const transformation = value.transformation ?? {};
  return (
    <>
      <TextValidation
        validation={validation}
        onChange={(next) => onChange({ ...value, validation: { ...validation, ...next } })}
        issues={issues}
      />
      <TextTransformation
        transformation={transformation}
        onChange={(next) => onChange({ ...value, transformation: { ...transformation, ...next } })}
        issues={issues}
      />
    </>
  );
}

/** A text field's validation settings. */
type TextValidationValue = NonNullable<GovernanceSettingsOf<'text'>['validation']>;
/** A text field's transformation settings. */
type TextTransformationValue = NonNullable<GovernanceSettingsOf<'text'>['transformation']>;

/** A text field's validation: minimum and maximum length, allowed characters, regular expression. */
function TextValidation({
  validation,
  onChange,
  issues,
}: {
  validation: TextValidationValue;
  onChange: (next: Partial<TextValidationValue>) => void;
  issues: GovernanceIssues | undefined;
}) {
  return (
    <Fieldset variant="unstyled" legend="Validation" classNames={{ legend: classes.legend }}>
      <Stack gap="md">
        <SimpleGrid cols={2}>
          <LengthInput
            label="Minimum length"
            min={0}
            value={validation.min_length}
            onChange={(min_length) => onChange({ min_length })}
            error={issues?.['validation.min_length']}
          />
          <LengthInput
            label="Maximum length"
            min={1}
            value={validation.max_length}
            onChange={(max_length) => onChange({ max_length })}
            error={issues?.['validation.max_length']}
          />
        </SimpleGrid>
        <Select
          label="Allowed characters"
          data={TEXT_CHARACTER_CHOICES}
          allowDeselect={false}
          value={validation.characters ?? null}
          onChange={(next) => next && onChange({ characters: next as typeof validation.characters })}
          error={issues?.['validation.characters']}
        />
        <TextInput
          label="Regular expression"
          description="Optional: the value must match it."
          placeholder="e.g. ^[A-Z]{2}-\d+$"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={validation.regex ?? ''}
          onChange={(event) => onChange({ regex: event.currentTarget.value })}
          error={issues?.['validation.regex']}
        />
      </Stack>
    </Fieldset>
  );
}

/** A text field's transformation: case, spaces, trimming. */
function TextTransformation({
  transformation,
  onChange,
  issues,
}: {
  transformation: TextTransformationValue;
  onChange: (next: Partial<TextTransformationValue>) => void;
  issues: GovernanceIssues | undefined;
}) {
  return (
    <Fieldset variant="unstyled" legend="Transformation" classNames={{ legend: classes.legend }}>
      <Stack gap="md">
        <SimpleGrid cols={2}>
          <Select
            label="Case"
            data={TEXT_CASE_CHOICES}
            allowDeselect={false}
            value={transformation.case ?? null}
            onChange={(next) => next && onChange({ case: next as typeof transformation.case })}
            error={issues?.['transformation.case']}
          />
          <Select
            label="Spaces"
            data={TEXT_SPACES_CHOICES}
            allowDeselect={false}
            value={transformation.spaces ?? null}
            onChange={(next) => next && onChange({ spaces: next as typeof transformation.spaces })}
            error={issues?.['transformation.spaces']}
          />
        </SimpleGrid>
        <Switch
          label="Trim surrounding spaces"
          checked={Boolean(transformation.trim)}
          onChange={(event) => onChange({ trim: event.currentTarget.checked })}
        />
      </Stack>
    </Fieldset>
  );
}

/** A whole, non-negative length; empty is null. */
function LengthInput({
  label,
  min,
  value,
  onChange,
  error,
}: {
  label: string;
  min: number;
  value: number | null | undefined;
  onChange: (next: number | null) => void;
  error: string | undefined;
}) {
  return (
    <NumberInput
      label={label}
      min={min}
      allowDecimal={false}
      allowNegative={false}
      value={value ?? ''}
      onChange={(next) => onChange(numberOrNull(next))}
      error={error}
    />
  );
}

/** Two or more fields in order, and the delimiter joining them. */
function ConcatenationSettings({
  value,
  onChange,
  issues,
  otherFields,
  absentFields,
}: {
  value: GovernanceSettingsOf<'concatenation'>;
  onChange: (next: GovernanceSettingsValue) => void;
  issues: GovernanceIssues | undefined;
  otherFields: readonly OtherField[];
  absentFields: readonly OtherField[];
}) {
  const governance = value.concatenation_governance ?? { field_ids: [] };
  const chosen = governance.field_ids ?? [];
  const byId = new Map(otherFields.map((f) => [String(f.id), f]));
  const absentById = new Map(absentFields.map((f) => [String(f.id), f]));
  // A field never added is named with where it is; only one no list has any more was removed.
  const pieceName = (id: FieldId) => {
    const field = byId.get(String(id)) ?? absentById.get(String(id));
    return field ? fieldLabel(field) : 'A removed field';
  };
  const set = (next: Partial<typeof governance>) =>
    onChange({ ...value, concatenation_governance: { ...governance, ...next } });
  const setChosen = (field_ids: FieldId[]) => set({ field_ids });
  const remaining = otherFields.filter((f) => !chosen.some((id) => String(id) === String(f.id)));
  return (
    <>
      <Stack gap="xs">
        <Text size="sm" fw={500} id="concatenation-fields-label">
          Fields, in order
        </Text>
        {chosen.length === 0 ? (
          <Text size="sm" c="dimmed">
            No fields chosen yet.
          </Text>
        ) : (
          <ConcatenationPieces chosen={chosen} pieceName={pieceName} onChange={setChosen} />
        )}
        <Select
          label="Add a field"
          placeholder={remaining.length === 0 ? 'No more fields to add' : 'Choose a field to add'}
          data={remaining.map((f) => ({ value: String(f.id), label: fieldLabel(f) }))}
          value={null}
          disabled={remaining.length === 0}
          onChange={(next) => {
            const picked = remaining.find((f) => String(f.id) === next);
            if (picked) setChosen([...chosen, picked.id]);
          }}
          error={issues?.['concatenation_governance.field_ids']}
        />
      </Stack>
      <Select
        label="Delimiter"
        description="Put between the joined values."
        data={FIELD_DELIMITER_CHOICES}
        allowDeselect={false}
        value={governance.delimiter ?? null}
        onChange={(next) => next && set({ delimiter: next as typeof governance.delimiter })}
        error={issues?.['concatenation_governance.delimiter']}
      />
    </>
  );
}

/**
 * The chosen fields of a concatenation as an ordered list labelled "Fields, in order", each with
 * move up, move down and remove.
 */
function ConcatenationPieces(props: {
  chosen: readonly FieldId[];
  pieceName: (id: FieldId) => string;
  onChange: (next: FieldId[]) => void;
}) {
  const { chosen, onChange } = props;
  const move = (index: number, by: number) => {
    const next = [...chosen];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <Stack gap={6} component="ol" aria-labelledby="concatenation-fields-label" m={0} p={0}>
      {chosen.map((id, index) => {
        const name = props.pieceName(id);
        return (
          <Paper key={String(id)} component="li" withBorder p={6} radius="sm" style={{ listStyle: 'none' }}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {index + 1}. {name}
              </Text>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${name} down`}
                  disabled={index === chosen.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${name} from the concatenation`}
                  onClick={() => onChange(chosen.filter((_, i) => i !== index))}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
