import { EmptyState, Stack } from '@mantine/core';
import type { TemplateFieldId } from '@nomen/shared';
import { IconForms } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useMountedOnceOpened } from '../../../../ui/useMountedOnceOpened';
import { useFieldsets } from '../../../fieldsets/api';
import { usePatterns } from '../../../patterns/api';
import { DatasetPreviewPanel } from '../preview/DatasetPreviewPanel';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../TemplateEditorContext';
import { CreativeClassificationSection } from './CreativeClassificationSection';
import { FieldDeletionBlockedDialog } from './FieldDeletionBlockedDialog';
import { FieldEditDrawer } from './FieldEditDrawer';
import { GovernToolbar } from './GovernToolbar';
import { LinkGovernanceDrawer } from './link/LinkGovernanceDrawer';
import { TemplateFieldList } from './TemplateFieldList';
import { type BlockedDeletion, useFieldCardActions } from './useFieldCardActions';
import { useGovernAdditions } from './useGovernAdditions';
import { useOpenFieldParam } from './useOpenFieldParam';

export { OPEN_FIELD_PARAM } from './useOpenFieldParam';

/**
 * The govern step (spec 03 §2 "Govern step", "Field edit drawer rules"): the toolbar
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
  const [blocked, setBlocked] = useState<BlockedDeletion | null>(null);
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
  useOpenFieldParam(store, openField);
  const actions = useFieldCardActions({ store, templateId, openField, patternsRef, onBlocked: setBlocked });
  const additions = useGovernAdditions(store, setLinkId);

  const fieldsetNames = useMemo(
    () => new Map((fieldsets.data?.data ?? []).map((s) => [s.id, s.name] as const)),
    [fieldsets.data],
  );

  return (
    <Stack gap="md">
      <GovernToolbar
        {...additions}
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
      <GovernOverlays
        editId={editId}
        onEditClose={() => setEditId(null)}
        linkId={linkId}
        onLinkClose={() => setLinkId(null)}
        blocked={blocked}
        onBlockedClose={() => setBlocked(null)}
        isPreviewOpen={isPreviewOpen}
        onPreviewClose={() => setPreviewOpen(false)}
      />
    </Stack>
  );
}

/**
 * The govern step's overlays: the field edit drawer, the link governance drawer, the blocked
 * deletion dialog and the dataset preview panel, each mounted when first opened so that the step's
 * first paint is its cards.
 */
function GovernOverlays(props: {
  editId: TemplateFieldId | null;
  onEditClose: () => void;
  linkId: TemplateFieldId | null;
  onLinkClose: () => void;
  blocked: BlockedDeletion | null;
  onBlockedClose: () => void;
  isPreviewOpen: boolean;
  onPreviewClose: () => void;
}) {
  const isEditMounted = useMountedOnceOpened(props.editId !== null);
  const isLinkMounted = useMountedOnceOpened(props.linkId !== null);
  const isBlockedMounted = useMountedOnceOpened(props.blocked !== null);
  const isPreviewMounted = useMountedOnceOpened(props.isPreviewOpen);
  return (
    <>
      {isEditMounted ? <FieldEditDrawer fieldId={props.editId} onClose={props.onEditClose} /> : null}
      {isLinkMounted ? <LinkGovernanceDrawer fieldId={props.linkId} onClose={props.onLinkClose} /> : null}
      {isBlockedMounted ? (
        <FieldDeletionBlockedDialog blocked={props.blocked} onClose={props.onBlockedClose} />
      ) : null}
      {isPreviewMounted ? (
        <DatasetPreviewPanel opened={props.isPreviewOpen} onClose={props.onPreviewClose} />
      ) : null}
    </>
  );
}
