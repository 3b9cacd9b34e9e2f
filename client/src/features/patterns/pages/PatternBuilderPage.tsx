import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  defaultSegment,
  type Pattern,
  type PatternSave,
  type PatternSaveParsed,
  type PatternSegment,
  patternSaveSchema,
  type SegmentType,
} from '@nomen/shared';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { EditorPageForm } from '../../../ui/EditorPageForm';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { EditorRoute, editorWords } from '../../../ui/form/EditorRoute';
import { FormSelect } from '../../../ui/form/FormSelect';
import { FormSwitch } from '../../../ui/form/FormSwitch';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyError, notifyFailure, notifySuccess } from '../../../ui/notify';
import { useEditorSource } from '../../../ui/useEditorSource';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useSignedIn } from '../../auth/api';
import { DELIMITER_CHOICES } from '../../governance/governanceOptions';
import { usePattern, useSavePattern } from '../api';
import { PaletteColorPicker } from '../components/PaletteColorPicker';
import { PatternPreview } from '../components/PatternPreview';
import { SegmentBoard } from '../components/SegmentBoard';
import { SegmentEditor } from '../components/SegmentEditor';
import {
  appendSegment,
  draftOf,
  duplicateDraft,
  emptyDraft,
  errorMessagesOf,
  firstErrorMessage,
  isDraftChanged,
  newTempId,
  type PatternDraft,
  patternSaveBlockedReason,
  removeSegment,
  replaceSegment,
} from '../patternDraft';
import { PATTERN_SAVE_FAILED_MESSAGE, PATTERN_SAVED_MESSAGE } from '../patternMessages';

const PATTERNS_PATH = '/admin/patterns';

/**
 * /admin/patterns/{id} (spec 02 §2): the pattern builder for a saved pattern, a new one (id
 * "new") or an unsaved copy of another (new?duplicate={id}, named "Copy of …"). Loads the
 * pattern (skeleton while loading, "Pattern not found" for an unknown id) and hands it to the
 * builder; after a stale-write answer (409) "Reload" reads it again.
 */
export function PatternBuilderPage() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const editor = useEditorSource(id, searchParams.get('duplicate'), usePattern, PATTERN_DRAFTS);
  return (
    <EditorRoute editor={editor} words={PATTERN_WORDS} skeleton={<BuilderSkeleton />}>
      {({ key, start, reload }) => (
        <PatternBuilder key={key} initial={start.initial} baseline={start.baseline} onReload={reload} />
      )}
    </EditorRoute>
  );
}

/** How the builder's route speaks of a pattern it cannot show. */
const PATTERN_WORDS = editorWords('pattern', 'patterns', PATTERNS_PATH);

/** How the builder makes drafts from a loaded pattern. */
const PATTERN_DRAFTS = {
  empty: emptyDraft,
  of: (data: { pattern: Pattern }) => draftOf(data.pattern),
  copy: (data: { pattern: Pattern }) => duplicateDraft(data.pattern),
};

/** The builder's loading state: placeholders where the settings, preview and segments go. */
function BuilderSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading pattern">
      <Skeleton height={32} width={280} />
      <Skeleton height={180} radius="md" />
      <Skeleton height={90} radius="md" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}

interface EditorState {
  segment: PatternSegment;
  isNew: boolean;
  opened: boolean;
  session: number;
}

interface PatternBuilderProps {
  initial: PatternDraft;
  /** What counts as unchanged for the dirty flag: the saved pattern, or empty for a new one. */
  baseline: PatternDraft;
  onReload: () => Promise<void>;
}

/**
 * The builder itself (spec 02 §2, §4, §5): name (required), description, delimiter, colour, the
 * must-be-unique switch (flag require-uniqueness) and the unlocked-pattern switch (flag
 * unlocked-pattern); the segment board and editor; the live preview. Everything is held locally
 * until Save, which is disabled, with the reason as its tooltip, without a name, without a
 * segment, with nothing changed or while saving (issue 8 item 22); a dirty flag drives the
 * "Unsaved changes" badge and the leave-page confirmation. The first save of a new pattern
 * replaces the route with its id; a stale write offers to reload; server errors show on the
 * name or on the segment they concern, otherwise as a toast (§8).
 */
