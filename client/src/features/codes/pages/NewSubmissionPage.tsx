import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { SubmissionDetail, SubmissionForm, Thread } from '@nomen/shared';
import { IconInfoCircle, IconUpload } from '@tabler/icons-react';
import {
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { notifyError, notifyInfo, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { routeIdOf } from '../../../ui/routeId';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useSignedIn } from '../../auth/api';
import { useSendSubmission, useSubmission, useSubmissionForm } from '../api';
import { BackToCodes } from '../BackToCodes';
import { submissionPath } from '../codesPaths';
import { DraftComments } from '../drafts/comments/DraftComments';
import { useThreadMarkLayer } from '../drafts/comments/threadMarkLayer';
import { DraftRoomBar, type DraftRoomBarState } from '../drafts/DraftRoomBar';
import type { DraftRoomClient, DraftRoomSnapshot } from '../drafts/DraftRoomClient';
import { DraftSubmittedRows } from '../drafts/DraftSubmittedRows';
import type { DraftRowOrder } from '../drafts/draftRows';
import { DraftSharingControl } from '../drafts/sharing/DraftSharingControl';
import { isDraftShared, useSharedDraftRoom, useSharedDraftTable } from '../drafts/useSharedDraft';
import { ImportDialog } from '../import/ImportDialog';
import { type LiveTableLayer, SubmissionTable, type SubmissionTableHandle } from '../table/SubmissionTable';
import type { TableProblem } from '../table/submissionTable';
import { type SubmissionTableState, serverProblemsOf, useSubmissionTable } from '../table/useSubmissionTable';

/** Statuses whose submission its submitter may still change and submit (a draft, a rejection). */
const REOPENABLE = new Set(['Draft', 'Rejected']);

/**
 * /codes/new/{templateId} (spec 03 §2): a submission name, then the submission table of the
 * template; Submit sends the rows (refused rows come back on their cells), Save draft keeps them as
 * typed. ?draft={id} reopens a saved draft (or a rejected submission) of the template.
 */
export function NewSubmissionPage() {
  const templateId = routeIdOf(useParams().templateId);
  const [params] = useSearchParams();
  const draftId = routeIdOf(params.get('draft'));
  const form = useSubmissionForm(templateId);
  const draft = useSubmission(draftId);
  const mode = useEditorMode(draft.data);

  if (templateId === null) return <Alert color="red">This address names no template.</Alert>;
  if (form.error || draft.error)
    return (
      <QueryErrorAlert
        error={form.error ?? draft.error}
        what={form.error ? 'the template' : 'the draft'}
        onRetry={() => void (form.error ? form.refetch() : draft.refetch())}
      />
    );
  if (!form.data || (draftId !== null && !draft.data)) return <PageSkeleton />;
  if (draft.data && draft.data.template_id === templateId && mode.mode === 'shared')
    return (
      <SharedDraftEditor key={`${templateId}:${draft.data.id}:shared`} form={form.data} draft={draft.data} />
    );
  // A shared draft submitted already: its codes are on its page.
  if (draft.data?.shared && draft.data.status !== 'Draft')
    return <Navigate to={submissionPath(draft.data.id)} replace />;
  if (draft.data && (draft.data.template_id !== templateId || !REOPENABLE.has(draft.data.status)))
    return <Alert color="red">This submission cannot be edited here.</Alert>;
  return (
    <LocalSubmissionEditor
      key={`${templateId}:${draftId ?? 'new'}`}
      form={form.data}
      draft={draft.data}
      handover={mode.mode === 'handover' ? mode.onHandedOver : null}
      onMounted={mode.onLocalMounted}
    />
  );
}

/** Which editor a draft gets: its own table, its room's, or its own handing over to the room. */
type EditorMode = 'local' | 'handover' | 'shared';

/**
 * Which editor the page shows: a shared draft opened as such goes straight to its room's editor
 * (and stays there once someone submits it, so everyone sees "Submitted by" and the codes); a
 * draft that becomes shared while open here first hands its unsaved edits over (`handover`),
 * then its room's editor; a draft shared with nobody again goes back to its own table.
 */
function useEditorMode(draft: SubmissionDetail | undefined) {
  const [sharedId, setSharedId] = useState<number | null>(null);
  const [localId, setLocalId] = useState<number | null>(null);
  const id = draft?.id ?? null;
  const isUnshared = draft?.status === 'Draft' && !draft.shared;
  let mode: EditorMode = 'local';
  if (id !== null && sharedId === id && !isUnshared) mode = 'shared';
  else if (isDraftShared(draft)) mode = localId === id ? 'handover' : 'shared';
  useEffect(() => {
    if (mode === 'shared' && id !== null) setSharedId(id);
    if (isUnshared) setSharedId(null);
  }, [mode, id, isUnshared]);
  const onHandedOver = useCallback(() => setSharedId(id), [id]);
  return { mode, onHandedOver, onLocalMounted: setLocalId };
}

/**
 * Hands a draft's unsaved edits over to its room once it is shared (`handover` set): saves them
 * (the server merges the save into the room) when there are any, tells how it went, then calls
 * `handover`. Once per handover.
 */
function useHandover(
  form: SubmissionForm,
  draft: SubmissionDetail | undefined,
  table: SubmissionTableState,
  handover: (() => void) | null,
) {
  const { mutateAsync } = useSendSubmission(form.template_id ?? 0);
  const isStarted = useRef(false);
  const latest = useRef({ draft, table });
  latest.current = { draft, table };
  useEffect(() => {
    if (!handover || isStarted.current) return;
    isStarted.current = true;
    const { draft: shared, table: own } = latest.current;
    if (!shared || !own.isDirty) return handover();
    mutateAsync({
      name: shared.name,
      rows: own.rowsToSend().rows,
      draft: true,
      existing: { id: shared.id, updatedAt: shared.updated_at },
      idempotencyKey: crypto.randomUUID(),
    })
      .then(() => notifyInfo('The draft is shared now: your unsaved changes were added to it.'))
      .catch((error: unknown) =>
        notifyError(errorMessage(error, 'Your unsaved changes could not be added to the shared draft.')),
      )
      .finally(handover);
  }, [handover, mutateAsync]);
}

/** Props of {@link LocalSubmissionEditor}. */
interface LocalSubmissionEditorProps {
  form: SubmissionForm;
  draft: SubmissionDetail | undefined;
  /** The draft was just shared: hand the unsaved edits over, then call this (null: nothing to do). */
  handover: (() => void) | null;
  /** Told the draft's id when this editor opens (a draft shared later hands over from it). */
  onMounted: (id: number | null) => void;
}

/**
 * The editor of a submission or draft that is this person's alone: the table holds the rows. When
 * the draft becomes shared while open, its unsaved edits are saved into the room (the server
 * merges a save into it: cells by position, extra rows added) before the room's editor opens.
 */
function LocalSubmissionEditor({ form, draft, handover, onMounted }: LocalSubmissionEditorProps) {
  const table = useSubmissionTable(
    form,
    draft?.rows.map((r) => r.data),
  );
  const draftId = draft?.id ?? null;
  useEffect(() => onMounted(draftId), [onMounted, draftId]);
  useHandover(form, draft, table, handover);
  return <SubmissionEditor form={form} draft={draft} table={table} />;
}

/**
 * The editor of a shared draft (ARCHITECTURE.md, Live collaboration): joins its room; the table
 * shows and edits the room's rows once the room client exists.
 */
function SharedDraftEditor({ form, draft }: { form: SubmissionForm; draft: SubmissionDetail }) {
  const { client, snapshot } = useSharedDraftRoom(draft.id, form);
  if (!client || !snapshot) return <PageSkeleton />;
  return <SharedDraftTableEditor form={form} draft={draft} client={client} snapshot={snapshot} />;
}

/** Props of {@link SharedDraftTableEditor}. */
interface SharedDraftTableEditorProps {
  form: SubmissionForm;
  draft: SubmissionDetail;
  client: DraftRoomClient;
  snapshot: DraftRoomSnapshot;
}

/** Props of {@link SharedDraftBar}. */
interface SharedDraftBarProps {
  submissionId: number;
  client: DraftRoomClient;
  form: SubmissionForm;
  user: { id: number; name: string };
  state: DraftRoomBarState;
  threads: readonly Thread[];
  order: DraftRowOrder;
}

/**
 * The room's bar with the draft's comments; memoised on what it shows (not the rows' cells), so
 * another person's edit of a cell does not re-render it.
 */
const SharedDraftBar = memo(function SharedDraftBar({
  submissionId,
  client,
  form,
  user,
  state,
  threads,
  order,
}: SharedDraftBarProps) {
  return (
    <DraftRoomBar submissionId={submissionId} snapshot={state} user={user}>
      <DraftComments client={client} threads={threads} order={order} form={form} userId={user.id} />
    </DraftRoomBar>
  );
});

/** What the room's bar shows of `snapshot`: the same object while none of it changes. */
function useBarState(snapshot: DraftRoomSnapshot): DraftRoomBarState {
  const { status, loaded, pending, meta, others, error } = snapshot;
  return useMemo(
    () => ({ status, loaded, pending, meta, others, error }),
    [status, loaded, pending, meta, others, error],
  );
}

/**
 * A shared draft's editor with its room: the table bound to the room, its live layer and the
 * room's bar. Another person's edit of a cell re-renders the table's rows that show it; the rest
 * of the page keeps its props (see SubmissionEditor).
 */
function SharedDraftTableEditor({ form, draft, client, snapshot }: SharedDraftTableEditorProps) {
  const { user } = useSignedIn();
  const { table, live, order } = useSharedDraftTable(form, client, snapshot);
  const marked = useThreadMarkLayer(live, snapshot.threads, order, table.columns);
  const state = useBarState(snapshot);
  const room: SharedRoom = {
    live: marked,
    isReady: snapshot.status === 'connected' && snapshot.synced,
    isClosed: snapshot.meta.status === 'closed',
    submitted: <DraftSubmittedRows submissionId={draft.id} form={form} />,
    bar: (
      <SharedDraftBar
        submissionId={draft.id}
        client={client}
        form={form}
        user={user}
        state={state}
        threads={snapshot.threads}
        order={order}
      />
    ),
  };
  return <SubmissionEditor form={form} draft={draft} table={table} room={room} />;
}

/** What a shared draft's room adds to the editor. */
interface SharedRoom {
  live: LiveTableLayer;
  /** Connected and synced: a save or submit may go (the server reads the room). */
  isReady: boolean;
  /** Submitted by someone: nothing more to send. */
  isClosed: boolean;
  /** Shown over the table: people, connection, "Submitted by". */
  bar: ReactNode;
  /** Shown instead of the table once submitted: the rows as stored, with their codes. */
  submitted: ReactNode;
}

/** An import waiting for the rules' verdict on its rows: the file and the table rows it filled. */
interface PendingImport {
  fileName: string;
  first: number;
  count: number;
}

/**
 * The toast after an import (spec 03 §2), once the rules governed the imported rows: answers the
 * function that records an import (its file and the table rows it filled).
 */
function useImportNotice(validation: SubmissionTableState['validation']) {
  // An import waiting for the rules' verdict on its rows (the toast says whether any need fixing).
  const [imported, setImported] = useState<PendingImport | null>(null);
  useEffect(() => {
    if (!imported) return;
    setImported(null);
    notifyImport(imported, cellsToFix(validation.problems, imported.first, imported.count));
  }, [imported, validation]);
  return setImported;
}

/** What {@link useSubmissionSender} works with. */
interface SenderInput {
  form: SubmissionForm;
  /** The reopened draft or rejected submission, if any. */
  draft: SubmissionDetail | undefined;
  table: SubmissionTableState;
  tableRef: RefObject<SubmissionTableHandle | null>;
  /** The submission name as typed. */
  name: string;
  /** Shows (or clears, with null) the name field's error. */
  setNameError: (error: string | null) => void;
  /** The room of a shared draft, if it is one. */
  room?: SharedRoom;
}

/**
 * Sending the submission table (spec 03 §2, §4): `send(asDraft)` checks the name and that a row is
 * filled, refuses a submit with problems (moving to the first), then saves a draft or submits
 * (one idempotency key per editor), toasts and opens the submission; the server's refused cells
 * come back on the table. Leaving with unsent changes asks first.
 */
function useSubmissionSender({ form, draft, table, tableRef, name, setNameError, room }: SenderInput) {
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const send = useSendSubmission(form.template_id ?? 0);
  const leave = useLeaveConfirmation(table.isDirty && !send.isSuccess);

  const sendNow = async (asDraft: boolean) => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setNameError('Name the submission');
      return;
    }
    setNameError(null);
    if (room && !room.isReady) {
      notifyError('Not connected to the shared draft: wait until it is back, then try again.');
      return;
    }
    const { rows: filled } = table.rowsToSend();
    // A shared draft's rows are its room's: the server reads them there (a save merges no rows).
    const rows = room ? [] : filled;
    if (filled.length === 0) {
      notifyError('Fill in at least one row first.');
      return;
    }
    if (!asDraft && table.validation.problems.length > 0) {
      const n = table.validation.problems.length;
      notifyError(
        `Fix the ${n === 1 ? 'error' : `${n} errors`} first: the cells outlined in red say what is wrong.`,
      );
      tableRef.current?.showFirstError();
      return;
    }
    try {
      const saved = await send.mutateAsync({
        name: trimmed,
        rows,
        draft: asDraft,
        existing: draft ? { id: draft.id, updatedAt: draft.updated_at } : undefined,
        idempotencyKey,
      });
      notifySuccess(
        asDraft
          ? 'Draft saved'
          : saved.status === 'Pending'
            ? 'Submitted: waiting for approval'
            : `Submitted: ${saved.row_count === 1 ? '1 row' : `${saved.row_count} rows`} coded`,
      );
      leave.allowNextNavigation();
      void navigate(submissionPath(saved.id));
    } catch (error) {
      const problems = serverProblemsOf(error);
      if (problems.length > 0) {
        table.setServerProblems(problems);
        setTimeout(() => tableRef.current?.showFirstError(), 0);
      }
      notifyError(errorMessage(error, 'The submission could not be sent. Please try again.'));
    }
  };
  // One function for the editor's life (it sends what is typed when clicked), so the header's
  // buttons keep their props while the table changes.
  const latest = useRef(sendNow);
  latest.current = sendNow;
  const onSend = useCallback((asDraft: boolean) => void latest.current(asDraft), []);
  return { onSend, isSending: send.isPending };
}

