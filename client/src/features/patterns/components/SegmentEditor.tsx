import { Alert, Checkbox, Code, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  type DateFormat,
  exampleCode,
  type PatternSegment,
  type PatternSegmentSave,
  patternSegmentSaveSchema,
  RANDOM_MAX_LENGTH_LIMIT,
  RANDOM_MIN_LENGTH,
  utcCalendarDate,
} from '@nomen/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { type Control, Controller, type Path, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormDrawer } from '../../../ui/FormDrawer';
import { useContractForm } from '../../../ui/form/useContractForm';
import { NumberField } from '../../../ui/NumberField';
import { AutonumberSettings, type AutonumberValue } from '../../governance/AutonumberSettings';
import { DateFormatSettings } from '../../governance/DateFormatSettings';
import { issuesByPath } from '../../governance/issuesByPath';
import { SEGMENT_KIND_LABELS } from '../patternDraft';
import { RANDOM_FREQUENCY_CHOICES } from '../segmentOptions';

/** A segment as the save schema parses it (trimmed, defaults applied). */
type SegmentSaveParsed = z.output<typeof patternSegmentSaveSchema>;

/** Props of SegmentEditor. */
export interface SegmentEditorProps {
  opened: boolean;
  /** The segment to edit; a new one (not yet in the pattern) when `isNew`. */
  segment: PatternSegment;
  isNew: boolean;
  /** Problems the last save found with this segment, by setting (spec 02 §5), shown on their inputs. */
  problems?: Record<string, string>;
  onClose: () => void;
  /** Receives the checked segment; the builder puts it in the pattern and closes the drawer. */
  onApply: (segment: PatternSegment) => void;
}

/**
 * The segment editor (spec 02 §2, §5), a right-hand drawer with every setting of the segment's
 * kind: constant (name, value), variable (name, data type), autonumber (name, start value,
 * minimum width), date (name, order, month/day/year formats, delimiter, filled automatically),
 * random (optional name, length, character classes, frequency). Names are required except for
 * random segments; a random length below 6 disables the button with a message. Shows an example
 * of the segment's value as it is edited.
 */
export function SegmentEditor({ opened, segment, isNew, problems, onClose, onApply }: SegmentEditorProps) {
  const { form, setSettings } = useSegmentForm(segment, problems);
  const { errors } = form.formState;
  const current = useWatch({ control: form.control }) as PatternSegment;
  const kind = segment.segment_type;
  const kindLabel = SEGMENT_KIND_LABELS[kind];
  const isRandomTooShort =
    current.segment_type === 'random' &&
    (typeof current.max_length !== 'number' || current.max_length < RANDOM_MIN_LENGTH);
  const example = useMemo(
    () => exampleCode({ delimiter: 'none', segments: [current] }, utcCalendarDate(new Date())),
    [current],
  );
  const fieldError = (name: string) =>
    (errors as Record<string, { message?: string } | undefined>)[name]?.message;

  const issues = issuesByPath(errors);

  const submit = form.handleSubmit((values) => onApply({ ...segment, ...values } as PatternSegment));

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={`${isNew ? 'Add' : 'Edit'} ${kindLabel.toLowerCase()} segment`}
      onSubmit={submit}
      canSubmit={!isRandomTooShort}
      submitLabel={isNew ? 'Add segment' : 'Update segment'}
    >
      <TextInput
        label="Name"
        required={kind !== 'random'}
        description={kind === 'random' ? 'Optional' : undefined}
        data-autofocus
        error={fieldError('name')}
        {...form.register('name')}
      />
      {kind === 'constant' ? (
        <TextInput
          label="Value"
          required
          description="The same text in every code."
          error={fieldError('constant_value')}
          {...form.register('constant_value')}
        />
      ) : null}
      {kind === 'variable' ? (
        <TextInput
          label="Data type"
          description="Optional: the kind of value chosen for this segment, e.g. text or number."
          error={fieldError('data_type')}
          {...form.register('data_type')}
        />
      ) : null}
      {current.segment_type === 'autonumber' ? (
        <AutonumberSettings
          value={{ start_value: current.start_value, min_width: current.min_width }}
          onChange={setSettings}
          issues={issues}
        />
      ) : null}
      {current.segment_type === 'date' ? (
        <DateFields current={current} control={form.control} onSettingsChange={setSettings} issues={issues} />
      ) : null}
      {kind === 'random' ? <RandomFields control={form.control} isTooShort={isRandomTooShort} /> : null}
      <SegmentExample example={example} />
    </FormDrawer>
  );
}

