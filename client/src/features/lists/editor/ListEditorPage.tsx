import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LIST_MAX_COLUMNS, LIST_MAX_ROWS } from '@nomen/shared';
import { type RefObject, useCallback, useRef } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { EditorRoute, editorWords } from '../../../ui/form/EditorRoute';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useSignedIn } from '../../auth/api';
import { useWording } from '../../shell/useWording';
import { CollabErrorBoundary } from '../collab/CollabErrorBoundary';
import { CollaborationLayer } from '../collab/CollaborationLayer';
import { COMMENTS_PANEL_WIDTH } from '../collab/CommentsPanel';
import { CommentsToggle } from '../collab/CommentsToggle';
import { LockOverlay } from '../collab/LockOverlay';
import { PresenceAvatars } from '../collab/PresenceAvatars';
import {
  LIVE_COLLABORATION_FLAG,
  type ListCollaboration,
  useListCollaboration,
} from '../collab/useListCollaboration';
import { defaultColumnName, insertColumn } from '../grid/gridData';
import type { GridData } from '../grid/gridTypes';
import { SpreadsheetGrid, type SpreadsheetGridHandle } from '../grid/SpreadsheetGrid';
import { LinkTemplateDialog } from './LinkTemplateDialog';
import {
  DropDownColumnsNotice,
  ListEditorHeader,
  ListEditorNotices,
  ListMetaForm,
} from './ListEditorSections';
import { ListEditorToolbar } from './ListEditorToolbar';
import { editorRouteSourceOf, type ListEditorDoc, useListEditor } from './useListEditor';
import { listCsvActions, useListLinking, useListSave } from './useListEditorActions';

const DROP_DOWN_COLUMN_REASON = 'Drop-down lists have a single column';

/**
 * The list editor (spec 02 §2 /admin/lists/edit/{id} and /admin/lists-manager/edit/{id}; issue 3
 * §4-6): a header card with the list's name (or "New list") and a back button; the form row
 * (name, required; description, the notes; type) with Save; the toolbar with the last-saved time
 * and state dot, undo/redo, add column, CSV import and export; and the spreadsheet grid. `id` may
 * be "new", and ?duplicate={listId} opens an unsaved copy. Template-powered lists are read-only
 * with a notice. Leaving with unsaved changes asks first.
 *
 * With live collaboration on (issue 4; spec 02 §2, §4-6, §8) a saved list joins its room: review
 * marks and collaborators' outlines on cells, presence avatars and the comments toggle in the
 * toolbar, the comments panel and cell popover, the header's lock icon, the lock overlay and a
 * read-only grid while someone else reviews (and always for non-approvers, with a note saying
 * why and what they can do: issue 8 item 15), the offline banner,
 * Save blocked while suggestions await a decision and run as the review's save sequence, and an
 * error boundary around it all. With the flag off the editor is unchanged.
 */
export function ListEditorPage() {
  const { id = 'new' } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const editor = useListEditor(id, id === 'new' ? searchParams.get('duplicate') : null);
  const isLive = useSignedIn().features.includes(LIVE_COLLABORATION_FLAG);
  const base = listsBaseOf(location.pathname);
  const words = editorWords('list', 'lists', base);
  const skeleton = (
    <Group justify="center" mih="50vh" gap="sm" aria-busy="true">
      <Loader size="sm" />
      <Text c="dimmed">Loading list…</Text>
    </Group>
  );

  return (
    <EditorRoute editor={editorRouteSourceOf(editor)} words={words} skeleton={skeleton}>
      {({ start }) => {
        // No remount key: the editor keeps its state when the first save replaces /new with the id.
        const ready = <ListEditorReady doc={start} editor={editor} />;
        return isLive ? <CollabErrorBoundary>{ready}</CollabErrorBoundary> : ready;
      }}
    </EditorRoute>
  );
}

