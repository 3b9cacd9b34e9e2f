import { type BodyOf, lookupsApi, targetsApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about targets (spec 01 §2.4, §2.5). */
export const TARGETS_QUERY_KEY = ['targets'] as const;

/** Query key root of look-ups read live from providers (spec 01 §7). */
const LOOKUPS_QUERY_KEY = ['provider-lookups'] as const;

/** Provider lists change rarely while an editor is open: read them again after a minute. */
const LOOKUP_STALE_MS = 60_000;

/** The account's targets (GET /api/v1/account/targets). */
export function useTargets() {
  return useQuery({
    queryKey: [...TARGETS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(targetsApi.list, { signal }),
  });
}

/** One target for the editor (GET /api/v1/account/targets/{id}); not fetched while `id` is null. */
export function useTarget(id: number | null) {
  return useQuery({
    queryKey: [...TARGETS_QUERY_KEY, 'detail', id ?? 0],
    queryFn: ({ signal }) => apiFetch(targetsApi.get, { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The fields a target field may map (the field-compatibility panel's choices). */
export function useTargetFieldChoices() {
  return useQuery({
    queryKey: [...TARGETS_QUERY_KEY, 'field-choices'],
    queryFn: ({ signal }) => apiFetch(targetsApi.fieldChoices, { signal }),
  });
}

/** Saves a target (PUT /api/v1/account/targets/); answers `{target: {id}}` (spec 01 §4). */
export function useSaveTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof targetsApi.save>) => apiFetch(targetsApi.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TARGETS_QUERY_KEY }),
  });
}

/** Deletes targets (POST /api/v1/account/targets/bulk/delete). */
export function useDeleteTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiFetch(targetsApi.bulkDelete, { body: { target_ids: ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TARGETS_QUERY_KEY }),
  });
}

function multiTargetsKey(targetId: number | null) {
  return [...TARGETS_QUERY_KEY, 'multi-targets', targetId ?? 0] as const;
}

/** A target's multi-targets (GET .../targets/{id}/multi-targets); not fetched for a new target. */
export function useMultiTargets(targetId: number | null) {
  return useQuery({
    queryKey: multiTargetsKey(targetId),
    queryFn: ({ signal }) => apiFetch(targetsApi.multiTargets, { params: { id: targetId! }, signal }),
    enabled: targetId !== null,
  });
}

/** Adds or changes multi-targets (POST .../multi-targets); the answer replaces the list. */
export function useSaveMultiTargets(targetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof targetsApi.saveMultiTargets>) =>
      apiFetch(targetsApi.saveMultiTargets, { params: { id: targetId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(multiTargetsKey(targetId), answer);
      void queryClient.invalidateQueries({ queryKey: [...TARGETS_QUERY_KEY, 'list'] });
    },
  });
}

/** Deletes multi-targets (POST .../multi-targets/bulk/delete); the answer replaces the list. */
export function useDeleteMultiTargets(targetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiFetch(targetsApi.deleteMultiTargets, { params: { id: targetId }, body: { multi_target_ids: ids } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(multiTargetsKey(targetId), answer);
      void queryClient.invalidateQueries({ queryKey: [...TARGETS_QUERY_KEY, 'list'] });
    },
  });
}

/** Report suites of an Adobe account, read from Adobe (POST .../connector/{id}/realm/). */
export function useRealms(connectorId: number | null) {
  return useQuery({
    queryKey: [...LOOKUPS_QUERY_KEY, 'realms', connectorId ?? 0],
    queryFn: ({ signal }) => apiFetch(lookupsApi.realms, { params: { id: connectorId! }, signal }),
    enabled: connectorId !== null,
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
}

/** Reports of a report suite with their classification names (GET .../realm/{realm}/target/list). */
export function useRemoteTargets(connectorId: number | null, realm: string) {
  return useQuery({
    queryKey: [...LOOKUPS_QUERY_KEY, 'remote-targets', connectorId ?? 0, realm],
    queryFn: ({ signal }) => apiFetch(lookupsApi.targetList, { params: { id: connectorId!, realm }, signal }),
    enabled: connectorId !== null && realm !== '',
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
}

/** Google Analytics accounts of a Google account (GET .../connector/{id}/ga-account). */
export function useGaAccounts(connectorId: number | null) {
  return useQuery({
    queryKey: [...LOOKUPS_QUERY_KEY, 'ga-accounts', connectorId ?? 0],
    queryFn: ({ signal }) => apiFetch(lookupsApi.gaAccounts, { params: { id: connectorId! }, signal }),
    enabled: connectorId !== null,
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
}

/** Properties of a GA account (GET .../ga-account/{acct}/property/list). */
export function useGaProperties(connectorId: number | null, acct: string) {
  return useQuery({
    queryKey: [...LOOKUPS_QUERY_KEY, 'ga-properties', connectorId ?? 0, acct],
    queryFn: ({ signal }) =>
      apiFetch(lookupsApi.gaProperties, { params: { id: connectorId!, acct }, signal }),
    enabled: connectorId !== null && acct !== '',
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
}

/** Custom data sources of a GA property (GET .../property/{prop}/custom-data-source/list). */
export function useGaCustomDataSources(connectorId: number | null, acct: string, prop: string) {
  return useQuery({
    queryKey: [...LOOKUPS_QUERY_KEY, 'ga-sources', connectorId ?? 0, acct, prop],
    queryFn: ({ signal }) =>
      apiFetch(lookupsApi.gaCustomDataSources, { params: { id: connectorId!, acct, prop }, signal }),
    enabled: connectorId !== null && acct !== '' && prop !== '',
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
}
