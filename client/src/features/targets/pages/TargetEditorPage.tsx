import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TARGET_TYPES, type Target } from '@nomen/shared';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { EditorPageForm } from '../../../ui/EditorPageForm';
import { EditorRoute, editorWords } from '../../../ui/form/EditorRoute';
import { useEditorSource } from '../../../ui/useEditorSource';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useTarget } from '../api';
import { AdobeTargetSection, useReportClassifications } from '../components/AdobeTargetSection';
import { FieldCompatibilityPanel } from '../components/FieldCompatibilityPanel';
import { GoogleTargetSection } from '../components/GoogleTargetSection';
import { MultiTargetsSection } from '../components/MultiTargetsSection';
import { TargetSettingsFields } from '../components/TargetSettingsFields';
import { useTargetSubmit } from '../hooks/useTargetSubmit';
import {
  draftOfTarget,
  emptyTargetDraft,
  isSameDraft,
  saveBlockedReason,
  type TargetDraft,
} from '../targetDraft';
import { TARGETS_PATH } from '../targetMessages';

const DRAFTS = { empty: emptyTargetDraft, of: draftOfTarget, copy: draftOfTarget };

/** The loading state of the editor: the form's outline. */
function EditorSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading target">
      <Skeleton height={36} width="40%" />
      <Skeleton height={220} radius="md" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}

/**
 * /admin/targets/{targetId} (spec 01 §2.5): loads the target (or starts a new one for "new"),
 * shows the fallback page for an unknown route, "not found" for a missing or another account's
 * target, and the editor otherwise.
 */
export function TargetEditorPage() {
  const { targetId } = useParams();
  const editor = useEditorSource(targetId, null, useTarget, DRAFTS);
  return (
    <EditorRoute editor={editor} words={TARGET_WORDS} skeleton={<EditorSkeleton />}>
      {({ key, start, existingId, source, reload }) => (
        <TargetEditor
          key={key}
          initial={start.initial}
          saved={existingId !== null ? (source.data ?? null) : null}
          onReload={reload}
        />
      )}
    </EditorRoute>
  );
}

/** How the editor's route speaks of a target it cannot show. */
const TARGET_WORDS = editorWords('target', 'targets', TARGETS_PATH);

/**
 * The target editor (spec 01 §2.5, §4, §5): name, nickname, the analytics type (only analytics
 * connector types, as the connector-type list offers them), the connected account of that type,
 * then the Adobe part (report suite, report, confirmation email, field-compatibility panel and,
 * once saved, the multi-targets) or the Google part. Save is disabled, with the reason as its
 * tooltip, until the spec 01 §5 rule passes and something changed; a new target moves to its id
 * after the first save; leaving with unsaved changes asks first.
 */
function TargetEditor(props: { initial: TargetDraft; saved: Target | null; onReload: () => Promise<void> }) {
  const [draft, setDraft] = useState(props.initial);
  const [baseline, setBaseline] = useState(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isDirty = !isSameDraft(draft, baseline);
  const { allowNextNavigation } = useLeaveConfirmation(isDirty);
  const report = useReportClassifications(draft);
  const saved = props.saved;
  const { submit, isSaving } = useTargetSubmit({
    draft,
    saved,
    setBaseline,
    setErrors,
    allowNextNavigation,
    onReload: props.onReload,
  });

  const change = (next: TargetDraft) => {
    setDraft(next);
    setErrors({});
  };
  const isAdobe = draft.connector_type_id === TARGET_TYPES.adobe;

  return (
    <>
      <EditorPageForm
        back={{ to: TARGETS_PATH, label: 'All targets' }}
        label="Target"
        onSubmit={(event) => void submit(event)}
        title={draft.name.trim() || (saved ? saved.name : 'New target')}
        description="Where classification data goes: an Adobe Analytics report or a Google Analytics data source."
        isDirty={isDirty}
        isSaving={isSaving}
        blockedReason={saveBlockedReason(draft, isDirty)}
      >
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="target-settings-title">
            <Title order={2} size="h5" mb="md" id="target-settings-title">
              Target
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <TargetSettingsFields draft={draft} onChange={change} errors={errors} />
              {isAdobe ? (
                <AdobeTargetSection draft={draft} onChange={change} errors={errors} />
              ) : (
                <GoogleTargetSection draft={draft} onChange={change} errors={errors} />
              )}
            </SimpleGrid>
          </Paper>
          {isAdobe && draft.remote_target_id ? (
            <FieldCompatibilityPanel
              draft={draft}
              onChange={change}
              classifications={report.names}
              isLoading={report.isLoading}
            />
          ) : null}
        </Stack>
      </EditorPageForm>
      {isAdobe ? <TargetMultiTargets saved={saved} /> : null}
    </>
  );
}

/**
 * The multi-targets under an Adobe target's editor (spec 01 §2.5): their section once the target
 * is saved with its report, else a note saying so.
 */
function TargetMultiTargets({ saved }: { saved: Target | null }) {
  return (
    <Stack mt="lg">
      {saved && saved.connector_type_id === TARGET_TYPES.adobe && saved.remote_target_id ? (
        <MultiTargetsSection target={saved} />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h5" mb={4}>
            Multi targets
          </Title>
          <Text size="sm" c="dimmed">
            Save the target with its report to add multi-targets.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
