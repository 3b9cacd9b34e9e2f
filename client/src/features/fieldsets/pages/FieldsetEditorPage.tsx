import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import {
  type FieldSave,
  type Fieldset,
  type FieldsetSave,
  type FieldsetSaveParsed,
  fieldsetSaveSchema,
} from '@nomen/shared';
import { useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router-dom';
import { EditorPageForm } from '../../../ui/EditorPageForm';
import { EditorRoute, editorWords } from '../../../ui/form/EditorRoute';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useContractForm } from '../../../ui/form/useContractForm';
import { useEditorSource } from '../../../ui/useEditorSource';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useSignedIn } from '../../auth/api';
import { useFieldset } from '../api';
import { FieldDrawer } from '../components/FieldDrawer';
import { FieldsetFieldsCard } from '../components/FieldsetFieldsCard';
import {
  duplicateFieldsetDraft,
  emptyFieldsetDraft,
  type FieldsetDraft,
  fieldsetDraftOf,
  fieldsetSaveBlockedReason,
  isFieldsetChanged,
  poweringFieldIds,
  putField,
  type SaveIssues,
  withoutFieldIssues,
} from '../fieldsetDraft';
import { type FieldDrawerState, useFieldDrawerState } from '../hooks/useFieldDrawerState';
import { NO_ISSUES, useFieldsetSubmit } from '../hooks/useFieldsetSubmit';

const FIELDSETS_PATH = '/admin/fieldsets';

/**
 * /admin/fieldsets/{fieldSetId}/fields (spec 02 §2): the field-set editor for a saved set, a
 * new one (fieldSetId "new") or an unsaved copy (new/fields?duplicate={id}, named "Copy of …"
 * with TEMP_ field ids). Loads the set (skeleton while loading, "Field set not found" for an
 * unknown id); after a stale-write answer (409) "Reload" reads it again.
 */
export function FieldsetEditorPage() {
  const { fieldSetId } = useParams();
  const [searchParams] = useSearchParams();
  const editor = useEditorSource(fieldSetId, searchParams.get('duplicate'), useFieldset, FIELDSET_DRAFTS);
  return (
    <EditorRoute editor={editor} words={FIELDSET_WORDS} skeleton={<EditorSkeleton />}>
      {({ key, start, existingId, source, reload }) => (
        <FieldsetEditor
          key={key}
          initial={start.initial}
          baseline={start.baseline}
          poweringIds={existingId !== null ? poweringFieldIds(source.data?.fieldset) : new Set()}
          onReload={reload}
        />
      )}
    </EditorRoute>
  );
}

/** How the editor's route speaks of a field set it cannot show. */
const FIELDSET_WORDS = editorWords('field set', 'field sets', FIELDSETS_PATH);

/** How the editor makes drafts from a loaded field set. */
const FIELDSET_DRAFTS = {
  empty: emptyFieldsetDraft,
  of: (data: { fieldset: Fieldset }) => fieldsetDraftOf(data.fieldset),
  copy: (data: { fieldset: Fieldset }) => duplicateFieldsetDraft(data.fieldset),
};

/** The editor's loading state: placeholders where the set's inputs and fields go. */
function EditorSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading field set">
      <Skeleton height={32} width={280} />
      <Skeleton height={150} radius="md" />
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

interface FieldsetEditorProps {
  initial: FieldsetDraft;
  /** What counts as unchanged for the dirty flag: the saved set, or empty for a new one. */
  baseline: FieldsetDraft;
  poweringIds: ReadonlySet<string>;
  onReload: () => Promise<void>;
}

/**
 * The editor itself (spec 02 §2, §4, §5, §8): name (required) and description, and the field
 * list with add, edit (the field drawer; ?open={fieldId} opens one), remove and reorder, all held
 * locally with TEMP_ ids until Save sends the whole set in one PUT. A dirty flag (name,
 * description or any field changed) shows "Unsaved changes" and makes leaving ask first. Save is
 * disabled while saving, without a name or with nothing changed, its tooltip saying why; the
 * first save replaces the route with the saved id; a stale write offers to reload; server
 * problems show on the set's inputs or on the field they concern, otherwise in a toast.
 */
