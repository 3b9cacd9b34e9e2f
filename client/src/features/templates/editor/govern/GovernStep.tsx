import { EmptyState, Stack } from '@mantine/core';
import {
  addFieldsetFields,
  addLinkField,
  addPatternField,
  deleteTemplateField,
  type Fieldset,
  linkSegmentField,
  moveTemplateField,
  type Pattern,
  refreshPatternField,
  type TemplateFieldId,
  type TemplateFieldMove,
  unlinkSegmentField,
} from '@nomen/shared';
import { IconForms } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { confirmAction } from '../../../../ui/confirmAction';
import { notifyError, notifyFailure, notifyInfo, notifySuccess } from '../../../../ui/notify';
import { useMountedOnceOpened } from '../../../../ui/useMountedOnceOpened';
import { useFieldsets } from '../../../fieldsets/api';
import { usePatterns } from '../../../patterns/api';
import { DatasetPreviewPanel } from '../preview/DatasetPreviewPanel';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../TemplateEditorContext';
import { issueTargetKey } from '../templateEditorStore';
import { CreativeClassificationSection } from './CreativeClassificationSection';
import { FieldDeletionBlockedDialog } from './FieldDeletionBlockedDialog';
import { FieldEditDrawer } from './FieldEditDrawer';
import {
  type DeletionBlockers,
  deleteBlockedReason,
  deletionBlockers,
  templateFieldName,
} from './fieldCardModel';
import { GovernToolbar } from './GovernToolbar';
import { fetchFieldsMappedToIntegrations } from './governApi';
import { LinkGovernanceDrawer } from './link/LinkGovernanceDrawer';
import type { FieldCardActions } from './TemplateFieldCard';
import { TemplateFieldList } from './TemplateFieldList';

/** The query parameter that opens a field's drawer (spec 03 §2 "Query open={fieldId}"). */
export const OPEN_FIELD_PARAM = 'open';

/**
 * The govern step (spec 03 §2 "Govern step", "Field edit drawer rules"; issue 9 item 4): the toolbar
 * (add pattern, add fields from a field set, add link, validation badge, reorder mode), the creative
 * classification section with the creative-classification flag, the dataset preview panel, the template's fields as
 * virtualised 108 px cards (or an empty state when only the hidden id field is there), the field
 * edit drawer, the link governance drawer for the link field, and deletion: blocked deletions show
 * what blocks them (list columns, integrations; for a saved template also what the server maps),
 * others ask for confirmation first (a pattern field takes its segment fields with it and unlinks
 * their link parameters). `?open={templateFieldId}` scrolls to that field's card and opens its
 * drawer once, then leaves the URL.
 */
