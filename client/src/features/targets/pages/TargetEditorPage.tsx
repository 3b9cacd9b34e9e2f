import {
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AppError, TARGET_TYPES, type Target, type TargetTypeId } from '@nomen/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { issuesByField } from '../../../api/errors';
import { EditorPageForm } from '../../../ui/EditorPageForm';
import { EditorRoute, editorWords } from '../../../ui/form/EditorRoute';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { useEditorSource } from '../../../ui/useEditorSource';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useConnectors, useConnectorTypes } from '../../connectors/api';
import { useSaveTarget, useTarget } from '../api';
import { AdobeTargetSection, useReportClassifications } from '../components/AdobeTargetSection';
import { FieldCompatibilityPanel } from '../components/FieldCompatibilityPanel';
import { GoogleTargetSection } from '../components/GoogleTargetSection';
import { MultiTargetsSection } from '../components/MultiTargetsSection';
import {
  draftOfTarget,
  emptyTargetDraft,
  isSameDraft,
  saveBlockedReason,
  type TargetDraft,
  toTargetSave,
  withConnector,
  withType,
} from '../targetDraft';
import {
  TARGET_SAVE_FAILED_MESSAGE,
  TARGET_SAVED_MESSAGE,
  TARGETS_PATH,
  targetEditorPath,
} from '../targetMessages';

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

/** Server issues (`body.x`) by field name, for the inputs' error texts. */
function fieldErrors(error: unknown): Record<string, string> {
  return issuesByField(error instanceof AppError ? error.issues : undefined);
}

/**
 * The target editor (spec 01 §2.5, §4, §5): name, nickname, the analytics type (only analytics
 * connector types, as the connector-type list offers them), the connected account of that type,
 * then the Adobe part (report suite, report, confirmation email, field-compatibility panel and,
 * once saved, the multi-targets) or the Google part. Save is disabled, with the reason as its
 * tooltip, until the spec 01 §5 rule passes and something changed; a new target moves to its id
 * after the first save; leaving with unsaved changes asks first.
 */
function TargetEditor(props: { initial: TargetDraft; saved: Target | null; onReload: () => Promise<void> }) {
  const navigate = useNavigate();
  const save = useSaveTarget();
  const types = useConnectorTypes();
  const connectors = useConnectors();
  const [draft, setDraft] = useState(props.initial);
  const [baseline, setBaseline] = useState(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isDirty = !isSameDraft(draft, baseline);
  const { allowNextNavigation } = useLeaveConfirmation(isDirty);
  const report = useReportClassifications(draft);
  const saved = props.saved;

  const change = (next: TargetDraft) => {
    setDraft(next);
    setErrors({});
  };

  const typeChoices = (types.data?.data ?? [])
    .filter((t) => t.is_analytics)
    .map((t) => ({
      value: String(t.id),
      label: t.id === TARGET_TYPES.adobe ? 'Adobe' : t.id === TARGET_TYPES.google ? 'Google' : t.name,
    }));
  if (!typeChoices.some((c) => c.value === String(draft.connector_type_id))) {
    typeChoices.push({
      value: String(draft.connector_type_id),
      label: draft.connector_type_id === TARGET_TYPES.adobe ? 'Adobe' : 'Google',
    });
  }
  const accountChoices = (connectors.data?.data ?? [])
    .filter((c) => c.connector_type_id === draft.connector_type_id)
    .map((c) => ({ value: String(c.id), label: c.name }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wasNew = saved === null;
    try {
      const answer = await save.mutateAsync(toTargetSave(draft, saved));
      setBaseline(draft);
      notifySuccess(TARGET_SAVED_MESSAGE);
      if (wasNew) {
        allowNextNavigation();
        void navigate(targetEditorPath(answer.target.id), { replace: true });
      } else {
        // The editor restarts from what was stored (names Adobe answered, updated_at).
        await props.onReload();
      }
    } catch (error) {
      setErrors(fieldErrors(error));
      notifyFailure(error, TARGET_SAVE_FAILED_MESSAGE, () => void props.onReload());
    }
  };

  const isAdobe = draft.connector_type_id === TARGET_TYPES.adobe;
  const title = draft.name.trim() || (saved ? saved.name : 'New target');
  const blocked = saveBlockedReason(draft, isDirty);

  return (
    <>
      <EditorPageForm
        back={{ to: TARGETS_PATH, label: 'All targets' }}
        label="Target"
        onSubmit={(event) => void submit(event)}
        title={title}
        description="Where classification data goes: an Adobe Analytics report or a Google Analytics data source."
        isDirty={isDirty}
        isSaving={save.isPending}
        blockedReason={blocked}
      >
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="target-settings-title">
            <Title order={2} size="h5" mb="md" id="target-settings-title">
              Target
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Stack gap="md">
                <TextInput
                  label="Name"
                  required
                  value={draft.name}
                  error={errors.name}
                  onChange={(event) => change({ ...draft, name: event.currentTarget.value })}
                />
                <TextInput
                  label="Nickname"
                  description="Shown as the description in the targets table."
                  value={draft.nickname}
                  error={errors.nickname}
                  onChange={(event) => change({ ...draft, nickname: event.currentTarget.value })}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="target-type-label">
                    Analytics type
                  </Text>
                  <SegmentedControl
                    aria-labelledby="target-type-label"
                    data={typeChoices}
                    value={String(draft.connector_type_id)}
                    onChange={(value) => change(withType(draft, Number(value) as TargetTypeId))}
                  />
                </Stack>
                <Select
                  label="Connected account"
                  required
                  searchable
                  placeholder={connectors.isPending ? 'Loading accounts…' : 'Choose an account'}
                  disabled={connectors.isPending}
                  data={accountChoices}
                  value={draft.connector_id === null ? null : String(draft.connector_id)}
                  error={
                    errors.connector_id ??
                    (connectors.error ? 'The connected accounts could not be loaded' : undefined)
                  }
                  nothingFoundMessage="No account matches"
                  description={
                    !connectors.isPending && accountChoices.length === 0
                      ? `No ${isAdobe ? 'Adobe Analytics' : 'Google Analytics'} account yet: add one under Connected accounts.`
                      : undefined
                  }
                  onChange={(value) => change(withConnector(draft, value ? Number(value) : null))}
                />
              </Stack>
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
      {isAdobe ? (
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
      ) : null}
    </>
  );
}