/** How far the cells of a list being opened have arrived (issue 14 item 5). */
function CellsLoading({ loaded, total }: { loaded: number; total: number }) {
  const percent = total > 0 ? Math.min(99, Math.floor((100 * loaded) / total)) : 0;
  return (
    <Group gap="sm" wrap="nowrap" role="status">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Loading cells… {percent}%
      </Text>
      <Progress value={percent} size="sm" style={{ flex: 1 }} aria-label="Cells loaded" />
    </Group>
  );
}

/** The list screens a list editor route belongs to: the lists page or the lists manager (spec 02 §2). */
function listsBaseOf(pathname: string): string {
  return pathname.startsWith('/admin/lists-manager') ? '/admin/lists-manager' : '/admin/lists';
}

/**
 * The editor once the list is loaded (spec 02 §2): the list's state and
 * rules (read-only, Save, column limit) from useListEditorState, then the header, notices, form
 * row, link dialog, toolbar, the grid and the collaboration layer.
 */
function ListEditorReady({ doc, editor }: { doc: ListEditorDoc; editor: ReturnType<typeof useListEditor> }) {
  const { Word, word } = useWording();
  const location = useLocation();
  const gridRef = useRef<SpreadsheetGridHandle>(null);
  const gridContainerRef = useRef<HTMLElement>(null);
  const { allowNextNavigation } = useLeaveConfirmation(
    editor.isDirty,
    'This list has unsaved changes. If you leave now, they are lost.',
  );
  const base = listsBaseOf(location.pathname);
  const { saved } = doc;
  const data = doc.history.present;
  const me = useSignedIn();
  const collab = useListCollaboration({
    me,
    listId: saved.id,
    data,
    changeGrid: editor.changeGrid,
    isDirty: editor.isDirty,
    refetchList: editor.refresh,
    gridRef,
    gridContainerRef,
  });
  const actions = { doc, editor, base, allowNextNavigation };
  const save = useListSave(actions, collab.save, () => gridRef.current?.focus());
  const linking = useListLinking(actions, word);
  const state = listEditorState(doc, editor, collab, me.features, save.isNameTouched);
  useDocumentTitle(`${state.title} · Nomen`);
  const onGridChange = useCallback((next: GridData) => editor.changeGrid(next), [editor.changeGrid]);

  return (
    <Stack
      gap="md"
      // The comments panel sits over the right edge: the editor makes room for it (Save stays reachable).
      pr={
        collab.panelOpened
          ? `calc(${COMMENTS_PANEL_WIDTH}px - var(--mantine-spacing-xl) + var(--mantine-spacing-md))`
          : 0
      }
      style={{ transition: 'padding-right 200ms ease' }}
    >
      <ListEditorHeader
        title={state.title}
        base={base}
        isPowered={state.isPowered}
        templateWord={Word}
        collab={collab}
      />
      <ListEditorNotices isPowered={state.isPowered} templateWord={Word} collab={collab} />
      <ListFormSection doc={doc} editor={editor} state={state} save={save} linking={linking} word={word} />
      {state.isDropDown && data.columns.length > 1 && !state.isPowered ? <DropDownColumnsNotice /> : null}
      <ListToolbarSection
        doc={doc}
        editor={editor}
        collab={collab}
        state={state}
        templateWord={Word}
        onGridChange={onGridChange}
        gridRef={gridRef}
      />
      {doc.loading ? <CellsLoading loaded={doc.loading.loaded} total={doc.loading.total} /> : null}
      <ListGridSection
        doc={doc}
        editor={editor}
        collab={collab}
        state={state}
        onGridChange={onGridChange}
        gridRef={gridRef}
        gridContainerRef={gridContainerRef}
      />
      <CollaborationLayer collab={collab} data={data} listId={saved.id} />
    </Stack>
  );
}

/**
 * The list's form row and its link dialog (spec 02 §2, §4, §6): name, description, type, Save and
 * the link to a template; the dialog is open for the type `linking` holds.
 */