export function GovernStep() {
  const { store, templateId, hasFlag } = useTemplateEditorEnvironment();
  const [isReorderMode, setReorderMode] = useState(false);
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const [editId, setEditId] = useState<TemplateFieldId | null>(null);
  const [linkId, setLinkId] = useState<TemplateFieldId | null>(null);
  const [blocked, setBlocked] = useState<{ name: string; blockers: DeletionBlockers } | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  // The overlays mount when first opened: the step's first paint is its cards.
  const isEditMounted = useMountedOnceOpened(editId !== null);
  const isLinkMounted = useMountedOnceOpened(linkId !== null);
  const isBlockedMounted = useMountedOnceOpened(blocked !== null);
  const isPreviewMounted = useMountedOnceOpened(isPreviewOpen);
  const patterns = usePatterns();
  const fieldsets = useFieldsets();
  const isEmpty = useTemplateEditor((s) =>
    s.draft.template_fields.every((tf) => tf.governance_type === 'cv_id'),
  );

  // The callbacks read the latest patterns through a ref, so the actions object stays the same
  // and the memoised cards are not re-rendered when the patterns are fetched again.
  const patternsRef = useRef(patterns.data?.data);
  patternsRef.current = patterns.data?.data;

  const openField = useMemo(
    () => (id: TemplateFieldId) => {
      const tf = store.getState().draft.template_fields.find((f) => f.id === id);
      if (!tf) return false;
      if (tf.governance_type === 'link') setLinkId(tf.id);
      else setEditId(tf.id);
      return true;
    },
    [store],
  );

  // ?open={fieldId} scrolls to that field's card and opens its drawer, then the parameter is dropped (replace).
  const openParam = searchParams.get(OPEN_FIELD_PARAM);
  useEffect(() => {
    if (openParam === null) return;
    const tf = store.getState().draft.template_fields.find((f) => String(f.id) === openParam);
    if (tf) {
      // Its card comes into view behind the drawer, so closing the drawer finds it there.
      store.focus(`field:${tf.id}`, 'govern', false);
      openField(tf.id);
    } else notifyError('That field is not in this template.');
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(OPEN_FIELD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [openParam, store, openField, setSearchParams]);

  const actions = useMemo<FieldCardActions>(
    () => ({
      onEdit: (id) => void openField(id),
      onMove: (id, move: TemplateFieldMove) => {
        store.update((d) => moveTemplateField(d, id, move));
        // A long move takes the card out of view: follow it there.
        if (move !== 'up' && move !== 'down') store.focus(`field:${id}`, 'govern');
      },
      onRefresh: (id) => {
        const tf = store.getState().draft.template_fields.find((f) => f.id === id);
        const pattern = patternsRef.current?.find((p) => p.id === tf?.field_id);
        if (!tf || !pattern) {
          notifyError('The pattern could not be read; it may have been deleted.');
          return;
        }
        store.update((d) => refreshPatternField(d, id, pattern));
        notifySuccess(`${templateFieldName(tf)} now has the pattern's latest segments`);
      },
      onUnlink: (id) => store.update((d) => unlinkSegmentField(d, id)),
      onLink: (id) => store.update((d) => linkSegmentField(d, id)),
      onDelete: (id) => {
        void (async () => {
          const draft = store.getState().draft;
          const tf = draft.template_fields.find((f) => f.id === id);
          if (!tf) return;
          const name = templateFieldName(tf);
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
            setBlocked({ name, blockers });
            return;
          }
          const segments = tf.field.is_pattern
            ? draft.template_fields.filter((f) => f.field.segment_parent_field_id === tf.field_id).length
            : 0;
          const confirmed = await confirmAction({
            title: tf.field.is_pattern ? `Delete the pattern ${name}?` : `Delete ${name}?`,
            message: tf.field.is_pattern
              ? `The pattern field and its ${segments} segment ${segments === 1 ? 'field are' : 'fields are'} removed from the template, and link parameters using them are unlinked.`
              : tf.governance_type === 'link'
                ? `${name} is removed from the template with its link parameters and validations.`
                : `${name} is removed from the template, and link parameters using it are unlinked.`,
            confirmLabel: 'Delete',
          });
          if (!confirmed) return;
          store.update((d) => deleteTemplateField(d, id));
        })();
      },
    }),
    [store, templateId, openField],
  );

  const fieldsetNames = useMemo(
    () => new Map((fieldsets.data?.data ?? []).map((s) => [s.id, s.name] as const)),
    [fieldsets.data],
  );

  const jumpToNewField = (before: Set<string>) => {
    const added = store.getState().draft.template_fields.find((tf) => !before.has(String(tf.id)));
    if (added) store.focus(`field:${added.id}`, 'govern');
  };
  const currentIds = () => new Set(store.getState().draft.template_fields.map((tf) => String(tf.id)));

  const onAddPattern = (pattern: Pattern) => {
    const before = currentIds();
    store.update((d) => addPatternField(d, pattern));
    jumpToNewField(before);
  };
  const onAddFields = (fieldset: Fieldset, fieldIds: number[]) => {
    const before = currentIds();
    store.update((d) => addFieldsetFields(d, fieldset, fieldIds));
    jumpToNewField(before);
  };
  const onAddLink = () => {
    const before = currentIds();
    store.update(addLinkField);
    // The link card is only the start: its parameters and validations are built in its drawer.
    const added = store.getState().draft.template_fields.find((tf) => !before.has(String(tf.id)));
    if (added) {
      store.focus(`field:${added.id}`, 'govern', false);
      setLinkId(added.id);
    }
  };
  const onShowFirstError = () => {
    // This step's errors jump here; those of other steps are listed in the header's popover.
    const first = store
      .issues()
      .find((i) => i.type === 'ERROR' && (i.step === 'govern' || i.step === 'creative'));
    if (first) store.focus(issueTargetKey(first), first.step);
    else notifyInfo('The errors are on other steps: open the notifications to go to them.');
  };

  return (
    <Stack gap="md">
      <GovernToolbar
        onAddPattern={onAddPattern}
        onAddFields={onAddFields}
        onAddLink={onAddLink}
        onShowFirstError={onShowFirstError}
        onPreview={() => setPreviewOpen(true)}
        isReorderMode={isReorderMode}
        onReorderModeChange={setReorderMode}
      />
      {hasFlag('creative-classification') ? <CreativeClassificationSection /> : null}
      {isEmpty ? (
        <EmptyState
          py="xl"
          icon={<IconForms size={28} aria-hidden />}
          title="This template has no fields yet"
          description="Add a pattern, fields from a field set, or the link field. The hidden ID field is added for you."
        />
      ) : (
        <TemplateFieldList isReorderMode={isReorderMode} actions={actions} fieldsetNames={fieldsetNames} />
      )}
      {isEditMounted ? <FieldEditDrawer fieldId={editId} onClose={() => setEditId(null)} /> : null}
      {isLinkMounted ? <LinkGovernanceDrawer fieldId={linkId} onClose={() => setLinkId(null)} /> : null}
      {isBlockedMounted ? (
        <FieldDeletionBlockedDialog blocked={blocked} onClose={() => setBlocked(null)} />
      ) : null}
      {isPreviewMounted ? (
        <DatasetPreviewPanel opened={isPreviewOpen} onClose={() => setPreviewOpen(false)} />
      ) : null}
    </Stack>
  );
}
