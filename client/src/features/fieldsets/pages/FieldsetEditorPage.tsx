import { Button, EmptyState, Group, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import {
  AppError,
  type FieldSave,
  type Fieldset,
  type FieldsetSave,
  type FieldsetSaveParsed,
  fieldsetSaveSchema,
} from '@nomen/shared';
import { IconForms, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { confirmAction } from '../../../ui/confirmAction';
import { EditorPageForm } from '../../../ui/EditorPageForm';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { EditorRoute, editorWords } from '../../../ui/form/EditorRoute';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyError, notifyFailure, notifySuccess } from '../../../ui/notify';
import { useEditorSource } from '../../../ui/useEditorSource';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useSearchParam } from '../../../ui/useSearchParam';
import { useSignedIn } from '../../auth/api';
import { useListChoices } from '../../governance/api';
import { fieldLabel } from '../../governance/GovernanceSettings';
import { useFieldset, useSaveFieldset } from '../api';
import { FieldDrawer } from '../components/FieldDrawer';
import { FieldList } from '../components/FieldList';
import {
  duplicateFieldsetDraft,
  emptyFieldsetDraft,
  type FieldsetDraft,
  fieldsetDraftOf,
  fieldsetSaveBlockedReason,
  isFieldsetChanged,
  newField,
  poweringFieldIds,
  putField,
  removeField,
  type SaveIssues,
  sortSaveIssues,
} from '../fieldsetDraft';
import { FIELDSET_SAVE_FAILED_MESSAGE, FIELDSET_SAVED_MESSAGE } from '../fieldsetMessages';

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

interface DrawerState {
  field: FieldSave;
  isNew: boolean;
  opened: boolean;
  session: number;
}

interface FieldsetEditorProps {
  initial: FieldsetDraft;
  /** What counts as unchanged for the dirty flag: the saved set, or empty for a new one. */
  baseline: FieldsetDraft;
  poweringIds: ReadonlySet<string>;
  onReload: () => Promise<void>;
}

const NO_ISSUES: SaveIssues = { set: {}, fields: {}, other: [] };

/**
 * The editor itself (spec 02 §2, §4, §5, §8): name (required) and description, and the field
 * list with add, edit (the field drawer; ?open={fieldId} opens one), remove and reorder, all held
 * locally with TEMP_ ids until Save sends the whole set in one PUT. A dirty flag (name,
 * description or any field changed) shows "Unsaved changes" and makes leaving ask first. Save is
 * disabled while saving, without a name or with nothing changed, its tooltip saying why (issue 8
 * item 22); the first save replaces the route with the saved id;
 * a stale write offers to reload; server problems show on the set's inputs or on the field they
 * concern, otherwise in a toast.
 */
