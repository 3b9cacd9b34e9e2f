import {
  buildPath,
  datasetDataApi,
  draftRoomApi,
  IDEMPOTENCY_HEADER,
  type SubmissionRow,
  submissionsApi,
} from '@nomen/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import { queryString } from '../../api/queryString';

/** Query key root of everything about submissions (issue 11). */
export const SUBMISSIONS_QUERY_KEY = ['submissions'] as const;

/** The templates the signed-in person may submit through (GET /api/v1/account/submissions/templates). */
export function useSubmittableTemplates() {
  return useQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'templates'],
    queryFn: ({ signal }) => apiFetch(submissionsApi.templates, { signal }),
  });
}

/** The person's own submissions, newest first (GET /api/v1/account/submissions, scope mine). */
export function useMySubmissions() {
  return useQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'mine'],
    queryFn: ({ signal }) => apiFetch(submissionsApi.list, { query: { scope: 'mine', limit: 100 }, signal }),
  });
}

/**
 * What the submission table needs to govern a template's cells (GET
 * /api/v1/account/submissions/templates/{id}/form): fields, patterns, lists, counters. Read fresh
 * each time a table opens (an admin may have changed the template).
 */
export function useSubmissionForm(templateId: number | null) {
  return useQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'form', templateId ?? 0],
    queryFn: ({ signal }) => apiFetch(submissionsApi.form, { params: { id: templateId! }, signal }),
    enabled: templateId !== null,
    staleTime: 0,
  });
}

/**
 * One submission with its rows and history (GET /api/v1/account/submissions/{id}): the latest
 * rows, or with `commitRef` (a commit id of its history, as text) the rows as they were at that
 * version (issue 11 item 5: every version stays readable). Keeps the shown version while another
 * loads.
 */
export function useSubmission(id: number | null, commitRef = 'HEAD') {
  return useQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'detail', id ?? 0, commitRef],
    queryFn: ({ signal }) =>
      apiFetch(submissionsApi.get, { params: { id: id! }, query: { commitRef }, signal }),
    enabled: id !== null,
    staleTime: 0,
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}

/**
 * Saves an edit of a submission's rows (POST /api/v1/account/submissions/{id}/edit; spec 01 §6
 * edit_submissions, issue 11 item 5): the changed rows named by their cv_id, with the updated_at
 * read. The server makes a new version; refreshes every submission query after it. Throws the
 * server's AppError: 400 with issues at `body.rows.<sent row>.<template field id>`, 409 when the
 * submission changed since it was read.
 */
export function useEditSubmission(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, updatedAt }: { rows: SubmissionRow[]; updatedAt: string }) =>
      apiFetch(submissionsApi.edit, { params: { id }, body: { rows, updated_at: updatedAt } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBMISSIONS_QUERY_KEY }),
  });
}

/** What a save of the submission table sends. */
export interface SubmissionSend {
  readonly name: string;
  readonly rows: SubmissionRow[];
  /** Store as a Draft (nothing validated) instead of submitting. */
  readonly draft: boolean;
  /** The submission being saved again (a Draft or Rejected one), with the updated_at read. */
  readonly existing?: { readonly id: number; readonly updatedAt: string };
  /** Makes a submit safe to repeat (issue 11 item 4). */
  readonly idempotencyKey: string;
}

/**
 * Saves a draft or submits the table (POST /api/v1/account/submissions, or PUT
 * /api/v1/account/submissions/{id} for a saved draft). A refused submission throws the server's
 * AppError, whose issues name `body.rows.<row>.<template field id>`.
 */
export function useSendSubmission(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: SubmissionSend) =>
      send.existing
        ? apiFetch(submissionsApi.save, {
            params: { id: send.existing.id },
            body: {
              name: send.name,
              rows: send.rows,
              submit: !send.draft,
              updated_at: send.existing.updatedAt,
            },
          })
        : apiFetch(submissionsApi.create, {
            body: { template_id: templateId, name: send.name, rows: send.rows, draft: send.draft },
            headers: send.draft ? undefined : { [IDEMPOTENCY_HEADER]: send.idempotencyKey },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBMISSIONS_QUERY_KEY }),
  });
}

/**
 * Which of `values` of a template field the template's dataset already holds (POST
 * /api/v1/account/submissions/uniqueness; must_be_unique).
 */
export async function takenValues(
  templateId: number,
  fieldId: number,
  values: string[],
  signal?: AbortSignal,
): Promise<string[]> {
  if (values.length === 0) return [];
  const answer = await apiFetch(submissionsApi.uniqueness, {
    body: { template_id: templateId, field_id: fieldId, values },
    signal,
  });
  return answer.taken;
}

/** Rows per page of the dataset page. */
export const DATASET_PAGE_SIZE = 200;

