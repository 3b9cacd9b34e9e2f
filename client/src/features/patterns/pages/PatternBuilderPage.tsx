import { Paper, Skeleton, Stack, Title } from '@mantine/core';
import {
  type Pattern,
  type PatternSave,
  type PatternSaveParsed,
  type PatternSegment,
  patternSaveSchema,
} from '@nomen/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router-dom';
import { EditorPageForm } from '../../../ui/EditorPageForm';
import { EditorRoute, editorWords } from '../../../ui/form/EditorRoute';
import { useContractForm } from '../../../ui/form/useContractForm';
import { useEditorSource } from '../../../ui/useEditorSource';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useSignedIn } from '../../auth/api';
import { usePattern } from '../api';
import { PatternPreview } from '../components/PatternPreview';
import { PatternSettingsCard } from '../components/PatternSettingsCard';
import { SegmentBoard } from '../components/SegmentBoard';
import { SegmentEditor } from '../components/SegmentEditor';
import { usePatternSubmit } from '../hooks/usePatternSubmit';
import { useSegmentEditorState } from '../hooks/useSegmentEditorState';
import {
  draftOf,
  duplicateDraft,
  emptyDraft,
  errorMessagesOf,
  isDraftChanged,
  type PatternDraft,
  patternSaveBlockedReason,
  removeSegment,
  segmentErrorMessages,
} from '../patternDraft';

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
 * segment, with nothing changed or while saving; a dirty flag drives the "Unsaved changes" badge
 * and the leave-page confirmation. The first save of a new pattern replaces the route with its
 * id; a stale write offers to reload; server errors show on the name or on the segment they
 * concern, otherwise as a toast (§8).
 */
function PatternBuilder({ initial, baseline: initialBaseline, onReload }: PatternBuilderProps) {
  const { features } = useSignedIn();
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
  const { submit, isSaving } = usePatternSubmit({
    form,
    patternsPath: PATTERNS_PATH,
    setBaseline,
    allowNextNavigation,
    onReload,
  });
  const setSegments = (next: PatternSegment[]) => {
    form.setValue('segments', next, { shouldDirty: true });
    form.clearErrors('segments');
  };
  const segmentEditor = useSegmentEditorState(segments, setSegments);
  const { editor, editedIndex } = segmentEditor;

  // Recomputed on every render: react-hook-form updates its error tree in place.
  const { errors } = form.formState;
  const segmentErrorList: unknown[] = Array.isArray(errors.segments) ? errors.segments : [];
  const title = (draft.name ?? '').trim() || (initial.id === null ? 'New pattern' : 'Pattern');

  return (
    <>
      <EditorPageForm
        back={{ to: PATTERNS_PATH, label: 'All patterns' }}
        label="Pattern"
        onSubmit={submit}
        title={title}
        description="Build a naming pattern from segments. Changes are kept here until you save."
        isDirty={isDirty}
        isSaving={isSaving}
        blockedReason={patternSaveBlockedReason(draft, isDirty)}
      >
        <Stack gap="lg">
          <PatternSettingsCard
            control={form.control}
            canRequireUnique={features.includes('require-uniqueness')}
            canUnlock={features.includes('unlocked-pattern')}
          />
          <PatternPreview delimiter={draft.delimiter ?? 'none'} segments={segments} />
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h5" mb="md">
              Segments
            </Title>
            <SegmentBoard
              segments={segments}
              errors={segmentErrorMessages(segmentErrorList)}
              onChange={setSegments}
              onAdd={segmentEditor.onAdd}
              onOpen={segmentEditor.onOpen}
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
          onClose={segmentEditor.closeEditor}
          onApply={segmentEditor.onApply}
        />
      ) : null}
    </>
  );
}
