import { Alert, Button, Group, Loader, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import type { ListType } from '@nomen/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { useWording } from '../../shell/useWording';
import { useTemplate, useTemplates } from '../../templates/api';

/** What the link dialog chose: the template and the fields that become the list's columns, in order. */
export interface PoweringChoice {
  readonly templateId: number;
  readonly fields: readonly { id: number; name: string }[];
}

/** Props of {@link LinkTemplateDialog}. */
export interface LinkTemplateDialogProps {
  /** The list type the link is for (a type change of a powered list opens the dialog with the new one). */
  readonly type: ListType;
  /** The template that powers the list now, or null. */
  readonly currentTemplateId: number | null;
  /**
   * Links the list; resolves true when saved (the dialog then closes) or false when it failed and
   * the caller told the user why (the dialog stays open). The dialog shows progress meanwhile.
   */
  readonly onLink: (choice: PoweringChoice) => Promise<boolean>;
  /** Unlinks the list, keeping its values as its own (offered only when a template powers it); as onLink. */
  readonly onUnlink: () => Promise<boolean>;
  readonly onClose: () => void;
}

/** A field the dialog offers: the template field's id (as a string) and its name. */
interface FieldOption {
  value: string;
  label: string;
}

/** Props of TemplateFieldsPicker. */
interface TemplateFieldsPickerProps {
  /** The chosen template's read (useTemplate), for its loading and error states. */
  template: ReturnType<typeof useTemplate>;
  hasTemplate: boolean;
  isDropDown: boolean;
  fieldOptions: readonly FieldOption[];
  fieldIds: string[];
  onFieldIdsChange: (ids: string[]) => void;
  isBusy: boolean;
  /** The product's word for a template, lower case. */
  word: string;
}

/**
 * The chosen template's fields (spec 02 §5 "Link dialog"): while they load, a loader; on failure,
 * an alert; then the one "Column" of a drop-down list or the ordered "Columns" of another list.
 */
function TemplateFieldsPicker(props: TemplateFieldsPickerProps) {
  const { template, fieldOptions, fieldIds, onFieldIdsChange, isBusy, word } = props;
  return (
    <>
      {props.hasTemplate && template.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Loading the {word}’s fields…</Text>
        </Group>
      ) : null}
      {template.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
          {errorMessage(template.error, `The ${word}’s fields could not be loaded.`)}
        </Alert>
      ) : null}
      {template.data ? (
        props.isDropDown ? (
          <Select
            label="Column"
            description={`The ${word} field whose values the list shows`}
            placeholder="Choose a field"
            data={fieldOptions}
            value={fieldIds[0] ?? null}
            onChange={(value) => onFieldIdsChange(value === null ? [] : [value])}
            searchable
            required
            disabled={isBusy}
          />
        ) : (
          <MultiSelect
            label="Columns"
            description={`The ${word} fields that become the list’s columns, in the order chosen`}
            placeholder={fieldIds.length === 0 ? 'Choose fields' : undefined}
            data={fieldOptions}
            value={fieldIds}
            onChange={onFieldIdsChange}
            searchable
            required
            disabled={isBusy}
          />
        )
      ) : null}
    </>
  );
}

/** Props of LinkDialogButtons. */
interface LinkDialogButtonsProps {
  /** A template powers the list now: Unlink is offered. */
  canUnlink: boolean;
  isComplete: boolean;
  isBusy: boolean;
  onUnlink: () => void;
  onCancel: () => void;
  onLink: () => void;
}

/** Unlink (when linked) on the left; Cancel and Link (disabled until the choice is complete). */
function LinkDialogButtons({
  canUnlink,
  isComplete,
  isBusy,
  onUnlink,
  onCancel,
  onLink,
}: LinkDialogButtonsProps) {
  return (
    <Group justify="space-between">
      <div>
        {canUnlink ? (
          <Button variant="subtle" color="red" onClick={onUnlink} disabled={isBusy}>
            Unlink
          </Button>
        ) : null}
      </div>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
        <Button onClick={onLink} disabled={!isComplete} loading={isBusy}>
          Link
        </Button>
      </Group>
    </Group>
  );
}