/** Props of {@link EditorHeader}. */
interface EditorHeaderProps {
  form: SubmissionForm;
  draft: SubmissionDetail | undefined;
  onImport: () => void;
  onSend: (asDraft: boolean) => void;
  isSending: boolean;
  isClosed: boolean | undefined;
}

/** The editor's header: back to codes, the title, sharing, and the actions; memoised (its props change rarely). */
const EditorHeader = memo(function EditorHeader({
  form,
  draft,
  onImport,
  onSend,
  isSending,
  isClosed,
}: EditorHeaderProps) {
  return (
    <>
      <BackToCodes />
      <PageHeader
        title={draft ? `${draft.name} · ${form.template_name}` : `New submission · ${form.template_name}`}
        description="Fill in one row per code. Every cell is checked as you type; computed cells and codes fill themselves."
        aside={
          <Group gap="xs" wrap="nowrap">
            {draft ? <DraftSharingControl draft={draft} /> : null}
            <SubmissionEditorActions
              onImport={onImport}
              onSend={onSend}
              isSending={isSending}
              isClosed={isClosed}
            />
          </Group>
        }
      />
    </>
  );
});

/** Props of {@link EditorDetails}. */
interface EditorDetailsProps {
  form: SubmissionForm;
  draft: SubmissionDetail | undefined;
  name: string;
  nameError: string | null;
  onName: (name: string) => void;
}

