import { type AuditSave, auditsApi, buildPath } from '@nomen/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import { queryString } from '../../api/queryString';

/** Query key root of the audits (README "Audits"). */
export const AUDITS_QUERY_KEY = ['audits'] as const;

/** The account's audits with their last runs. */
export function useAudits() {
  return useQuery({
    queryKey: [...AUDITS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(auditsApi.list, { signal }),
  });
}

/**
 * What the audit form offers: templates with their pattern fields, connected accounts of an
 * auditable platform (needs manage_audits only).
 */
export function useAuditChoices() {
  return useQuery({
    queryKey: [...AUDITS_QUERY_KEY, 'choices'],
    queryFn: ({ signal }) => apiFetch(auditsApi.choices, { signal }),
  });
}

/**
 * One audit with its latest runs; polled every 2 s while a run is queued or running, so "Run now"
 * shows its result when it ends.
 */
export function useAudit(id: number) {
  return useQuery({
    queryKey: [...AUDITS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => apiFetch(auditsApi.get, { params: { id }, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.audit.last_run?.status;
      return status === 'Queued' || status === 'Running' ? 2000 : false;
    },
  });
}

/** One run with its breakdowns; idle while `runId` is null; polled every second until it ends. */
export function useAuditRun(runId: number | null) {
  return useQuery({
    queryKey: [...AUDITS_QUERY_KEY, 'run', runId],
    queryFn: ({ signal }) => apiFetch(auditsApi.getRun, { params: { id: runId ?? 0 }, signal }),
    enabled: runId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.run.status;
      return status === 'Queued' || status === 'Running' ? 1000 : false;
    },
  });
}

/** The findings filter and page. */
export interface FindingsQuery {
  q: string;
  reason: string;
  verdict: '' | 'violation' | 'exception';
  limit: number;
  offset: number;
}

/** A page of a run's findings; idle while `runId` is null. */
export function useAuditFindings(runId: number | null, query: FindingsQuery) {
  return useQuery({
    queryKey: [...AUDITS_QUERY_KEY, 'findings', runId, query],
    queryFn: ({ signal }) => apiFetch(auditsApi.findings, { params: { id: runId ?? 0 }, query, signal }),
    enabled: runId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The URL of a run's findings as a file. */
export function findingsDownloadUrl(runId: number, format: 'csv' | 'xlsx'): string {
  return buildPath(auditsApi.download.path, { id: runId }) + queryString({ format });
}

function useAuditMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUDITS_QUERY_KEY }),
  });
}

/** Saves (creates or updates) an audit. */
export function useSaveAudit() {
  return useAuditMutation((body: AuditSave) => apiFetch(auditsApi.save, { body }));
}

/** Deletes audits. */
export function useDeleteAudits() {
  return useAuditMutation((ids: number[]) => apiFetch(auditsApi.bulkDelete, { body: { audit_ids: ids } }));
}

/** "Run now". */
export function useRunAudit() {
  return useAuditMutation((id: number) => apiFetch(auditsApi.run, { params: { id } }));
}

/** Accepts an object as an exception, with a comment. */
export function useSaveException() {
  return useAuditMutation((input: { auditId: number; object_id: string; comment: string }) =>
    apiFetch(auditsApi.saveException, {
      params: { id: input.auditId },
      body: { object_id: input.object_id, comment: input.comment },
    }),
  );
}

/** No longer accepts an object: its findings count as violations again. */
export function useDeleteException() {
  return useAuditMutation((input: { auditId: number; object_id: string }) =>
    apiFetch(auditsApi.deleteException, {
      params: { id: input.auditId },
      body: { object_id: input.object_id },
    }),
  );
}

/** Sends a run's violations (all, or the chosen ones) into a submission. */
export function useFixRun() {
  return useAuditMutation((input: { runId: number; findingIds: number[] }) =>
    apiFetch(auditsApi.fix, { params: { id: input.runId }, body: { finding_ids: input.findingIds } }),
  );
}