/** Props of TemplateSelect. */
interface TemplateSelectProps {
  /** The account's templates (useTemplates), for the options and the loading and error states. */
  templates: ReturnType<typeof useTemplates>;
  templateId: number | null;
  onChange: (templateId: number | null) => void;
  isBusy: boolean;
  /** The product's word for a template, capitalised and lower case. */
  Word: string;
  word: string;
}

/** The required, searchable template choice, with an alert when the templates cannot be read. */
function TemplateSelect({ templates, templateId, onChange, isBusy, Word, word }: TemplateSelectProps) {
  return (
    <>
      {templates.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
          {errorMessage(templates.error, `The ${word}s could not be loaded.`)}
        </Alert>
      ) : null}
      <Select
        label={Word}
        placeholder={templates.isPending ? 'Loading…' : `Choose a ${word}`}
        data={(templates.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        value={templateId === null ? null : String(templateId)}
        onChange={(value) => onChange(value === null ? null : Number(value))}
        searchable
        required
        nothingFoundMessage={`No ${word} by that name`}
        rightSection={templates.isPending ? <Loader size="xs" /> : undefined}
        disabled={isBusy}
      />
    </>
  );
}

/**
 * The dialog linking a list to a template (spec 02 §2 "A dialog linking the list to a template",
 * §5 "Link dialog"): choose a template and, for a drop-down list, the one field
 * whose values the list shows, or for a drill-down or dependent list the fields that become its
 * columns, in order. The hidden id field (cv_id) is never offered. Link stays disabled until the
 * choice is complete, and shows progress while the list is powered from the dataset.
 */
export function LinkTemplateDialog({
  type,
  currentTemplateId,
  onLink,
  onUnlink,
  onClose,
}: LinkTemplateDialogProps) {
  const { Word, word } = useWording();
  const templates = useTemplates();
  const [templateId, setTemplateId] = useState<number | null>(currentTemplateId);
  const [fieldIds, setFieldIds] = useState<string[]>([]);
  const [isBusy, setIsBusy] = useState(false);
  const template = useTemplate(templateId);
  const fieldOptions = (template.data?.template_fields ?? [])
    .filter((tf) => tf.governance_type !== 'cv_id' && typeof tf.id === 'number')
    .map((tf) => ({ value: String(tf.id), label: tf.field.name }));

  const chosen = fieldIds
    .map((id) => fieldOptions.find((o) => o.value === id))
    .filter((o): o is FieldOption => o !== undefined)
    .map((o) => ({ id: Number(o.value), name: o.label }));
  const isComplete = templateId !== null && chosen.length > 0;

  const run = async (work: () => Promise<boolean>) => {
    setIsBusy(true);
    const isDone = await work();
    setIsBusy(false);
    if (isDone) onClose();
  };

  return (
    <Modal opened onClose={isBusy ? () => {} : onClose} title={`Link this list to a ${word}`} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The list then shows the values submitted through the {word}, keeps up with new submissions, and
          cannot be edited by hand.
        </Text>
        <TemplateSelect
          templates={templates}
          templateId={templateId}
          onChange={(id) => {
            setTemplateId(id);
            setFieldIds([]);
          }}
          isBusy={isBusy}
          Word={Word}
          word={word}
        />
        <TemplateFieldsPicker
          template={template}
          hasTemplate={templateId !== null}
          isDropDown={type === 'drop-down'}
          fieldOptions={fieldOptions}
          fieldIds={fieldIds}
          onFieldIdsChange={setFieldIds}
          isBusy={isBusy}
          word={word}
        />
        <LinkDialogButtons
          canUnlink={currentTemplateId !== null}
          isComplete={isComplete}
          isBusy={isBusy}
          onUnlink={() => void run(onUnlink)}
          onCancel={onClose}
          onLink={() => {
            if (isComplete) void run(() => onLink({ templateId: templateId!, fields: chosen }));
          }}
        />
      </Stack>
    </Modal>
  );
}