/** The rejection comment, the submission name and the approval note; memoised (they do not change with the table). */
const EditorDetails = memo(function EditorDetails({
  form,
  draft,
  name,
  nameError,
  onName,
}: EditorDetailsProps) {
  return (
    <>
      {draft?.status === 'Rejected' && draft.decision_comment ? (
        <Alert color="red" icon={<IconInfoCircle aria-hidden />} title="Rejected">
          {draft.decision_comment}
        </Alert>
      ) : null}
      <TextInput
        label="Submission name"
        required
        maw={480}
        value={name}
        error={nameError}
        onChange={(event) => onName(event.currentTarget.value)}
      />
      {form.settings.require_approval === 1 ? (
        <Text size="sm" c="dimmed">
          Submissions through this template wait for an approver before their rows enter the dataset.
        </Text>
      ) : null}
    </>
  );
});

/** Props of {@link SubmissionEditorActions}. */
interface SubmissionEditorActionsProps {
  onImport: () => void;
  /** Saves a draft (true) or submits (false). */
  onSend: (asDraft: boolean) => void;
  isSending: boolean;
  /** A shared draft someone submitted: nothing more to import, save or submit. */
  isClosed?: boolean;
}

/** The editor's header buttons: "Import file", "Save draft" and "Submit". */
function SubmissionEditorActions({
  onImport,
  onSend,
  isSending,
  isClosed = false,
}: SubmissionEditorActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        leftSection={<IconUpload size={16} aria-hidden />}
        onClick={onImport}
        disabled={isClosed}
      >
        Import file
      </Button>
      <Button variant="default" onClick={() => onSend(true)} loading={isSending} disabled={isClosed}>
        Save draft
      </Button>
      <Button onClick={() => onSend(false)} loading={isSending} disabled={isClosed}>
        Submit
      </Button>
    </Group>
  );
}

