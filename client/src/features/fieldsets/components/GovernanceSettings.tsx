import {
  ActionIcon,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { FieldId, FieldSave, GovernanceType } from '@nomen/shared';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import {
  type Control,
  Controller,
  get,
  type Path,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { NumberField } from '../../../ui/NumberField';
import {
  DATE_ORDER_CHOICES,
  DAY_FORMAT_CHOICES,
  DELIMITER_CHOICES,
  MONTH_FORMAT_CHOICES,
  YEAR_FORMAT_CHOICES,
} from '../../patterns/segmentOptions';
import { useListChoices, useListColumns } from '../api';
import {
  CLASSIFICATION_CHOICES,
  FIELD_DELIMITER_CHOICES,
  TEXT_CASE_CHOICES,
  TEXT_CHARACTER_CHOICES,
  TEXT_SPACES_CHOICES,
} from '../fieldOptions';
import classes from './GovernanceSettings.module.css';

/** Props of GovernanceSettings. */
export interface GovernanceSettingsProps {
  type: GovernanceType;
  /** The set's other fields, for autofill and concatenation. */
  otherFields: readonly FieldSave[];
}

/** How a field is named in choices: its name, or "Unnamed field". */
export function fieldLabel(field: FieldSave): string {
  return field.name.trim() || 'Unnamed field';
}

/**
 * The settings of a field's governance type in the field drawer, exactly as fieldSaveSchema
 * takes them (spec 02 §2, §3; spec 03 §3): list (a list, one of its columns, a delimiter),
 * autonumber (start value, minimum width), autofill (another field of the set), concatenation
 * (two or more fields of the set, ordered, and a delimiter), constant (a value), date (order,
 * formats, delimiter), text (validation and transformation), creative (what it classifies).
 * Used inside the drawer's FormProvider.
 */
export function GovernanceSettings({ type, otherFields }: GovernanceSettingsProps) {
  const { control } = useFormContext<FieldSave>();
  switch (type) {
    case 'list':
      return <ListSettings control={control} />;
    case 'autonumber':
      return <AutonumberSettings control={control} />;
    case 'autofill':
      return (
        <IdSelect
          control={control}
          name="autofill.field_id"
          label="Copy from"
          description="The field of this set whose value this field repeats."
          fields={otherFields}
        />
      );
    case 'concatenation':
      return <ConcatenationSettings control={control} otherFields={otherFields} />;
    case 'constant':
      return (
        <TextSetting
          name="constant_value"
          label="Value"
          description="The same value in every row."
          isRequired
        />
      );
    case 'date':
      return <DateSettings control={control} />;
    case 'text':
      return <TextSettings control={control} />;
    case 'creative':
      return (
        <ChoiceSelect
          control={control}
          name="creative.classification_parameter_type"
          label="Classify from"
          description="What the creative classification reads."
          data={CLASSIFICATION_CHOICES}
          isClearable
        />
      );
  }
}

/** A text input bound to a string setting, with its error. */
function TextSetting({
  name,
  label,
  description,
  placeholder,
  isRequired,
  isCode,
}: {
  name: Path<FieldSave>;
  label: string;
  description?: string;
  placeholder?: string;
  isRequired?: boolean;
  isCode?: boolean;
}) {
  const { control, register } = useFormContext<FieldSave>();
  const { errors } = useFormState({ control, name });
  return (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      required={isRequired}
      styles={isCode ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined}
      error={(get(errors, name) as { message?: string } | undefined)?.message}
      {...register(name)}
    />
  );
}

interface ChoiceSelectProps {
  control: Control<FieldSave>;
  name: Path<FieldSave>;
  label: string;
  description?: string;
  data: { value: string; label: string }[];
  isClearable?: boolean;
  isRequired?: boolean;
}

/** A select bound to a string setting of the form. */
function ChoiceSelect({
  control,
  name,
  label,
  description,
  data,
  isClearable,
  isRequired,
}: ChoiceSelectProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          description={description}
          required={isRequired}
          data={data}
          clearable={isClearable}
          allowDeselect={Boolean(isClearable)}
          value={(field.value as string | null | undefined) ?? null}
          onChange={(value) => field.onChange(value ?? (isClearable ? null : field.value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A select of another field of the set, bound to a field id setting. */
function IdSelect({
  control,
  name,
  label,
  description,
  fields,
}: {
  control: Control<FieldSave>;
  name: Path<FieldSave>;
  label: string;
  description: string;
  fields: readonly FieldSave[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          description={description}
          required
          placeholder={fields.length === 0 ? 'Add another field to the set first' : 'Choose a field'}
          data={fields.map((f) => ({ value: String(f.id), label: fieldLabel(f) }))}
          value={field.value == null ? null : String(field.value)}
          onChange={(value) => field.onChange(fields.find((f) => String(f.id) === value)?.id ?? null)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          searchable
          nothingFoundMessage="No such field"
        />
      )}
    />
  );
}

/** A list, one of its columns and a delimiter (spec 02 §3 list_governance). */
function ListSettings({ control }: { control: Control<FieldSave> }) {
  const { setValue } = useFormContext<FieldSave>();
  const listId = useWatch({ control, name: 'list_governance.list_id' }) as number | null | undefined;
  const lists = useListChoices();
  const columns = useListColumns(listId ?? null);
  return (
    <>
      <Controller
        control={control}
        name="list_governance.list_id"
        render={({ field, fieldState }) => (
          <Select
            label="List"
            required
            placeholder={lists.isPending ? 'Loading lists…' : 'Choose a list'}
            data={(lists.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={field.value == null ? null : String(field.value)}
            onChange={(value) => {
              field.onChange(value ? Number(value) : null);
              // Another list has other columns, so the column is chosen again.
              setValue('list_governance.list_column_id', null as unknown as number);
            }}
            onBlur={field.onBlur}
            searchable
            nothingFoundMessage="No such list"
            error={fieldState.error?.message ?? (lists.error ? 'Could not load the lists' : undefined)}
          />
        )}
      />
      <Controller
        control={control}
        name="list_governance.list_column_id"
        render={({ field, fieldState }) => (
          <Select
            label="Column"
            required
            disabled={listId == null}
            placeholder={
              listId == null
                ? 'Choose a list first'
                : columns.isPending
                  ? 'Loading columns…'
                  : 'Choose a column'
            }
            data={(columns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={field.value == null ? null : String(field.value)}
            onChange={(value) => field.onChange(value ? Number(value) : null)}
            onBlur={field.onBlur}
            error={fieldState.error?.message ?? (columns.error ? 'Could not load the columns' : undefined)}
          />
        )}
      />
      <ChoiceSelect
        control={control}
        name="list_governance.delimiter"
        label="Delimiter"
        description="Joins several chosen values."
        data={FIELD_DELIMITER_CHOICES}
      />
    </>
  );
}

/** Start value and minimum width of an autonumber field. */
function AutonumberSettings({ control }: { control: Control<FieldSave> }) {
  return (
    <SimpleGrid cols={2}>
      <NumberField control={control} name="autonumber.start_value" label="Start value" min={0} isRequired />
      <NumberField
        control={control}
        name="autonumber.min_width"
        label="Minimum width"
        description="Digits, padded with zeros"
        min={1}
        max={20}
        isRequired
      />
    </SimpleGrid>
  );
}

/** Order, formats and delimiter of a date field (as date segments, spec 02 §9). */
function DateSettings({ control }: { control: Control<FieldSave> }) {
  return (
    <>
      <ChoiceSelect control={control} name="date.order" label="Order" data={DATE_ORDER_CHOICES} />
      <ChoiceSelect control={control} name="date.months" label="Month format" data={MONTH_FORMAT_CHOICES} />
      <ChoiceSelect control={control} name="date.days" label="Day format" data={DAY_FORMAT_CHOICES} />
      <ChoiceSelect control={control} name="date.years" label="Year format" data={YEAR_FORMAT_CHOICES} />
      <ChoiceSelect
        control={control}
        name="date.delimiter"
        label="Delimiter between parts"
        data={DELIMITER_CHOICES}
      />
    </>
  );
}

/** Validation (lengths, characters, regular expression) and transformation of a text field. */
function TextSettings({ control }: { control: Control<FieldSave> }) {
  return (
    <>
      <Fieldset variant="unstyled" legend="Validation" classNames={{ legend: classes.legend }}>
        <Stack gap="md">
          <SimpleGrid cols={2}>
            <NumberField control={control} name="validation.min_length" label="Minimum length" min={0} />
            <NumberField control={control} name="validation.max_length" label="Maximum length" min={1} />
          </SimpleGrid>
          <ChoiceSelect
            control={control}
            name="validation.characters"
            label="Allowed characters"
            data={TEXT_CHARACTER_CHOICES}
          />
          <TextSetting
            name="validation.regex"
            label="Regular expression"
            description="Optional: the value must match it."
            placeholder="e.g. ^[A-Z]{2}-\d+$"
            isCode
          />
        </Stack>
      </Fieldset>
      <Fieldset variant="unstyled" legend="Transformation" classNames={{ legend: classes.legend }}>
        <Stack gap="md">
          <SimpleGrid cols={2}>
            <ChoiceSelect
              control={control}
              name="transformation.case"
              label="Case"
              data={TEXT_CASE_CHOICES}
            />
            <ChoiceSelect
              control={control}
              name="transformation.spaces"
              label="Spaces"
              data={TEXT_SPACES_CHOICES}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="transformation.trim"
            render={({ field }) => (
              <Switch
                label="Trim surrounding spaces"
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        </Stack>
      </Fieldset>
    </>
  );
}

/** Two or more fields of the set in order, and the delimiter joining them. */
function ConcatenationSettings({
  control,
  otherFields,
}: {
  control: Control<FieldSave>;
  otherFields: readonly FieldSave[];
}) {
  const byId = new Map(otherFields.map((f) => [String(f.id), f]));
  return (
    <>
      <Controller
        control={control}
        name="concatenation_governance.field_ids"
        render={({ field, fieldState }) => {
          const chosen = (field.value as FieldId[] | undefined) ?? [];
          const set = (next: FieldId[]) => field.onChange(next);
          const move = (index: number, by: number) => {
            const next = [...chosen];
            const [moved] = next.splice(index, 1);
            next.splice(index + by, 0, moved!);
            set(next);
          };
          const remaining = otherFields.filter((f) => !chosen.some((id) => String(id) === String(f.id)));
          return (
            <Stack gap="xs">
              <Text size="sm" fw={500} id="concatenation-fields-label">
                Fields, in order
              </Text>
              {chosen.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No fields chosen yet.
                </Text>
              ) : (
                <Stack gap={6} component="ol" aria-labelledby="concatenation-fields-label" m={0} p={0}>
                  {chosen.map((id, index) => {
                    const name = byId.has(String(id)) ? fieldLabel(byId.get(String(id))!) : 'A removed field';
                    return (
                      <Paper
                        key={String(id)}
                        component="li"
                        withBorder
                        p={6}
                        radius="sm"
                        style={{ listStyle: 'none' }}
                      >
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
                              onClick={() => set(chosen.filter((_, i) => i !== index))}
                            >
                              <IconX size={16} aria-hidden />
                            </ActionIcon>
                          </Group>
                        </Group>
                      </Paper>
                    );
                  })}
                </Stack>
              )}
              <Select
                label="Add a field"
                placeholder={remaining.length === 0 ? 'No more fields to add' : 'Choose a field to add'}
                data={remaining.map((f) => ({ value: String(f.id), label: fieldLabel(f) }))}
                value={null}
                disabled={remaining.length === 0}
                onChange={(value) => {
                  const picked = remaining.find((f) => String(f.id) === value);
                  if (picked) set([...chosen, picked.id]);
                }}
                error={fieldState.error?.message}
              />
            </Stack>
          );
        }}
      />
      <ChoiceSelect
        control={control}
        name="concatenation_governance.delimiter"
        label="Delimiter"
        description="Put between the joined values."
        data={FIELD_DELIMITER_CHOICES}
      />
    </>
  );
}
