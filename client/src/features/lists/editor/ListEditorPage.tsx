import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LIST_MAX_COLUMNS, LIST_MAX_ROWS, LIST_TYPES, type ListType } from '@nomen/shared';
import { IconAlertCircle, IconArrowLeft, IconLink, IconLock, IconMessage2 } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { confirmAction } from '../../../ui/confirmAction';
import { EditorRoute, editorWords } from '../../../ui/form/EditorRoute';
import { notifyError, notifyFailure, notifySuccess } from '../../../ui/notify';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useSignedIn } from '../../auth/api';
import { useWording } from '../../shell/useWording';
import { type ListAttributes, powerList, unpowerList } from '../api';
import { CollabErrorBoundary } from '../collab/CollabErrorBoundary';
import { CollaborationLayer } from '../collab/CollaborationLayer';
import { COMMENTS_PANEL_WIDTH } from '../collab/CommentsPanel';
import { CommentsToggle } from '../collab/CommentsToggle';
import { LockBadge } from '../collab/LockBadge';
import { LockOverlay } from '../collab/LockOverlay';
import { OfflineBanner } from '../collab/OfflineBanner';
import { PresenceAvatars } from '../collab/PresenceAvatars';
import {
  APPROVE_RIGHT_NEEDED_MESSAGE,
  LIVE_COLLABORATION_FLAG,
  useListCollaboration,
} from '../collab/useListCollaboration';
import { defaultColumnName, insertColumn, replaceContent } from '../grid/gridData';
import type { GridData } from '../grid/gridTypes';
import { SpreadsheetGrid, type SpreadsheetGridHandle } from '../grid/SpreadsheetGrid';
import { LinkTemplateDialog, type PoweringChoice } from './LinkTemplateDialog';
import { ListEditorToolbar } from './ListEditorToolbar';
import { csvFileName, gridToCsv, parseCsv } from './listCsv';
import { editorRouteSourceOf, type ListEditorDoc, useListEditor } from './useListEditor';

const TYPE_LABELS: Record<ListType, string> = {
  'drop-down': 'Drop-down',
  'drill-down': 'Drill-down',
  dependent: 'Dependent',
};
const TYPE_OPTIONS = LIST_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
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