/** Props of {@link EditorRows}. */
interface EditorRowsProps {
  form: SubmissionForm;
  table: SubmissionTableState;
  tableRef: RefObject<SubmissionTableHandle | null>;
  room: SharedRoom | undefined;
}

/**
 * The editor's rows: the submission table (a shared draft's bound to its room) with a hint while
 * it has problems; once a shared draft is submitted, its rows as stored with their codes.
 */
function EditorRows({ form, table, tableRef, room }: EditorRowsProps) {
  if (room?.isClosed) return room.submitted;
  return (
    <>
      <SubmissionTable
        ref={tableRef}
        table={table}
        live={room?.live}
        label={`${form.template_name} rows`}
        height="max(320px, calc(100dvh - 360px))"
      />
      {table.validation.problems.length > 0 ? (
        <Text size="sm" c="dimmed">
          Select an outlined cell, or use Next error, to read its problem under the table.
        </Text>
      ) : null}
    </>
  );
}

/** Props of {@link SubmissionEditor}. */
interface SubmissionEditorProps {
  form: SubmissionForm;
  draft: SubmissionDetail | undefined;
  table: SubmissionTableState;
  /** The room of a shared draft (its live layer and bar); none for one's own submission. */
  room?: SharedRoom;
}

/**
 * The editor of a new submission or a reopened `draft` of template `form` (spec 03 §2): its name,
 * the rejection comment of a rejected one, the submission table, importing a file into it, saving
 * a draft and submitting. A shared draft's editor shows its room's bar over the table, and its
 * table edits the room (ARCHITECTURE.md, Live collaboration).
 */
