import { Alert, Fieldset, List, Select, Switch, Text, TextInput } from '@mantine/core';
import {
  defaultGovernanceSettings,
  GOVERNANCE_LABELS,
  type GovernanceType,
  governanceSettingsSchema,
  isGovernanceEditable,
  isTemplateFieldLocked,
  settleSegmentLink,
  TEMPLATE_FIELD_GOVERNANCE_CHOICES,
  TEMPLATE_GOVERNANCE_LABELS,
  type TemplateField,
  type TemplateFieldId,
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
import { EMPTY_IS_REQUIRED } from '../../../../ui/form/useContractForm';
import { useFieldset } from '../../../fieldsets/api';
import { GovernanceSettings, type OtherField } from '../../../governance/GovernanceSettings';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../TemplateEditorContext';
import { templateFieldName } from './fieldCardModel';
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

function FieldEditForm({ field, onClose }: { field: TemplateField; onClose: () => void }) {
  const { store, me } = useTemplateEditorEnvironment();
  const draft = useTemplateEditor((s) => s.draft);
  const [edited, setEdited] = useState(field);
  const [isSubmitted, setSubmitted] = useState(false);
  const isLocked = isTemplateFieldLocked(field);
  const isEditable = isGovernanceEditable(field) && !isLocked;
  const name = templateFieldName(field);
  const settings = templateFieldGovernance(edited);

  // The field's problems as they will be once applied (spec 03 §5), so a fix shows at once.
  // The field's own field set: fields it names that the template does not hold are named from it.
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

  const settingsIssues = useMemo(() => {
    if (!isEditable || !settings) return {};
    const parsed = governanceSettingsSchema.safeParse(settings, EMPTY_IS_REQUIRED);
    if (parsed.success) return {};
    const byPath: Record<string, string> = {};
    for (const issue of parsed.error.issues) byPath[issue.path.join('.')] ??= issue.message;
    return byPath;
  }, [isEditable, settings]);

  // Every field is named with its pattern or field set, so same-named fields are told apart.
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
  const absentFields = useMemo<OtherField[]>(() => {
    const present = new Set(draft.template_fields.map((tf) => String(tf.field_id)));
    const set = ownSet.data?.fieldset;
    if (!set) return [];
    return set.fields
      .filter((f) => !present.has(String(f.id)))
      .map((f) => ({
        id: f.id,
        name: `${f.name.trim() || 'Unnamed field'} (${set.name}, not in this template)`,
      }));
  }, [draft.template_fields, ownSet.data]);

  const apply = () => {
    setSubmitted(true);
    if (Object.keys(settingsIssues).length > 0) return;
    // A linked segment given another governance is its own field from now on.
    store.update((d) => updateTemplateField(d, field.id, () => settleSegmentLink(edited)));
    onClose();
  };

  const governanceLabel = field.governance_type ? TEMPLATE_GOVERNANCE_LABELS[field.governance_type] : 'None';

  return (
    <FormDrawer
      opened
      onClose={onClose}
      title={`Edit ${name}`}
      isReadOnly={isLocked}
      submitLabel="Apply"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      {isLocked ? (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />} title="This field cannot be edited">
          {field.governance_type === 'cv_id'
            ? 'The hidden ID field identifies each row; it has no settings.'
            : 'This segment is set in its pattern. Change it in the pattern builder.'}
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <Alert
          color={problems.some((p) => p.type === 'ERROR') ? 'red' : 'yellow'}
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={problems.some((p) => p.type === 'ERROR') ? 'Fix this field' : 'Check this field'}
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
      ) : null}
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
        <Fieldset variant="unstyled" disabled legend="Governance" aria-describedby="governance-locked-note">
          <Text id="governance-locked-note" size="xs" c="dimmed" mb="xs">
            Governance, type and description come from the field set or pattern; only a variable segment's
            governance is set in the template.
          </Text>
          {settings ? (
            <GovernanceSettings
              value={settings}
              onChange={() => {}}
              otherFields={otherFields}
              absentFields={absentFields}
            />
          ) : (
            <TextInput label="Governance type" value={governanceLabel} readOnly />
          )}
        </Fieldset>
      )}
      <TextInput
        label="Default value"
        description="Filled in for new rows."
        disabled={isLocked}
        value={edited.default_value}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setEdited((f) => ({ ...f, default_value: value }));
        }}
      />
      <Switch
        label="Apply the default value to empty values"
        disabled={isLocked}
        checked={edited.apply_default_value_to_empty_values}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          setEdited((f) => ({ ...f, apply_default_value_to_empty_values: checked }));
        }}
      />
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