/**
 * The segment editor's form (spec 02 §5): the segment checked by the contract's save schema,
 * with the problems the last save found (`problems`, by setting path) put on their inputs when
 * the drawer opens. `setSettings` writes the settings handed back by the shared autonumber and
 * date-format editors, each changed one, checked again once a submit has been tried.
 */
function useSegmentForm(segment: PatternSegment, problems: Record<string, string> | undefined) {
  // The drawer edits one complete segment; the contract's save schema checks it (spec 02 §5).
  const form = useContractForm<SegmentSaveParsed, PatternSegmentSave, PatternSegment>(
    patternSegmentSaveSchema,
    {
      defaultValues: segment,
      emptyIsRequired: true,
    },
  );
  const { isSubmitted } = form.formState;
  // The problems found when the drawer opened; fixing an input clears its own.
  const initialProblems = useRef(problems);
  useEffect(() => {
    for (const [path, message] of Object.entries(initialProblems.current ?? {})) {
      form.setError(path as Path<PatternSegment>, { type: 'server', message });
    }
  }, [form]);
  const setSettings = (next: Partial<DateFormat> | AutonumberValue) => {
    const values = form.getValues() as Record<string, unknown>;
    for (const [key, value] of Object.entries(next)) {
      if (value !== values[key]) {
        form.setValue(key as Path<PatternSegment>, value as never, {
          shouldDirty: true,
          shouldValidate: isSubmitted,
        });
      }
    }
  };
  return { form, setSettings };
}

/** Props of DateFields. */
interface DateFieldsProps {
  /** The date segment as edited. */
  current: Extract<PatternSegment, { segment_type: 'date' }>;
  control: Control<PatternSegment>;
  onSettingsChange: (next: Partial<DateFormat>) => void;
  /** Error messages by setting path. */
  issues: ReturnType<typeof issuesByPath>;
}

/** Order, formats and delimiter of a date segment, and whether it fills itself (spec 02 §5). */
function DateFields({ current, control, onSettingsChange, issues }: DateFieldsProps) {
  return (
    <>
      <DateFormatSettings
        value={{
          order: current.order,
          months: current.months,
          days: current.days,
          years: current.years,
          delimiter: current.delimiter,
        }}
        onChange={onSettingsChange}
        issues={issues}
      />
      <Controller
        control={control}
        name="auto_populate"
        render={({ field }) => (
          <Switch
            label="Fill in today's date automatically"
            description="Off: the person choosing values picks the date."
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
    </>
  );
}

/** The example of the segment's value as it is edited, or a note when it prints nothing (spec 02 §2). */
function SegmentExample({ example }: { example: string }) {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} title="Example">
      {example ? (
        <Code fz="sm">{example}</Code>
      ) : (
        <Text size="sm" c="dimmed">
          This segment prints nothing yet.
        </Text>
      )}
    </Alert>
  );
}

/** Length, character classes and frequency of a random segment (spec 02 §5, §9). */
function RandomFields({ control, isTooShort }: { control: Control<PatternSegment>; isTooShort: boolean }) {
  const classes = [
    { name: 'include_numeric', label: 'Numbers (0-9)' },
    { name: 'include_uppercase', label: 'Uppercase letters (A-Z)' },
    { name: 'include_lowercase', label: 'Lowercase letters (a-z)' },
  ] as const;
  return (
    <>
      <NumberField
        control={control}
        name="max_length"
        label="Length"
        description={`Characters, at least ${RANDOM_MIN_LENGTH}`}
        min={RANDOM_MIN_LENGTH}
        max={RANDOM_MAX_LENGTH_LIMIT}
        isRequired
        error={isTooShort ? `Use at least ${RANDOM_MIN_LENGTH} characters` : undefined}
      />
      <Stack gap="xs" role="group" aria-label="Characters">
        <Text size="sm" fw={500}>
          Characters
        </Text>
        {classes.map((c, index) => (
          <Controller
            key={c.name}
            control={control}
            name={c.name}
            render={({ field, fieldState }) => (
              <Checkbox
                label={c.label}
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                error={index === 0 ? fieldState.error?.message : undefined}
              />
            )}
          />
        ))}
      </Stack>
      <Controller
        control={control}
        name="frequency"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="random-frequency-label">
              Frequency
            </Text>
            <SegmentedControl
              aria-labelledby="random-frequency-label"
              data={RANDOM_FREQUENCY_CHOICES}
              value={field.value as string}
              onChange={field.onChange}
            />
          </Stack>
        )}
      />
    </>
  );
}