/**
 * A page of a template's dataset rows at HEAD, filtered by `q` (GET
 * /api/v1/account/datasets/{id}/data; issue 11 item 6). Keeps the previous page while the next loads.
 */
export function useDatasetData(
  datasetId: number | null,
  q: string,
  page: number,
  rowId: string | null = null,
) {
  return useQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'dataset', datasetId ?? 0, q, page, rowId],
    queryFn: ({ signal }) =>
      apiFetch(datasetDataApi.data, {
        params: { id: datasetId! },
        query: {
          q,
          row: rowId ?? undefined,
          limit: DATASET_PAGE_SIZE,
          offset: page * DATASET_PAGE_SIZE,
        },
        signal,
      }),
    enabled: datasetId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Where a dataset's rows matching `q` (and, with `rowId`, that one row) download as `format` (the
 * browser sends the session cookie).
 */
export function datasetDownloadUrl(
  datasetId: number,
  q: string,
  format: 'csv' | 'xlsx',
  rowId: string | null = null,
): string {
  return (
    buildPath(datasetDataApi.download.path, { id: datasetId }) +
    queryString({ q: q || undefined, row: rowId ?? undefined, format })
  );
}

/**
 * The submissions awaiting the signed-in approver's decision, newest first (GET
 * /api/v1/account/submissions?scope=approvals; issue 11 item 5, the in-app inbox). Refreshed every
 * minute so the shell's badge follows new submissions.
 */
export function useApprovals() {
  return useQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'approvals'],
    queryFn: ({ signal }) =>
      apiFetch(submissionsApi.list, { query: { scope: 'approvals', limit: 100 }, signal }),
    refetchInterval: 60_000,
  });
}

/**
 * An approver's decision on a Pending submission (POST .../submissions/{id}/approve or /reject;
 * spec 03 §4, issue 11 item 5): approval with an optional comment, rejection with a required one.
 * Refreshes every submission query after it. Throws AppError (400 naming the comment, 403, 409).
 */
export function useDecideSubmission(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, comment }: { decision: 'approve' | 'reject'; comment: string }) =>
      apiFetch(decision === 'approve' ? submissionsApi.approve : submissionsApi.reject, {
        params: { id },
        body: { comment },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBMISSIONS_QUERY_KEY }),
  });
}

/** Query key of who a draft is shared with (GET /submissions/{id}/sharing). */
function sharingKey(id: number) {
  return [...SUBMISSIONS_QUERY_KEY, 'sharing', id] as const;
}

/**
 * Who a draft is shared with: everyone who may use its template and/or the people named (GET
 * /api/v1/account/submissions/{id}/sharing; its owner and the people in it may read it). `enabled`
 * false leaves it unread (a submission that is not a draft).
 */
export function useDraftSharing(id: number | null, enabled = true) {
  return useQuery({
    queryKey: sharingKey(id ?? 0),
    queryFn: ({ signal }) => apiFetch(draftRoomApi.sharing, { params: { id: id! }, signal }),
    enabled: id !== null && enabled,
  });
}

/**
 * The people a draft may be shared with: those who may use its template, its owner left out,
 * sorted by name (GET /api/v1/account/submissions/{id}/share-candidates). Read when the share
 * dialog opens.
 */
export function useShareCandidates(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'share-candidates', id],
    queryFn: ({ signal }) => apiFetch(draftRoomApi.candidates, { params: { id }, signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * Replaces who a draft is shared with (PUT /api/v1/account/submissions/{id}/sharing; its owner
 * only): `everyone` who may use its template and/or `user_ids`; nobody makes it single-player
 * again. Refreshes every submission query after it (the draft then reads from or leaves its room).
 * Throws AppError: 400 with issues at `body.user_ids.<i>`, 403 for a person in it who is not the
 * owner, 409 once it is no longer a Draft.
 */
export function useShareDraft(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { everyone: boolean; user_ids: number[] }) =>
      apiFetch(draftRoomApi.share, { params: { id }, body }),
    onSuccess: (sharing) => queryClient.setQueryData(sharingKey(id), sharing),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBMISSIONS_QUERY_KEY }),
  });
}

/**
 * The shared drafts the signed-in person is in, newest first (GET
 * /api/v1/account/submissions?scope=shared): drafts shared with them by name or with everyone
 * (through templates they may use) and their own shared drafts, each with its owner and who it is
 * shared with.
 */
export function useSharedDrafts() {
  return useQuery({
    queryKey: [...SUBMISSIONS_QUERY_KEY, 'shared'],
    queryFn: ({ signal }) =>
      apiFetch(submissionsApi.list, { query: { scope: 'shared', limit: 100 }, signal }),
  });
}
