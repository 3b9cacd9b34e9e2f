import {
  type DraftRoomMessage,
  draftRoomApi,
  type SubmissionDetail,
  type SubmissionForm,
} from '@nomen/shared';
import type { DraftRow } from '@nomen/shared/draft-room';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { apiFetch } from '../../../api/apiFetch';
import { notifyInfo } from '../../../ui/notify';
import { SUBMISSIONS_QUERY_KEY } from '../api';
import type { LiveTableLayer } from '../table/SubmissionTable';
import { type TableColumn, tableColumns } from '../table/submissionTable';
import type { SubmissionTableState } from '../table/useSubmissionTable';
import type { DraftRoomClient, DraftRoomSnapshot } from './DraftRoomClient';
import { overwrittenText } from './livePresence';
import { useDraftPresence } from './useDraftPresence';
import { useDraftRoom } from './useDraftRoom';
import { useDraftTable } from './useDraftTable';

/**
 * Whether the draft being edited is shared (so edited in its room): the submission's `shared`
 * when the server gives it, else whether GET /submissions/{id}/sharing names anyone. Undefined
 * while asking; false for a new submission, a submission that is not a Draft, or when the
 * sharing cannot be read.
 */
export function useIsDraftShared(draft: SubmissionDetail | undefined): boolean | undefined {
  const given = (draft as { shared?: boolean } | undefined)?.shared;
  const isDraft = draft?.status === 'Draft';
  const sharing = useQuery({
    // The same key as the sharing control's, so a change of sharing there reaches this editor.
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'sharing', draft?.id ?? 0],
    queryFn: ({ signal }) => apiFetch(draftRoomApi.sharing, { params: { id: draft!.id }, signal }),
    enabled: isDraft && given === undefined,
    retry: false,
  });
  if (!isDraft) return false;
  if (given !== undefined) return given;
  if (sharing.isError) return false;
  if (!sharing.data) return undefined;
  return sharing.data.everyone || sharing.data.people.length > 0;
}

/**
 * Joins shared draft `submissionId`'s room (useDraftRoom): answers its room client and snapshot
 * (null until the client exists). An `overwritten` message shows a toast naming who replaced which
 * of this person's values, by column (of `form`) and row.
 */
export function useSharedDraftRoom(submissionId: number, form: SubmissionForm) {
  const latest = useRef<{ rows: readonly DraftRow[]; columns: readonly TableColumn[] }>({
    rows: [],
    columns: [],
  });
  const onMessage = useCallback((message: DraftRoomMessage) => {
    if (message.type !== 'overwritten') return;
    notifyInfo(overwrittenText(message, latest.current.rows, latest.current.columns));
  }, []);
  const room = useDraftRoom(submissionId, onMessage);
  const columns = useMemo(() => tableColumns(form), [form]);
  latest.current = { rows: room.snapshot?.rows ?? [], columns };
  return room;
}

/** The table (bound to the room) and the table's live layer of a shared draft whose room client exists. */
export function useSharedDraftTable(
  form: SubmissionForm,
  client: DraftRoomClient,
  snapshot: DraftRoomSnapshot,
): { table: SubmissionTableState; live: LiveTableLayer } {
  const table = useDraftTable(form, client, snapshot);
  const live = useDraftPresence(client, snapshot, table.columns);
  return { table, live };
}
