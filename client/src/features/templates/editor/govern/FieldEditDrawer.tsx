import { Alert, Fieldset, List, Select, Switch, Text, TextInput } from '@mantine/core';
import {
  defaultGovernanceSettings,
  GOVERNANCE_LABELS,
  type GovernanceType,
  isGovernanceEditable,
  isTemplateFieldLocked,
  settleSegmentLink,
  TEMPLATE_FIELD_GOVERNANCE_CHOICES,
  TEMPLATE_GOVERNANCE_LABELS,
  type TemplateField,
  type TemplateFieldId,
  type TemplateIssue,
  templateFieldChoiceLabel,
  templateFieldGovernance,
  templateMessageText,
  updateTemplateField,
  validateTemplate,
  withTemplateFieldGovernance,
} from '@nomen/shared';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormDrawer } from '../../../../ui/FormDrawer';
import { useFieldset } from '../../../fieldsets/api';
import { GovernanceSettings, type OtherField } from '../../../governance/GovernanceSettings';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../TemplateEditorContext';
import { templateFieldName } from './fieldCardModel';
import { absentFieldChoices, governanceSettingsIssues } from './fieldEditModel';
import { useFieldsetNames } from './useFieldsetNames';

/** Props of FieldEditDrawer. */
export interface FieldEditDrawerProps {
  /** The template field to edit; null keeps the drawer closed. */
  fieldId: TemplateFieldId | null;
  onClose: () => void;
}

/**
 * The template field's edit drawer (spec 03 §2 "Field edit drawer rules"): the name (disabled: only
 * the link field, edited in its own drawer, may be renamed), the governance type and settings with
 * the one governance editor (enabled for a variable segment's field only; read-only for every other
 * field), the default value, and required and must-be-unique shown disabled (they are set on the
 * card and by the field set or pattern). The field's current problems are listed on top and follow
 * the edits. "Apply" writes the field to the draft; a governance whose settings are incomplete is
 * refused with the problems on their inputs. Segment (non-variable) and hidden id fields are locked:
 * the drawer shows them read-only.
 */
export function FieldEditDrawer({ fieldId, onClose }: FieldEditDrawerProps) {
  const field = useTemplateEditor((s) =>
    fieldId === null ? null : (s.draft.template_fields.find((tf) => tf.id === fieldId) ?? null),
  );
  if (!field) return null;
  return <FieldEditForm key={String(field.id)} field={field} onClose={onClose} />;
}

/**
 * The drawer's form for one field, started from a copy of it (see FieldEditDrawer). Apply refuses
 * incomplete governance settings and then writes the copy to the draft.
 */
function FieldEditForm({ field, onClose }: { field: TemplateField; onClose: () => void }) {
  const { store } = useTemplateEditorEnvironment();
  const [edited, setEdited] = useState(field);
  const [isSubmitted, setSubmitted] = useState(false);
  const isLocked = isTemplateFieldLocked(field);
  const isEditable = isGovernanceEditable(field) && !isLocked;
  const settings = templateFieldGovernance(edited);
  const { problems, otherFields, absentFields } = useFieldEditContext(field, edited);
  const settingsIssues = useMemo(
    () => (isEditable && settings ? governanceSettingsIssues(settings) : {}),
    [isEditable, settings],
  );

  const apply = () => {
    setSubmitted(true);
    if (Object.keys(settingsIssues).length > 0) return;
    // A linked segment given another governance is its own field from now on.
    store.update((d) => updateTemplateField(d, field.id, () => settleSegmentLink(edited)));
    onClose();
  };

  return (
    <FormDrawer
      opened
      onClose={onClose}
      title={`Edit ${templateFieldName(field)}`}
      isReadOnly={isLocked}
      submitLabel="Apply"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      {isLocked ? <LockedNotice field={field} /> : null}
      <FieldProblems problems={problems} />
      <TextInput
        label="Name"
        value={field.field.name}
        disabled={field.governance_type !== 'link'}
        description={
          field.governance_type === 'link'
            ? undefined
            : 'The name comes from the field set or pattern the field belongs to.'
        }
        readOnly
      />
      {isEditable ? (
        <EditableGovernance
          edited={edited}
          settingsIssues={isSubmitted ? settingsIssues : undefined}
          otherFields={otherFields}
          onChange={setEdited}
        />
      ) : (
        <ReadOnlyGovernance
          field={field}
          settings={settings}
          otherFields={otherFields}
          absentFields={absentFields}
        />
      )}
      <DefaultValueInputs edited={edited} isLocked={isLocked} onChange={setEdited} />
      <Switch
        label="Required"
        description="Set with the Required toggle on the field's card."
        checked={field.required}
        disabled
        readOnly
      />
      <Switch
        label="Must be unique"
        description="Set on the field set or pattern."
        checked={field.must_be_unique}
        disabled
        readOnly
      />
    </FormDrawer>
  );
}

/**
 * What the drawer reads from the rest of the template: the field's problems as they will be once
 * the copy is applied (spec 03 §5), so a fix shows at once; the other fields a governance may name,
 * each named with its pattern or field set so same-named fields are told apart; and the fields of
 * the field's own field set that the template does not hold.
 */