function SubmissionEditor({ form, draft, table, room }: SubmissionEditorProps) {
  const tableRef = useRef<SubmissionTableHandle>(null);
  const [name, setName] = useState(draft?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const setImported = useImportNotice(table.validation);
  const { onSend, isSending } = useSubmissionSender({
    form,
    draft,
    table,
    tableRef,
    name,
    setNameError,
    room,
  });

  const onImport = useCallback(() => setIsImporting(true), []);

  return (
    <>
      <EditorHeader
        form={form}
        draft={draft}
        onImport={onImport}
        onSend={onSend}
        isSending={isSending}
        isClosed={room?.isClosed}
      />
      {isImporting ? (
        <ImportDialog
          fields={form.fields}
          onImport={(file) => setImported({ fileName: file.fileName, ...table.appendRows(file.rows) })}
          onClose={() => setIsImporting(false)}
        />
      ) : null}
      <Stack gap="md">
        <EditorDetails form={form} draft={draft} name={name} nameError={nameError} onName={setName} />
        {room?.bar}
        <EditorRows form={form} table={table} tableRef={tableRef} room={room} />
      </Stack>
    </>
  );
}

/** How many cells of the table rows `first`..`first + count - 1` have a problem. */
function cellsToFix(problems: readonly TableProblem[], first: number, count: number): number {
  const cells = new Set<string>();
  for (const p of problems) if (p.row >= first && p.row < first + count) cells.add(`${p.row}:${p.col}`);
  return cells.size;
}

/**
 * The toast after an import into the submission spreadsheet (spec 03 §2): how many rows came from which file and, only when
 * the rules found problems in them, how many cells need fixing and how to find them.
 */
function notifyImport(imported: { fileName: string; count: number }, cells: number): void {
  const rows = `${imported.count.toLocaleString('en-US')} row${imported.count === 1 ? '' : 's'} imported from ${imported.fileName}`;
  if (cells === 0) {
    notifySuccess(`${rows}.`);
    return;
  }
  notifyInfo(
    `${rows}. ${cells === 1 ? '1 cell needs' : `${cells.toLocaleString('en-US')} cells need`} fixing before you submit: they are outlined in red (Next error goes to each).`,
  );
}