function ListFormSection({
  doc,
  editor,
  state,
  save,
  linking,
  word,
}: {
  doc: ListEditorDoc;
  editor: ReturnType<typeof useListEditor>;
  state: ListEditorState;
  save: ReturnType<typeof useListSave>;
  linking: ReturnType<typeof useListLinking>;
  word: string;
}) {
  const { linkType } = linking;
  return (
    <>
      <ListMetaForm
        meta={doc.meta}
        onMetaChange={editor.setMeta}
        nameError={state.nameError}
        onNameBlur={save.touchName}
        isReadOnly={state.isReadOnly}
        isPowered={state.isPowered}
        isSaving={state.isSaving}
        isSaveDisabled={state.isSaveDisabled}
        reviewBlock={state.reviewBlock}
        onSave={() => void save.onSave()}
        canLink={state.canLink}
        onOpenLink={linking.setLinkType}
        word={word}
      />
      {linkType ? (
        <LinkTemplateDialog
          type={linkType}
          currentTemplateId={doc.saved.poweredTemplateId}
          onLink={(choice) => linking.onLink(linkType, choice)}
          onUnlink={linking.onUnlink}
          onClose={() => linking.setLinkType(null)}
        />
      ) : null}
    </>
  );
}

/** What the list editor's toolbar and grid sections are given by ListEditorReady. */
interface ListEditorSectionProps {
  doc: ListEditorDoc;
  editor: ReturnType<typeof useListEditor>;
  collab: ListCollaboration;
  state: ListEditorState;
  /** The grid's change handler, memoised so the grid's rows keep their props (FIELD-NOTES grid). */
  onGridChange: (next: GridData) => void;
  gridRef: RefObject<SpreadsheetGridHandle | null>;
}

/**
 * The list editor's toolbar (spec 02 §2): last saved, undo and redo, add column (or
 * why not), CSV import and export, find in the grid and, with live collaboration, presence and the
 * comments toggle.
 */
function ListToolbarSection({
  doc,
  editor,
  collab,
  state,
  templateWord: Word,
  onGridChange,
  gridRef,
}: ListEditorSectionProps & { templateWord: string }) {
  const data = doc.history.present;
  const { saved } = doc;
  const csv = listCsvActions(data, doc.meta, state.title, editor.changeGrid);
  return (
    <ListEditorToolbar
      lastSaved={saved.id === null ? null : saved.updatedAt}
      isLoading={state.isLoadingCells}
      isDirty={editor.isDirty}
      canUndo={doc.history.past.length > 0}
      canRedo={doc.history.future.length > 0}
      isReadOnly={state.isReadOnly}
      readOnlyReason={
        state.isPowered
          ? `Powered by a ${Word.toLowerCase()}: read-only`
          : state.isLoadingCells
            ? 'The list is still loading'
            : collab.readOnlyReason
      }
      addColumnBlockedReason={state.addColumnBlockedReason}
      onUndo={editor.undo}
      onRedo={editor.redo}
      onAddColumn={() =>
        onGridChange(insertColumn(data, data.columns.length, defaultColumnName(data.columns)))
      }
      onImport={(file) => void csv.onImport(file)}
      onExport={csv.onExport}
      onFind={() => gridRef.current?.openFind()}
      collaboration={collab.isLive ? <CollaborationTools collab={collab} /> : null}
    />
  );
}

/**
 * The list's grid in its "List values" section (spec 02 §2, §9): read-only as the state
 * says, single-column for drop-down lists, with the review's decorations, cell actions and lock
 * overlay; under live collaboration the section reports activity and the review's keys.
 */