function PatternBuilder({ initial, baseline: initialBaseline, onReload }: PatternBuilderProps) {
  const { features } = useSignedIn();
  const canRequireUnique = features.includes('require-uniqueness');
  const canUnlock = features.includes('unlocked-pattern');
  const navigate = useNavigate();
  const save = useSavePattern();
  // The form holds the draft with complete segments; the contract's save schema checks the whole
  // pattern (spec 02 §5).
  const form = useContractForm<PatternSaveParsed, PatternSave, PatternDraft>(patternSaveSchema, {
    defaultValues: initial,
    emptyIsRequired: true,
  });
  const [baseline, setBaseline] = useState(initialBaseline);
  const draft = useWatch({ control: form.control }) as PatternDraft;
  const segments = draft.segments ?? [];
  const isDirty = isDraftChanged(draft, baseline);
  const { allowNextNavigation } = useLeaveConfirmation(isDirty);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const { errors } = form.formState;

  // Recomputed on every render: react-hook-form updates its error tree in place.
  const segmentErrorList: unknown[] = Array.isArray(errors.segments) ? errors.segments : [];
  const segmentErrors: Record<number, string> = {};
  segmentErrorList.forEach((error, index) => {
    const message = firstErrorMessage(error);
    if (message) segmentErrors[index] = message;
  });
  const editedIndex = editor ? segments.findIndex((s) => String(s.id) === String(editor.segment.id)) : -1;

  const setSegments = (next: PatternSegment[]) => {
    form.setValue('segments', next, { shouldDirty: true });
    form.clearErrors('segments');
  };
  const openEditor = (segment: PatternSegment, isNew: boolean) =>
    setEditor((current) => ({ segment, isNew, opened: true, session: (current?.session ?? 0) + 1 }));
  const closeEditor = () => setEditor((current) => (current ? { ...current, opened: false } : null));

  const onAdd = (kind: SegmentType) => openEditor(defaultSegment(kind, newTempId(), segments.length), true);
  const onApply = (segment: PatternSegment) => {
    setSegments(editor?.isNew ? appendSegment(segments, segment) : replaceSegment(segments, segment));
    closeEditor();
  };

  const onSaved = (saved: PatternDraft, wasNew: boolean) => {
    form.reset(saved);
    setBaseline(saved);
    notifySuccess(PATTERN_SAVED_MESSAGE);
    if (wasNew) {
      allowNextNavigation();
      void navigate(`${PATTERNS_PATH}/${saved.id}`, { replace: true });
    }
  };

  const onSaveError = (error: unknown) => {
    const { placed } = applyServerIssues(form, error, {
      fields: ['name', 'description'],
      nested: ['segments'],
    });
    if (placed.length === 0) notifyFailure(error, PATTERN_SAVE_FAILED_MESSAGE, () => void onReload());
    else if (placed.some((path) => path.startsWith('segments.'))) {
      notifyError('Some segments need attention. Open them to fix the highlighted settings.');
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      const wasNew = values.id == null;
      try {
        const answer = await save.mutateAsync(values);
        onSaved(draftOf(answer.pattern), wasNew);
      } catch (error) {
        onSaveError(error);
      }
    },
    (invalid) => {
      if (invalid.segments)
        notifyError('Some segments need attention. Open them to fix the highlighted settings.');
    },
  );

  const name = draft.name ?? '';
  const saveBlocked = patternSaveBlockedReason(draft, isDirty);
  const title = name.trim() || (initial.id === null ? 'New pattern' : 'Pattern');

  return (
    <>
      <EditorPageForm
        back={{ to: PATTERNS_PATH, label: 'All patterns' }}
        label="Pattern"
        onSubmit={submit}
        title={title}
        description="Build a naming pattern from segments. Changes are kept here until you save."
        isDirty={isDirty}
        isSaving={save.isPending}
        blockedReason={saveBlocked}
      >
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h5" mb="md">
              Settings
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Stack gap="md">
                <FormTextInput control={form.control} name="name" label="Name" required />
                <FormTextarea
                  control={form.control}
                  name="description"
                  label="Description"
                  autosize
                  minRows={2}
                  maxRows={6}
                />
              </Stack>
              <Stack gap="md">
                <FormSelect
                  control={form.control}
                  name="delimiter"
                  label="Delimiter"
                  description="Put between the segments of a code."
                  data={DELIMITER_CHOICES}
                  allowDeselect={false}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="pattern-colour-label">
                    Colour
                  </Text>
                  <Controller
                    control={form.control}
                    name="color"
                    render={({ field }) => (
                      <PaletteColorPicker value={field.value} onChange={(color) => field.onChange(color)} />
                    )}
                  />
                </Stack>
                {canRequireUnique ? (
                  <FormSwitch
                    control={form.control}
                    name="must_be_unique"
                    label="Must be unique"
                    description="Never issue the same code twice."
                  />
                ) : null}
                {canUnlock ? (
                  <FormSwitch
                    control={form.control}
                    name="is_unlocked_pattern"
                    label="Unlocked pattern"
                    description="People may edit codes made from this pattern."
                  />
                ) : null}
              </Stack>
            </SimpleGrid>
          </Paper>

          <PatternPreview delimiter={draft.delimiter ?? 'none'} segments={segments} />

          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h5" mb="md">
              Segments
            </Title>
            <SegmentBoard
              segments={segments}
              errors={segmentErrors}
              onChange={setSegments}
              onAdd={onAdd}
              onOpen={(segment) => openEditor(segment, false)}
              onRemove={(segment) => setSegments(removeSegment(segments, segment.id))}
            />
          </Paper>
        </Stack>
      </EditorPageForm>
      {editor ? (
        <SegmentEditor
          key={editor.session}
          opened={editor.opened}
          segment={editor.segment}
          isNew={editor.isNew}
          problems={editedIndex < 0 ? undefined : errorMessagesOf(segmentErrorList[editedIndex])}
          onClose={closeEditor}
          onApply={onApply}
        />
      ) : null}
    </>
  );
}
