import {
  applyIntegrationChange,
  changeConfirmation,
  deleteIntegration,
  deletionConfirmation,
  type IntegrationAssignment,
  type IntegrationAssignmentId,
  type IntegrationChange,
  integrationAssignmentsApi,
  integrationMessageText,
  updateIntegration,
} from '@nomen/shared';
import { useCallback, useMemo } from 'react';
import { apiFetch } from '../../../../api/apiFetch';
import { confirmAction } from '../../../../ui/confirmAction';
import { notifyFailure, notifySuccess } from '../../../../ui/notify';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../TemplateEditorContext';

/** The message when a saved integration could not be deleted on the server (ours; spec 03 §8 shows none). */
export const INTEGRATION_DELETE_FAILED_MESSAGE =
  'The integration was removed from the template, but the server could not delete it yet; saving the template deletes it.';

/** What the panel and the sections of one integration use to read and change it. */
export interface IntegrationEditing {
  /** Replaces the assignment with `recipe(assignment)`: for settings that reset nothing (name, file settings, mappings). */
  update: (recipe: (assignment: IntegrationAssignment) => IntegrationAssignment) => void;
  /**
   * Applies a change through `applyIntegrationChange` (spec 03 §4 resets), first asking the
   * confirmation `changeConfirmation` names (account or data type of a saved integration). Resolves
   * whether it was applied.
   */
  change: (change: IntegrationChange) => Promise<boolean>;
  /** Deletes the integration (and its paired twin) after the spec 03 §8 confirmation; saved ones on the server too. */
  remove: () => Promise<void>;
}

/** One integration assignment of the draft, by id (re-renders only when that assignment changes). */
export function useIntegration(id: IntegrationAssignmentId): IntegrationAssignment | undefined {
  return useTemplateEditor((state) => state.draft.integrations.find((a) => a.id === id));
}

/**
 * The edits of one integration assignment (spec 03 §4 "Integrations"): updates keep the other
 * assignments' identity (their panels do not re-render); changes run the reset rules and ask their
 * confirmation; deletion asks the confirmation of spec 03 §8 — naming a paired inbound or outbound
 * twin, which goes too — removes it from the draft at once and sends the saved ids to POST
 * /api/v1/integration-assignments/bulk/delete.
 */
export function useIntegrationEditing(id: IntegrationAssignmentId): IntegrationEditing {
  const { store } = useTemplateEditorEnvironment();

  const update = useCallback(
    (recipe: (assignment: IntegrationAssignment) => IntegrationAssignment) =>
      store.update((draft) => updateIntegration(draft, id, recipe)),
    [store, id],
  );

  const change = useCallback(
    async (next: IntegrationChange) => {
      const current = store.getState().draft.integrations.find((a) => a.id === id);
      if (!current) return false;
      const asked = changeConfirmation(current, next);
      if (asked) {
        const isConfirmed = await confirmAction({
          title: 'Reset this integration?',
          message: integrationMessageText(asked.messageId, asked.params),
          confirmLabel: 'Continue',
        });
        if (!isConfirmed) return false;
      }
      store.update((draft) => updateIntegration(draft, id, (a) => applyIntegrationChange(a, next)));
      return true;
    },
    [store, id],
  );

  const remove = useCallback(async () => {
    const all = store.getState().draft.integrations;
    const current = all.find((a) => a.id === id);
    if (!current) return;
    const asked = deletionConfirmation(current, all);
    const isConfirmed = await confirmAction({
      title: asked.pair.length > 0 ? 'Delete paired integrations' : 'Delete integration',
      message: integrationMessageText(asked.messageId, asked.params),
      confirmLabel: 'Delete',
    });
    if (!isConfirmed) return;
    let removedIds: IntegrationAssignmentId[] = [];
    store.update((draft) => {
      const result = deleteIntegration(draft, id, { withPair: true });
      removedIds = result.removedIds;
      return result.template;
    });
    const savedIds = removedIds.filter((removed): removed is number => typeof removed === 'number');
    if (savedIds.length === 0) return;
    try {
      const answer = await apiFetch(integrationAssignmentsApi.bulkDelete, { body: { ids: savedIds } });
      notifySuccess(answer.message);
    } catch (error) {
      notifyFailure(error, INTEGRATION_DELETE_FAILED_MESSAGE);
    }
  }, [store, id]);

  return useMemo(() => ({ update, change, remove }), [update, change, remove]);
}
