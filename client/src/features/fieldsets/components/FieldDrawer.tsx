import { Alert, Divider } from '@mantine/core';
import {
  type FieldSave,
  type FieldSaveParsed,
  fieldSaveSchema,
  GOVERNANCE_SETTINGS_KEYS,
  type GovernanceSettings as GovernanceSettingsValue,
  governanceSettingsOf,
  UNIQUE_CAPABLE_TYPES,
} from '@nomen/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { type Path, useWatch } from 'react-hook-form';
import { FormDrawer } from '../../../ui/FormDrawer';
import { FormSwitch } from '../../../ui/form/FormSwitch';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useContractForm } from '../../../ui/form/useContractForm';
import { GovernanceSettings } from '../../governance/GovernanceSettings';
import { issuesByPath } from '../../governance/issuesByPath';
import { withGovernanceType } from '../fieldsetDraft';

/** Props of FieldDrawer. */
export interface FieldDrawerProps {
  opened: boolean;
  /** The field to edit; a new one (not yet in the set) when `isNew`. */
  field: FieldSave;
  isNew: boolean;
  /** The set's other fields, for autofill and concatenation. */
  otherFields: readonly FieldSave[];
  /** Whether the account has the require-uniqueness flag (must_be_unique is shown only then). */
  canRequireUnique: boolean;
  /** Problems the last save found with this field, by path inside it (spec 02 §8). */
  serverErrors?: Record<string, string>;
  onClose: () => void;
  /** Receives the checked field; the editor puts it in the set and closes the drawer. */
  onApply: (field: FieldSave) => void;
}

/**
 * Puts the problems the last save found (`serverErrors`, by input path) on their inputs when the
 * drawer opens (fixing an input clears its own), and answers the governance settings' change
 * handler: a new type starts that type's settings afresh (dropping what it cannot keep); within a
 * type, each changed setting is written back, checked again once a submit has been tried
 * (spec 02 §3, §5).
 */
function useServerErrorsAndSettings(
  form: ReturnType<typeof useContractForm<FieldSaveParsed, FieldSave>>,
  type: FieldSave['governance_type'],
  isSubmitted: boolean,
  serverErrors: FieldDrawerProps['serverErrors'],
): (next: GovernanceSettingsValue) => void {
  const initialErrors = useRef(serverErrors);
  useEffect(() => {
    for (const [path, message] of Object.entries(initialErrors.current ?? {})) {
      form.setError(path as Path<FieldSave>, { type: 'server', message });
    }
  }, [form]);

  return (next: GovernanceSettingsValue) => {
    if (next.governance_type !== type) {
      form.reset(withGovernanceType(form.getValues(), next.governance_type), { keepDefaultValues: true });
      return;
    }
    const current = form.getValues() as Record<string, unknown>;
    for (const key of GOVERNANCE_SETTINGS_KEYS[type]) {
      const value = (next as Record<string, unknown>)[key];
      if (value !== current[key]) {
        form.setValue(key as Path<FieldSave>, value as never, {
          shouldDirty: true,
          shouldValidate: isSubmitted,
        });
      }
    }
  };
}

/**
 * The field drawer of the field-set editor (spec 02 §2; spec 03 §3), on the right: name
 * (required), description, required, governance type and that type's settings, checked with
 * fieldSaveSchema. Changing the type starts that type's settings afresh. "Must be unique" shows
 * only with the require-uniqueness flag and for text and concatenation fields. Problems the
 * server found with the field in the last save show on their inputs and in a notice on top.
 */
export function FieldDrawer({
  opened,
  field,
  isNew,
  otherFields,
  canRequireUnique,
  serverErrors,
  onClose,
  onApply,
}: FieldDrawerProps) {
  // The drawer edits one field; the contract's field schema checks it (spec 02 §3, §5).
  const form = useContractForm<FieldSaveParsed, FieldSave>(fieldSaveSchema, {
    defaultValues: field,
    emptyIsRequired: true,
  });
  const values = useWatch({ control: form.control }) as FieldSave;
  const type = values.governance_type;
  const { errors, isSubmitted } = form.formState;

  const onSettingsChange = useServerErrorsAndSettings(form, type, isSubmitted, serverErrors);

  const submit = form.handleSubmit((values) => onApply({ ...values, id: field.id } as FieldSave));
  const serverMessages = Object.values(serverErrors ?? {});

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={isNew ? 'Add field' : `Edit ${field.name.trim() || 'field'}`}
      onSubmit={submit}
      submitLabel={isNew ? 'Add field' : 'Update field'}
    >
      {serverMessages.length > 0 ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The last save found a problem">
          {serverMessages.join(' ')}
        </Alert>
      ) : null}
      <FormTextInput control={form.control} name="name" label="Name" required data-autofocus />
      <FormTextarea
        control={form.control}
        name="description"
        label="Description"
        autosize
        minRows={2}
        maxRows={5}
      />
      <FormSwitch
        control={form.control}
        name="required"
        label="Required"
        description="A value must be given for this field."
      />
      <Divider />
      <GovernanceSettings
        value={governanceSettingsOf(values) as GovernanceSettingsValue}
        onChange={onSettingsChange}
        issues={issuesByPath(errors)}
        otherFields={otherFields}
      />
      {canRequireUnique && UNIQUE_CAPABLE_TYPES.includes(type) ? (
        <FormSwitch
          control={form.control}
          name="must_be_unique"
          label="Must be unique"
          description="No two rows may hold the same value."
        />
      ) : null}
    </FormDrawer>
  );
}