function FieldsetEditor({
  initial,
  baseline: initialBaseline,
  poweringIds: initialPowering,
  onReload,
}: FieldsetEditorProps) {
  const { features } = useSignedIn();
  // The form holds the whole set; the contract's save schema checks it (spec 02 §5).
  const form = useContractForm<FieldsetSaveParsed, FieldsetSave, FieldsetDraft>(fieldsetSaveSchema, {
    defaultValues: initial,
    emptyIsRequired: true,
  });
  const [baseline, setBaseline] = useState(initialBaseline);
  const [poweringIds, setPoweringIds] = useState(initialPowering);
  const [issues, setIssues] = useState<SaveIssues>(NO_ISSUES);
  const { drawer, openField, addField, closeDrawer } = useFieldDrawerState(form);
  const draft = useWatch({ control: form.control }) as FieldsetDraft;
  const fields = draft.fields ?? [];
  const isDirty = isFieldsetChanged(draft, baseline);
  const { allowNextNavigation } = useLeaveConfirmation(isDirty);
  const { submit, isSaving } = useFieldsetSubmit({
    form,
    fieldsetsPath: FIELDSETS_PATH,
    setBaseline,
    setPoweringIds,
    setIssues,
    allowNextNavigation,
    onReload,
  });

  const setFields = (next: FieldSave[]) => form.setValue('fields', next, { shouldDirty: true });
  const applyField = (field: FieldSave) => {
    setFields(putField(fields, field));
    setIssues((current) => withoutFieldIssues(current, field.id));
    closeDrawer();
  };
  const title = (draft.name ?? '').trim() || (initial.id === null ? 'New field set' : 'Field set');

  return (
    <>
      <EditorPageForm
        back={{ to: FIELDSETS_PATH, label: 'All field sets' }}
        label="Field set"
        onSubmit={submit}
        title={title}
        description="Fields are kept here until you save the whole set."
        isDirty={isDirty}
        isSaving={isSaving}
        blockedReason={fieldsetSaveBlockedReason(draft, isDirty)}
      >
        <Stack gap="lg">
          <FieldsetSettingsCard control={form.control} />
          <FieldsetFieldsCard
            fields={fields}
            poweringIds={poweringIds}
            fieldErrors={issues.fields}
            onChange={setFields}
            onEdit={openField}
            onAdd={addField}
          />
        </Stack>
      </EditorPageForm>
      {drawer ? (
        <FieldsetFieldDrawer
          drawer={drawer}
          fields={fields}
          canRequireUnique={features.includes('require-uniqueness')}
          issues={issues}
          onClose={closeDrawer}
          onApply={applyField}
        />
      ) : null}
    </>
  );
}

/** The set's own inputs (spec 02 §2): name (required) and description. */
function FieldsetSettingsCard({ control }: { control: Control<FieldsetDraft, unknown, FieldsetSaveParsed> }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <FormTextInput control={control} name="name" label="Name" required />
        <FormTextarea
          control={control}
          name="description"
          label="Description"
          autosize
          minRows={1}
          maxRows={5}
        />
      </SimpleGrid>
    </Paper>
  );
}

/** Props of FieldsetFieldDrawer. */
interface FieldsetFieldDrawerProps {
  drawer: FieldDrawerState;
  /** Every field of the set, the drawer's own included. */
  fields: FieldSave[];
  canRequireUnique: boolean;
  /** The last save's issues; the drawer shows its field's. */
  issues: SaveIssues;
  onClose: () => void;
  onApply: (field: FieldSave) => void;
}

/** The field drawer for the drawer state's field, with the set's other fields and its issues (spec 02 §2). */
function FieldsetFieldDrawer({
  drawer,
  fields,
  canRequireUnique,
  issues,
  onClose,
  onApply,
}: FieldsetFieldDrawerProps) {
  const drawerField = drawer.field;
  return (
    <FieldDrawer
      key={drawer.session}
      opened={drawer.opened}
      field={drawerField}
      isNew={drawer.isNew}
      otherFields={fields.filter((f) => String(f.id) !== String(drawerField.id))}
      canRequireUnique={canRequireUnique}
      serverErrors={issues.fields[String(drawerField.id)]}
      onClose={onClose}
      onApply={onApply}
    />
  );
}