/** The editor once the list is loaded. */
function ListEditorReady({ doc, editor }: { doc: ListEditorDoc; editor: ReturnType<typeof useListEditor> }) {
  const { Word, word } = useWording();
  const navigate = useNavigate();
  const location = useLocation();
  const gridRef = useRef<SpreadsheetGridHandle>(null);
  const gridContainerRef = useRef<HTMLElement>(null);
  const [isNameTouched, setIsNameTouched] = useState(false);
  // The list type the link dialog is open for (a powered list's type change opens it too), or null.
  const [linkType, setLinkType] = useState<ListType | null>(null);
  const { allowNextNavigation } = useLeaveConfirmation(
    editor.isDirty,
    'This list has unsaved changes. If you leave now, they are lost.',
  );
  const base = listsBaseOf(location.pathname);
  const { saved, meta } = doc;
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
  const isSaving = editor.isSaving || collab.session.isSaving;
  const isPowered = saved.poweredTemplateId !== null;
  // Issue 14 item 5: the first rows show while the rest arrives; nothing is editable until all are in.
  const isLoadingCells = doc.loading !== null;
  const isReadOnly = isPowered || isSaving || collab.isReviewReadOnly || isLoadingCells;
  const isDropDown = meta.type === 'drop-down';
  // Spec 02 §2, §6: the link button shows with datasets-page or lists-as-datasets, for approvers.
  const canLink =
    (me.features.includes('datasets-page') || me.features.includes('lists-as-datasets')) &&
    (!collab.isLive || collab.isApprover);
  const title = saved.id === null ? 'New list' : saved.meta.name || 'Loading list…';
  useDocumentTitle(`${title} · Nomen`);

  const columnLimit = isDropDown ? 1 : LIST_MAX_COLUMNS;
  const addColumnBlockedReason = isDropDown
    ? DROP_DOWN_COLUMN_REASON
    : data.columns.length >= LIST_MAX_COLUMNS
      ? `A list holds at most ${LIST_MAX_COLUMNS} columns`
      : null;
  const nameError = isNameTouched && meta.name.trim() === '' ? 'Enter a name for the list' : null;
  // Blocked by the review (spec 02 §5): stays focusable so its tooltip can say why.
  const reviewBlock = isPowered ? null : collab.saveBlockedReason;
  const hasQueuedDecisions = collab.session.queue.size > 0;
  const isSaveDisabled =
    isPowered ||
    isLoadingCells ||
    meta.name.trim() === '' ||
    (!editor.isDirty && !hasQueuedDecisions && saved.id !== null);

  const onSave = async () => {
    setIsNameTouched(true);
    const result = { savedId: null as number | null };
    await collab.save(async () => {
      result.savedId = await editor.save();
      return result.savedId !== null;
    });
    const { savedId } = result;
    if (savedId !== null && saved.id === null) {
      allowNextNavigation();
      void navigate(`${base}/edit/${savedId}`, { replace: true });
    }
    gridRef.current?.focus();
  };

  const attributesOf = (type: ListType): ListAttributes => ({
    id: saved.id,
    updatedAt: saved.updatedAt,
    name: meta.name.trim(),
    notes: meta.notes,
    type,
  });
  /** After a link or unlink: a new list moves to its saved route, a saved one reads itself again. */
  const showLinked = (id: number) => {
    if (saved.id === null) {
      allowNextNavigation();
      void navigate(`${base}/edit/${id}`, { replace: true });
    } else editor.refresh();
  };
  const onLink = async (type: ListType, choice: PoweringChoice): Promise<boolean> => {
    try {
      const answer = await powerList(attributesOf(type), choice.templateId, choice.fields);
      notifySuccess(`The list now shows the ${word}’s submitted values`);
      showLinked(answer.id);
      return true;
    } catch (error) {
      notifyFailure(error, 'The list could not be linked. Please try again.');
      return false;
    }
  };
  const onUnlink = async (): Promise<boolean> => {
    if (saved.id === null) return true;
    try {
      await unpowerList({ ...attributesOf(saved.meta.type), id: saved.id });
      notifySuccess(`The list was unlinked; its values are its own again`);
      showLinked(saved.id);
      return true;
    } catch (error) {
      notifyFailure(error, 'The list could not be unlinked. Please try again.');
      return false;
    }
  };

  const onImport = async (file: File) => {
    const parsed = parseCsv(await file.text());
    if ('error' in parsed) {
      notifyError(parsed.error);
      return;
    }
    let { header, rows } = parsed;
    if (!isDropDown && header.length > LIST_MAX_COLUMNS) {
      notifyError(
        `The file has ${header.length} columns; a list holds at most ${LIST_MAX_COLUMNS}. Nothing was imported.`,
      );
      return;
    }
    if (rows.length > LIST_MAX_ROWS) {
      notifyError(
        `The file has ${rows.length.toLocaleString('en-US')} rows; a list holds at most ${LIST_MAX_ROWS.toLocaleString('en-US')}. Nothing was imported.`,
      );
      return;
    }
    const trimmed = isDropDown && header.length > 1 ? header.length - 1 : 0;
    if (trimmed > 0) {
      header = header.slice(0, 1);
      rows = rows.map((row) => row.slice(0, 1));
    }
    const isConfirmed = await confirmAction({
      title: 'Replace the list’s content?',
      message: `The grid will hold the ${rows.length.toLocaleString('en-US')} rows and ${header.length} column${header.length === 1 ? '' : 's'} of ${file.name}${trimmed > 0 ? ` (drop-down lists keep the first column; ${trimmed} more left out)` : ''}. You can undo this until you save.`,
      confirmLabel: 'Replace',
      isDestructive: false,
    });
    if (isConfirmed) editor.changeGrid(replaceContent(data, header, rows));
  };

  const onExport = () => {
    const blob = new Blob([gridToCsv(data)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName(meta.name || title);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

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
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" wrap="nowrap">
          <Tooltip label="Back to lists" withArrow>
            <ActionIcon variant="subtle" size="lg" aria-label="Back to lists" onClick={() => navigate(base)}>
              <IconArrowLeft size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {isPowered ? (
            <Tooltip label={`Powered by a ${Word.toLowerCase()}: read-only`} withArrow>
              <IconLock size={18} aria-label="Read-only" />
            </Tooltip>
          ) : null}
          {collab.isLive ? <LockBadge lock={collab.snapshot.lock} userId={collab.actions.userId} /> : null}
        </Group>
      </Paper>

      {collab.isLive ? (
        <OfflineBanner
          status={collab.snapshot.status}
          error={collab.snapshot.error}
          onRetry={() => window.location.reload()}
        />
      ) : null}

      {isPowered ? (
        <Alert
          color="blue"
          icon={<IconLock size={18} aria-hidden />}
          title={`Powered by a ${Word.toLowerCase()}`}
        >
          This list’s values come from data submitted through a {Word.toLowerCase()}, so they cannot be edited
          here.
        </Alert>
      ) : null}

      {collab.isLive && !collab.isApprover && !isPowered ? (
        // Spec 02 §6, issue 8 item 15: say why the grid is read-only and what this user can do.
        <Alert
          color="blue"
          icon={<IconMessage2 size={18} aria-hidden />}
          py="xs"
          data-testid="review-rights-note"
        >
          {APPROVE_RIGHT_NEEDED_MESSAGE}
        </Alert>
      ) : null}

      <Group align="flex-start" gap="md" wrap="nowrap">
        <TextInput
          label="Name"
          required
          value={meta.name}
          onChange={(event) => editor.setMeta({ ...meta, name: event.currentTarget.value })}
          onBlur={() => setIsNameTouched(true)}
          error={nameError}
          disabled={isReadOnly}
          maxLength={255}
          style={{ flex: 2 }}
        />
        <TextInput
          label="Description"
          value={meta.notes}
          onChange={(event) => editor.setMeta({ ...meta, notes: event.currentTarget.value })}
          disabled={isReadOnly}
          maxLength={2000}
          style={{ flex: 3 }}
        />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          value={meta.type}
          onChange={(value) => {
            if (!value) return;
            // Spec 02 §4: changing the type of a powered list opens the link dialog.
            if (isPowered) setLinkType(value as ListType);
            else editor.setMeta({ ...meta, type: value as ListType });
          }}
          allowDeselect={false}
          disabled={isPowered ? !canLink || isSaving : isReadOnly}
          w={170}
        />
        <Tooltip label={reviewBlock} disabled={!reviewBlock} withArrow multiline maw={300}>
          <Button
            mt={25}
            onClick={() => {
              if (!reviewBlock) void onSave();
            }}
            loading={isSaving}
            disabled={!reviewBlock && isSaveDisabled}
            data-disabled={reviewBlock ? true : undefined}
            aria-disabled={reviewBlock ? true : undefined}
            aria-description={reviewBlock ?? undefined}
          >
            Save
          </Button>
        </Tooltip>
        {canLink ? (
          <Tooltip label="Name the list first" disabled={meta.name.trim() !== ''} withArrow>
            <Button
              mt={25}
              variant="default"
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={() => setLinkType(meta.type)}
              disabled={isSaving || meta.name.trim() === ''}
            >
              {isPowered ? `Change ${word} link` : `Link to ${word}`}
            </Button>
          </Tooltip>
        ) : null}
      </Group>

      {linkType ? (
        <LinkTemplateDialog
          type={linkType}
          currentTemplateId={saved.poweredTemplateId}
          onLink={(choice) => onLink(linkType, choice)}
          onUnlink={onUnlink}
          onClose={() => setLinkType(null)}
        />
      ) : null}

      {isDropDown && data.columns.length > 1 && !isPowered ? (
        <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden />} py="xs">
          Drop-down lists have a single column: the columns after the first are removed when you save.
        </Alert>
      ) : null}

      <ListEditorToolbar
        lastSaved={saved.id === null ? null : saved.updatedAt}
        isLoading={isLoadingCells}
        isDirty={editor.isDirty}
        canUndo={doc.history.past.length > 0}
        canRedo={doc.history.future.length > 0}
        isReadOnly={isReadOnly}
        readOnlyReason={
          isPowered
            ? `Powered by a ${Word.toLowerCase()}: read-only`
            : isLoadingCells
              ? 'The list is still loading'
              : collab.readOnlyReason
        }
        addColumnBlockedReason={addColumnBlockedReason}
        onUndo={editor.undo}
        onRedo={editor.redo}
        onAddColumn={() =>
          onGridChange(insertColumn(data, data.columns.length, defaultColumnName(data.columns)))
        }
        onImport={(file) => void onImport(file)}
        onExport={onExport}
        onFind={() => gridRef.current?.openFind()}
        collaboration={
          collab.isLive ? (
            <>
              <PresenceAvatars presence={collab.snapshot.presence} />
              <CommentsToggle
                opened={collab.panelOpened}
                onToggle={() => collab.setPanelOpened(!collab.panelOpened)}
                count={collab.unresolvedCount}
              />
            </>
          ) : null
        }
      />

      {doc.loading ? <CellsLoading loaded={doc.loading.loaded} total={doc.loading.total} /> : null}

      <section
        ref={gridContainerRef}
        aria-label="List values"
        onPointerMove={collab.isLive ? collab.session.onActivity : undefined}
        onKeyDown={
          collab.isLive
            ? (event) => {
                collab.session.onActivity();
                if (!isPowered) collab.onGridKeyDown(event);
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
          isReadOnly={isReadOnly}
          columnLimit={columnLimit}
          rowLimit={LIST_MAX_ROWS}
          isSingleColumn={isDropDown}
          columnLimitReason={isDropDown ? DROP_DOWN_COLUMN_REASON : undefined}
          height="max(320px, calc(100dvh - 330px))"
          getCellDecoration={collab.getCellDecoration}
          onActiveCellChange={collab.isLive ? collab.onActiveCellChange : undefined}
          // A template-powered list's values come from its template: nothing to comment or suggest.
          cellActions={isPowered ? undefined : collab.cellActions}
          overlay={
            collab.isLive && collab.session.lockHolder === 'other' ? (
              <LockOverlay holderName={collab.snapshot.lock.lockedByName} />
            ) : undefined
          }
        />
      </section>

      <CollaborationLayer collab={collab} data={data} listId={saved.id} />
    </Stack>
  );
}
