import { Alert, Box, LoadingOverlay, Stack } from '@mantine/core';
import {
  fieldsetsApi,
  type KnownField,
  type TemplateDraft,
  type TemplateValidationContext,
  templateSaveSchema,
} from '@nomen/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router-dom';
import { apiFetch } from '../../../api/apiFetch';
import { notifyFailure, notifyInfo, notifySuccess } from '../../../ui/notify';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useSignedIn } from '../../auth/api';
import { fieldsetQueryKey } from '../../fieldsets/api';
import { usePatterns } from '../../patterns/api';
import { putTemplate, readTemplateLog, sendApprovers, TEMPLATES_QUERY_KEY } from '../api';
import { editorStepOf, isInsideEditor, templateEditorPath } from '../templatePaths';
import {
  type TemplateEditorEnvironment,
  TemplateEditorProvider,
  useStoreSelector,
} from './TemplateEditorContext';
import { TemplateEditorHeader } from './TemplateEditorHeader';
import { createTemplateEditorStore } from './templateEditorStore';
import {
  pollTemplateLog,
  runTemplateSave,
  TEMPLATE_INTEGRATIONS_FAILED_MESSAGE,
  TEMPLATE_SAVE_FAILED_MESSAGE,
  TEMPLATE_SAVE_SLOW_MESSAGE,
  TEMPLATE_SAVED_MESSAGE,
  TEMPLATE_SAVED_TOAST_MS,
  type TemplateSaveCalls,
} from './templateSave';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** The real calls of a save (spec 03 §7). */
const SAVE_CALLS: TemplateSaveCalls = {
  put: putTemplate,
  sendApprovers,
  readLog: (id) => readTemplateLog(id, 'poll'),
  wait,
};

/** Shows the slow part's "still running" notice (spec 03 §8). */
function notifyStillRunning() {
  notifyInfo(TEMPLATE_SAVE_SLOW_MESSAGE, TEMPLATE_SAVED_TOAST_MS);
}

interface TemplateEditorProps {
  initial: TemplateDraft;
  /** Reads the template again and restarts the editor from it. */
  onReload: () => Promise<void>;
}

/**
 * The template editor (spec 03 §2, §4): holds the draft in its store, validates it on every change
 * (`validateTemplate` with the account's flags and the patterns' current dates), renders the header
 * (steps, Save, notification popover) and the current step (nested route). On load it reads the
 * template logs (isSaving=true): a Running save is polled, a Failed last log shows the save-failed
 * error. Save: PUT, approvers, up to 5 log reads; then the template is read again (a new one gets its
 * id in the URL). The leave guard asks only after the user changed something (a fresh copy too:
 * spec 03 §2 "The guard is active only after the user has changed data"), never between steps.
 */