function ListGridSection({
  doc,
  editor,
  collab,
  state,
  onGridChange,
  gridRef,
  gridContainerRef,
}: ListEditorSectionProps & { gridContainerRef: RefObject<HTMLElement | null> }) {
  const { saved } = doc;
  const data = doc.history.present;
  return (
    <section
      ref={gridContainerRef}
      aria-label="List values"
      onPointerMove={collab.isLive ? collab.session.onActivity : undefined}
      onKeyDown={
        collab.isLive
          ? (event) => {
              collab.session.onActivity();
              if (!state.isPowered) collab.onGridKeyDown(event);
            }
          : undefined
      }
    >
      <SpreadsheetGrid
        ref={gridRef}
        label={saved.id === null ? 'New list' : `${saved.meta.name} values`}
        data={data}
        onChange={onGridChange}
        onUndo={editor.undo}
        onRedo={editor.redo}
        isReadOnly={state.isReadOnly}
        columnLimit={state.isDropDown ? 1 : LIST_MAX_COLUMNS}
        rowLimit={LIST_MAX_ROWS}
        isSingleColumn={state.isDropDown}
        columnLimitReason={state.isDropDown ? DROP_DOWN_COLUMN_REASON : undefined}
        height="max(320px, calc(100dvh - 330px))"
        getCellDecoration={collab.getCellDecoration}
        onActiveCellChange={collab.isLive ? collab.onActiveCellChange : undefined}
        // A template-powered list's values come from its template: nothing to comment or suggest.
        cellActions={state.isPowered ? undefined : collab.cellActions}
        overlay={
          collab.isLive && collab.session.lockHolder === 'other' ? (
            <LockOverlay holderName={collab.snapshot.lock.lockedByName} />
          ) : undefined
        }
      />
    </section>
  );
}

/** What the list editor shows and allows, as listEditorState answers it. */
type ListEditorState = ReturnType<typeof listEditorState>;

/**
 * What the list editor shows and allows (spec 02 §2, §4-6): the title, whether
 * the list is template-powered, still loading its cells, saving or read-only, whether it is a
 * drop-down list, whether the link to a template shows, why a column cannot be added, the name's
 * error, why the review blocks Save, and whether Save is disabled.
 */
function listEditorState(
  doc: ListEditorDoc,
  editor: ReturnType<typeof useListEditor>,
  collab: ListCollaboration,
  features: readonly string[],
  isNameTouched: boolean,
) {
  const { saved, meta } = doc;
  const isSaving = editor.isSaving || collab.session.isSaving;
  const isPowered = saved.poweredTemplateId !== null;
  // The first rows show while the rest arrives; nothing is editable until all are in.
  const isLoadingCells = doc.loading !== null;
  const isDropDown = meta.type === 'drop-down';
  const isNameBlank = meta.name.trim() === '';
  const hasQueuedDecisions = collab.session.queue.size > 0;
  return {
    title: saved.id === null ? 'New list' : saved.meta.name || 'Loading list…',
    isSaving,
    isPowered,
    isLoadingCells,
    isReadOnly: isPowered || isSaving || collab.isReviewReadOnly || isLoadingCells,
    isDropDown,
    // Spec 02 §2, §6: the link button shows with datasets-page or lists-as-datasets, for approvers.
    canLink:
      (features.includes('datasets-page') || features.includes('lists-as-datasets')) &&
      (!collab.isLive || collab.isApprover),
    addColumnBlockedReason: isDropDown
      ? DROP_DOWN_COLUMN_REASON
      : doc.history.present.columns.length >= LIST_MAX_COLUMNS
        ? `A list holds at most ${LIST_MAX_COLUMNS} columns`
        : null,
    nameError: isNameTouched && isNameBlank ? 'Enter a name for the list' : null,
    // Blocked by the review (spec 02 §5): stays focusable so its tooltip can say why.
    reviewBlock: isPowered ? null : collab.saveBlockedReason,
    isSaveDisabled:
      isPowered ||
      isLoadingCells ||
      isNameBlank ||
      (!editor.isDirty && !hasQueuedDecisions && saved.id !== null),
  };
}

/** The toolbar's live-collaboration tools: presence avatars and the comments toggle. */
function CollaborationTools({ collab }: { collab: ListCollaboration }) {
  return (
    <>
      <PresenceAvatars presence={collab.snapshot.presence} />
      <CommentsToggle
        opened={collab.panelOpened}
        onToggle={() => collab.setPanelOpened(!collab.panelOpened)}
        count={collab.unresolvedCount}
      />
    </>
  );
}
