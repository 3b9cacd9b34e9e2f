import { templateSaveSchema } from '@nomen/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyFailure, notifyInfo, notifySuccess } from '../../../ui/notify';
import { putTemplate, readTemplateLog, sendApprovers, TEMPLATES_QUERY_KEY } from '../api';
import { type EditorStep, templateEditorPath } from '../templatePaths';
import type { TemplateEditorStore } from './templateEditorStore';
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

/** What the editor's save needs. */
export interface TemplateSavingOptions {
  store: TemplateEditorStore;
  /** The saved template's id; null for a new one. */
  templateId: number | null;
  /** The current step, kept in the address a new template moves to. */
  step: EditorStep;
  /** Reads the template again and restarts the editor from it. */
  onReload: () => Promise<void>;
  /** Shows (a message) or clears (null) the save-failed error. */
  setLastFailure: (message: string | null) => void;
  /** Lets the next navigation pass the leave guard. */
  allowNextNavigation: () => void;
}

/**
 * Save detection on load (spec 03 §4): reads the template logs (isSaving=true); a Running save is
 * polled with the store saving, then shows the still-running notice, the failure or reloads the
 * template (unless the user changed something meanwhile); a Failed last log shows the error.
 */
export function useSaveDetectionOnLoad(
  options: Omit<TemplateSavingOptions, 'step' | 'allowNextNavigation'>,
): void {
  const { templateId, store, onReload, setLastFailure } = options;
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
  }, [templateId, store, onReload, setLastFailure]);
}

/**
 * The editor's Save (spec 03 §7, §8): PUT, approvers, up to 5 log reads, each outcome told; then
 * the draft becomes the unchanged copy and the template is read again (a new one moves to its id's
 * address). Answers the save function.
 */
export function useTemplateSave(options: TemplateSavingOptions): () => Promise<void> {
  const { store, templateId, step, onReload, setLastFailure, allowNextNavigation } = options;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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

  return useCallback(async () => {
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
  }, [store, finish, onReload, setLastFailure]);
}