export function TemplateEditor({ initial, onReload }: TemplateEditorProps) {
  const me = useSignedIn();
  const patterns = usePatterns();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { step: stepParam } = useParams();
  const step = editorStepOf(stepParam) ?? 'setup';
  const templateId = initial.id;

  const validation = useMemo<TemplateValidationContext>(
    () => ({
      featureFlags: me.features,
      patterns: patterns.data?.data.map((p) => ({ id: p.id, updated_at: p.updated_at })),
    }),
    [me.features, patterns.data],
  );
  // One store per editor mount; the key of the page remounts the editor for another template.
  const [store] = useState(() => createTemplateEditorStore(initial, { validation }));
  // The fields of the template's field sets, so that a message names a field the template does
  // not hold ("Channel (Paid media)") rather than calling it removed (spec 03 §5).
  const fieldsetIds = useStoreSelector(store, (s) => s.draft.fieldsets.join(','));
  const knownFields = useQueries({
    queries: (fieldsetIds === '' ? [] : fieldsetIds.split(',').map(Number)).map((id) => ({
      queryKey: fieldsetQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch(fieldsetsApi.get, { params: { id }, signal }),
    })),
    combine: (results) =>
      results.flatMap((r): KnownField[] =>
        r.data
          ? r.data.fieldset.fields.map((f) => ({
              id: f.id,
              name: f.name,
              fieldset_name: r.data.fieldset.name,
            }))
          : [],
      ),
  });
  const knownKey = knownFields.map((f) => `${f.id}:${f.name}:${f.fieldset_name}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields change only when their key does
  const context = useMemo(() => ({ ...validation, knownFields }), [validation, knownKey]);
  useEffect(() => store.setValidationContext(context), [store, context]);

  const changed = useStoreSelector(store, (s) => s.changed);
  const saving = useStoreSelector(store, (s) => s.saving);
  const [lastFailure, setLastFailure] = useState<string | null>(null);

  const isInside = useCallback(
    (pathname: string) => isInsideEditor(pathname, templateId ?? 'new'),
    [templateId],
  );
  const { allowNextNavigation } = useLeaveConfirmation(changed && !saving, undefined, isInside);

  const finish = useCallback(
    async (id: number) => {
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY });
      if (templateId === null) {
        allowNextNavigation();
        await navigate(templateEditorPath(id, step), { replace: true });
      } else await onReload();
    },
    [queryClient, templateId, allowNextNavigation, navigate, step, onReload],
  );

  // Save detection on load (spec 03 §4): a Running save is polled, a Failed last log is shown.
  useEffect(() => {
    if (templateId === null) return;
    let active = true;
    void (async () => {
      try {
        const log = await readTemplateLog(templateId, 'isSaving');
        if (!active || !log) return;
        if (log.status === 'Failed') setLastFailure(log.message || TEMPLATE_INTEGRATIONS_FAILED_MESSAGE);
        if (log.status !== 'Running') return;
        store.setSaving(true);
        const last = await pollTemplateLog(templateId, SAVE_CALLS);
        if (!active) return;
        store.setSaving(false);
        if (last?.status === 'Running') notifyStillRunning();
        else if (last?.status === 'Failed')
          setLastFailure(last.message || TEMPLATE_INTEGRATIONS_FAILED_MESSAGE);
        else if (!store.getState().changed) await onReload();
      } catch {
        // The log is a hint; the editor works without it.
      }
    })();
    return () => {
      active = false;
    };
  }, [templateId, store, onReload]);

  const save = useCallback(async () => {
    const { draft } = store.getState();
    store.setSaving(true);
    setLastFailure(null);
    const body = templateSaveSchema.parse({ ...draft, id: draft.id ?? undefined });
    const outcome = await runTemplateSave(body, SAVE_CALLS);
    store.setSaving(false);
    switch (outcome.status) {
      case 'NotSaved':
        notifyFailure(outcome.error, TEMPLATE_SAVE_FAILED_MESSAGE, () => void onReload());
        return;
      case 'Success':
        notifySuccess(TEMPLATE_SAVED_MESSAGE, TEMPLATE_SAVED_TOAST_MS);
        break;
      case 'Running':
        notifyStillRunning();
        break;
      case 'Failed':
        setLastFailure(outcome.message);
        notifyFailure(null, outcome.message);
        break;
    }
    store.reset(store.getState().draft);
    await finish(outcome.id);
  }, [store, finish, onReload]);

  const environment = useMemo<TemplateEditorEnvironment>(
    () => ({ store, me, templateId, hasFlag: (flag) => me.features.includes(flag) }),
    [store, me, templateId],
  );

  return (
    <TemplateEditorProvider value={environment}>
      <Stack gap="md">
        <TemplateEditorHeader step={step} onSave={() => void save()} />
        {lastFailure ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={TEMPLATE_SAVE_FAILED_MESSAGE}
            withCloseButton
            onClose={() => setLastFailure(null)}
            role="alert"
          >
            {lastFailure}
          </Alert>
        ) : null}
        <Box pos="relative">
          <LoadingOverlay
            visible={saving}
            zIndex={10}
            overlayProps={{ blur: 1 }}
            aria-label="Saving template"
          />
          <Outlet />
        </Box>
      </Stack>
    </TemplateEditorProvider>
  );
}
