import {
  deleteTemplateField,
  linkSegmentField,
  moveTemplateField,
  type Pattern,
  refreshPatternField,
  type TemplateFieldId,
  type TemplateFieldMove,
  unlinkSegmentField,
} from '@nomen/shared';
import { type RefObject, useMemo } from 'react';
import { confirmAction } from '../../../../ui/confirmAction';
import { notifyError, notifyFailure, notifySuccess } from '../../../../ui/notify';
import type { TemplateEditorStore } from '../templateEditorStore';
import {
  type DeletionBlockers,
  deleteBlockedReason,
  deletionBlockers,
  deletionQuestion,
  templateFieldName,
} from './fieldCardModel';
import { fetchFieldsMappedToIntegrations } from './governApi';
import type { FieldCardActions } from './TemplateFieldCard';

/** A deletion that something blocks, as the blocked dialog shows it (spec 03 §2). */
export interface BlockedDeletion {
  name: string;
  blockers: DeletionBlockers;
}

/** What the govern step's field card actions need. */
export interface FieldCardActionsContext {
  store: TemplateEditorStore;
  /** The saved template's id, or null for a new template. */
  templateId: number | null;
  /** Opens a field's drawer (the link drawer for the link field); false when the field is gone. */
  openField: (id: TemplateFieldId) => boolean;
  /** The latest patterns, read through a ref so the actions object stays the same when they are fetched again. */
  patternsRef: RefObject<readonly Pattern[] | undefined>;
  /** Shows the blocked-deletion dialog; stable (a state setter). */
  onBlocked: (blocked: BlockedDeletion) => void;
}

/**
 * The govern step's card actions (spec 03 §2 "Govern step"): edit opens the drawer, move (following
 * a long move with the focus), refresh from the pattern, unlink / link a segment, and delete (see
 * deleteFieldAsked). One stable object, so the memoised cards do not re-render.
 */
export function useFieldCardActions(context: FieldCardActionsContext): FieldCardActions {
  const { store, templateId, openField, patternsRef, onBlocked } = context;
  return useMemo<FieldCardActions>(
    () => ({
      onEdit: (id) => void openField(id),
      onMove: (id, move: TemplateFieldMove) => {
        store.update((d) => moveTemplateField(d, id, move));
        // A long move takes the card out of view: follow it there.
        if (move !== 'up' && move !== 'down') store.focus(`field:${id}`, 'govern');
      },
      onRefresh: (id) => refreshFromPattern(store, id, patternsRef.current),
      onUnlink: (id) => store.update((d) => unlinkSegmentField(d, id)),
      onLink: (id) => store.update((d) => linkSegmentField(d, id)),
      onDelete: (id) => void deleteFieldAsked(store, templateId, id, onBlocked),
    }),
    // onBlocked (a state setter) and patternsRef are stable: the object changes with the store,
    // the template id or openField only.
    [store, templateId, openField, patternsRef, onBlocked],
  );
}

/** Pulls a pattern field's new segments from its pattern (spec 03 §2 refresh), or says it cannot. */
function refreshFromPattern(
  store: TemplateEditorStore,
  id: TemplateFieldId,
  patterns: readonly Pattern[] | undefined,
): void {
  const tf = store.getState().draft.template_fields.find((f) => f.id === id);
  const pattern = patterns?.find((p) => p.id === tf?.field_id);
  if (!tf || !pattern) {
    notifyError('The pattern could not be read; it may have been deleted.');
    return;
  }
  store.update((d) => refreshPatternField(d, id, pattern));
  notifySuccess(`${templateFieldName(tf)} now has the pattern's latest segments`);
}

/**
 * Deletes a template field after the checks of spec 03 §2: a field whose card forbids deletion says
 * why; one that list columns or integrations use (for a saved template also what the server maps)
 * opens the blocked dialog through `onBlocked`; others are deleted once confirmed.
 */
async function deleteFieldAsked(
  store: TemplateEditorStore,
  templateId: number | null,
  id: TemplateFieldId,
  onBlocked: (blocked: BlockedDeletion) => void,
): Promise<void> {
  const draft = store.getState().draft;
  const tf = draft.template_fields.find((f) => f.id === id);
  if (!tf) return;
  const reason = deleteBlockedReason(tf);
  if (reason) {
    notifyError(reason);
    return;
  }
  let saved: Awaited<ReturnType<typeof fetchFieldsMappedToIntegrations>> = [];
  if (templateId !== null && typeof tf.id === 'number') {
    try {
      saved = await fetchFieldsMappedToIntegrations(templateId);
    } catch (error) {
      notifyFailure(error, 'Could not check which integrations use the field');
      return;
    }
  }
  const blockers = deletionBlockers(store.getState().draft, id, saved);
  if (blockers) {
    onBlocked({ name: templateFieldName(tf), blockers });
    return;
  }
  const segments = tf.field.is_pattern
    ? draft.template_fields.filter((f) => f.field.segment_parent_field_id === tf.field_id).length
    : 0;
  const confirmed = await confirmAction({ ...deletionQuestion(tf, segments), confirmLabel: 'Delete' });
  if (!confirmed) return;
  store.update((d) => deleteTemplateField(d, id));
}