function useFieldEditContext(field: TemplateField, edited: TemplateField) {
  const { me } = useTemplateEditorEnvironment();
  const draft = useTemplateEditor((s) => s.draft);
  const ownSet = useFieldset(field.field.fieldset_id);
  const problems = useMemo(() => {
    const set = ownSet.data?.fieldset;
    const knownFields = (set?.fields ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      fieldset_name: set!.name,
    }));
    return validateTemplate(
      updateTemplateField(draft, field.id, () => settleSegmentLink(edited)),
      { featureFlags: me.features, knownFields },
    ).filter((issue) => issue.fieldId === field.id);
  }, [draft, field.id, edited, me.features, ownSet.data]);

  const fieldsetNames = useFieldsetNames();
  const otherFields = useMemo<OtherField[]>(
    () =>
      draft.template_fields
        .filter((tf) => tf.id !== field.id && tf.field_id !== null && tf.governance_type !== 'cv_id')
        .map((tf) => ({
          id: tf.field_id!,
          name: templateFieldChoiceLabel(tf, draft.template_fields, fieldsetNames),
        })),
    [draft.template_fields, field.id, fieldsetNames],
  );
  const absentFields = useMemo<OtherField[]>(
    () =>
      absentFieldChoices(
        draft.template_fields.map((tf) => tf.field_id),
        ownSet.data?.fieldset,
      ),
    [draft.template_fields, ownSet.data],
  );
  return { problems, otherFields, absentFields };
}

/** Why a locked field (the hidden id field or a pattern's segment) cannot be edited here. */
function LockedNotice({ field }: { field: TemplateField }) {
  return (
    <Alert color="gray" icon={<IconLock size={18} aria-hidden />} title="This field cannot be edited">
      {field.governance_type === 'cv_id'
        ? 'The hidden ID field identifies each row; it has no settings.'
        : 'This segment is set in its pattern. Change it in the pattern builder.'}
    </Alert>
  );
}

/** The field's current problems, red when any is an error (spec 03 §5); nothing when there are none. */
function FieldProblems({ problems }: { problems: readonly TemplateIssue[] }) {
  if (problems.length === 0) return null;
  const hasError = problems.some((p) => p.type === 'ERROR');
  return (
    <Alert
      color={hasError ? 'red' : 'yellow'}
      icon={<IconAlertCircle size={18} aria-hidden />}
      title={hasError ? 'Fix this field' : 'Check this field'}
      role="alert"
    >
      <List size="sm" spacing={2}>
        {problems.map((p) => (
          <List.Item key={`${p.messageId}:${JSON.stringify(p.params)}`}>
            {templateMessageText(p.messageId, p.params)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * The governance of a field whose governance is not set in the template (spec 03 §2): its settings
 * shown disabled, or its governance type's name when it has no settings.
 */
function ReadOnlyGovernance(props: {
  field: TemplateField;
  settings: ReturnType<typeof templateFieldGovernance>;
  otherFields: readonly OtherField[];
  absentFields: readonly OtherField[];
}) {
  const { field, settings } = props;
  const governanceLabel = field.governance_type ? TEMPLATE_GOVERNANCE_LABELS[field.governance_type] : 'None';
  return (
    <Fieldset variant="unstyled" disabled legend="Governance" aria-describedby="governance-locked-note">
      <Text id="governance-locked-note" size="xs" c="dimmed" mb="xs">
        Governance, type and description come from the field set or pattern; only a variable segment's
        governance is set in the template.
      </Text>
      {settings ? (
        <GovernanceSettings
          value={settings}
          onChange={() => {}}
          otherFields={props.otherFields}
          absentFields={props.absentFields}
        />
      ) : (
        <TextInput label="Governance type" value={governanceLabel} readOnly />
      )}
    </Fieldset>
  );
}

/** The default value for new rows and whether it also fills empty values; disabled while locked. */
function DefaultValueInputs(props: {
  edited: TemplateField;
  isLocked: boolean;
  onChange: (recipe: (field: TemplateField) => TemplateField) => void;
}) {
  const { edited, isLocked, onChange } = props;
  return (
    <>
      <TextInput
        label="Default value"
        description="Filled in for new rows."
        disabled={isLocked}
        value={edited.default_value}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange((f) => ({ ...f, default_value: value }));
        }}
      />
      <Switch
        label="Apply the default value to empty values"
        disabled={isLocked}
        checked={edited.apply_default_value_to_empty_values}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          onChange((f) => ({ ...f, apply_default_value_to_empty_values: checked }));
        }}
      />
    </>
  );
}

/** The governance of a variable segment's field: a type to choose first, then its settings (spec 03 §2). */
function EditableGovernance(props: {
  edited: TemplateField;
  settingsIssues: Record<string, string> | undefined;
  otherFields: readonly OtherField[];
  onChange: (next: TemplateField) => void;
}) {
  const { edited, onChange } = props;
  const settings = templateFieldGovernance(edited);
  if (!settings) {
    return (
      <Select
        label="Governance type"
        required
        placeholder="Choose a governance type"
        description="A variable segment takes its values from the governance you choose here."
        data={TEMPLATE_FIELD_GOVERNANCE_CHOICES.map((type) => ({
          value: type,
          label: GOVERNANCE_LABELS[type],
        }))}
        value={null}
        onChange={(next) => {
          if (next)
            onChange(withTemplateFieldGovernance(edited, defaultGovernanceSettings(next as GovernanceType)));
        }}
        error="Choose a governance type"
      />
    );
  }
  return (
    <GovernanceSettings
      value={settings}
      types={TEMPLATE_FIELD_GOVERNANCE_CHOICES}
      otherFields={props.otherFields}
      issues={props.settingsIssues}
      onChange={(next) => onChange(withTemplateFieldGovernance(edited, next))}
    />
  );
}