function FieldsetEditor({
  initial,
  baseline: initialBaseline,
  poweringIds: initialPowering,
  onReload,
}: FieldsetEditorProps) {
  const { features } = useSignedIn();
  const canRequireUnique = features.includes('require-uniqueness');
  const navigate = useNavigate();
  const [openParam, setOpenParam] = useSearchParam('open');
  const save = useSaveFieldset();
  const lists = useListChoices();
  // The form holds the whole set; the contract's save schema checks it (spec 02 §5).
  const form = useContractForm<FieldsetSaveParsed, FieldsetSave, FieldsetDraft>(fieldsetSaveSchema, {
    defaultValues: initial,
    emptyIsRequired: true,
  });
  const [baseline, setBaseline] = useState(initialBaseline);
  const [poweringIds, setPoweringIds] = useState(initialPowering);
  const [issues, setIssues] = useState<SaveIssues>(NO_ISSUES);
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  const draft = useWatch({ control: form.control }) as FieldsetDraft;
  const fields = draft.fields ?? [];
  const isDirty = isFieldsetChanged(draft, baseline);
  const { allowNextNavigation } = useLeaveConfirmation(isDirty);

  const listNames = useMemo(() => new Map((lists.data ?? []).map((l) => [l.id, l.name])), [lists.data]);

  // ?open={fieldId} opens that field's drawer (spec 02 §2), on arrival and when the address
  // changes; each value is handled once, so closing the drawer does not reopen it.
  const handledOpen = useRef<string | null>(null);
  useEffect(() => {
    if (openParam === handledOpen.current) return;
    handledOpen.current = openParam;
    if (!openParam) return;
    const field = form.getValues('fields').find((f) => String(f.id) === openParam);
    if (field) setDrawer((d) => ({ field, isNew: false, opened: true, session: (d?.session ?? 0) + 1 }));
  }, [openParam, form]);

  const setFields = (next: FieldSave[]) => form.setValue('fields', next, { shouldDirty: true });

  const openField = (field: FieldSave) => {
    setDrawer((d) => ({ field, isNew: false, opened: true, session: (d?.session ?? 0) + 1 }));
    handledOpen.current = String(field.id);
    setOpenParam(String(field.id));
  };
  const addField = () =>
    setDrawer((d) => ({ field: newField(), isNew: true, opened: true, session: (d?.session ?? 0) + 1 }));
  const closeDrawer = () => {
    setDrawer((d) => (d ? { ...d, opened: false } : null));
    if (openParam) setOpenParam(null);
  };
  const applyField = (field: FieldSave) => {
    setFields(putField(fields, field));
    setIssues((current) => {
      const { [String(field.id)]: _fixed, ...rest } = current.fields;
      return { ...current, fields: rest };
    });
    closeDrawer();
  };
  const onRemove = async (field: FieldSave) => {
    const confirmed = await confirmAction({
      title: `Remove ${fieldLabel(field)}?`,
      message: 'The field is removed from this set when you save.',
      confirmLabel: 'Remove',
    });
    if (confirmed) setFields(removeField(fields, field.id));
  };

  const submit = form.handleSubmit(
    async (values) => {
      const wasNew = values.id == null;
      const sent = form.getValues('fields');
      setIssues(NO_ISSUES);
      try {
        const { fieldset } = await save.mutateAsync(values);
        const saved = fieldsetDraftOf(fieldset);
        form.reset(saved);
        setBaseline(saved);
        setPoweringIds(poweringFieldIds(fieldset));
        notifySuccess(FIELDSET_SAVED_MESSAGE);
        if (wasNew) {
          allowNextNavigation();
          void navigate(`${FIELDSETS_PATH}/${fieldset.id}/fields`, { replace: true });
        }
      } catch (error) {
        // The set's own inputs take their issues; those of a field open with its drawer.
        applyServerIssues(form, error, { fields: ['name', 'description'] });
        const found = sortSaveIssues(error instanceof AppError ? error.issues : undefined, sent);
        setIssues(found);
        const onInputs = Object.keys(found.set).length + Object.keys(found.fields).length > 0;
        if (found.other.length > 0) notifyError(found.other.join(' '));
        else if (!onInputs) notifyFailure(error, FIELDSET_SAVE_FAILED_MESSAGE, () => void onReload());
        else if (Object.keys(found.fields).length > 0) {
          notifyError('Some fields need attention. Open them to see what to change.');
        }
      }
    },
    (invalid) => {
      if (invalid.fields) notifyError('Some fields need attention. Open them to see what to change.');
    },
  );

  const name = draft.name ?? '';
  const saveBlocked = fieldsetSaveBlockedReason(draft, isDirty);
  const title = name.trim() || (initial.id === null ? 'New field set' : 'Field set');
  const drawerField = drawer?.field;

  return (
    <>
      <EditorPageForm
        back={{ to: FIELDSETS_PATH, label: 'All field sets' }}
        label="Field set"
        onSubmit={submit}
        title={title}
        description="Fields are kept here until you save the whole set."
        isDirty={isDirty}
        isSaving={save.isPending}
        blockedReason={saveBlocked}
      >
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <FormTextInput control={form.control} name="name" label="Name" required />
              <FormTextarea
                control={form.control}
                name="description"
                label="Description"
                autosize
                minRows={1}
                maxRows={5}
              />
            </SimpleGrid>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Group justify="space-between" mb="md">
              <Title order={2} size="h5">
                Fields
              </Title>
              <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addField}>
                Add field
              </Button>
            </Group>
            {fields.length === 0 ? (
              <EmptyState
                py="xl"
                icon={<IconForms size={28} aria-hidden />}
                title="This field set has no fields yet — add one"
                description="Each field governs one value: a list choice, a counter, a date, text rules and more."
              />
            ) : (
              <FieldList
                fields={fields}
                poweringIds={poweringIds}
                fieldErrors={issues.fields}
                listName={(id) => listNames.get(id)}
                onChange={setFields}
                onEdit={openField}
                onRemove={(field) => void onRemove(field)}
              />
            )}
          </Paper>
        </Stack>
      </EditorPageForm>
      {drawer && drawerField ? (
        <FieldDrawer
          key={drawer.session}
          opened={drawer.opened}
          field={drawerField}
          isNew={drawer.isNew}
          otherFields={fields.filter((f) => String(f.id) !== String(drawerField.id))}
          canRequireUnique={canRequireUnique}
          serverErrors={issues.fields[String(drawerField.id)]}
          onClose={closeDrawer}
          onApply={applyField}
        />
      ) : null}
    </>
  );
}
