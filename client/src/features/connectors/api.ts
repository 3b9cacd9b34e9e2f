import { type BodyOf, connectorsApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';

/** Query key root of everything about connected accounts (spec 01 §2.3). */
export const CONNECTORS_QUERY_KEY = ['connectors'] as const;

/** The connector types offered (spec 01 §7 GET /connector-type), sorted by name. */
export function useConnectorTypes() {
  return useQuery({
    queryKey: ['connector-types'],
    queryFn: ({ signal }) => apiFetch(connectorsApi.types, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The account's connected accounts (spec 01 §7 GET /account/connector). */
export function useConnectors() {
  return useQuery({
    queryKey: [...CONNECTORS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(connectorsApi.list, { signal }),
  });
}

/** An account's metadata with "set" markers for its secrets (spec 01 §7 GET .../metadata). */
export function useConnectorMetadata(id: number | null) {
  return useQuery({
    queryKey: [...CONNECTORS_QUERY_KEY, id, 'metadata'],
    queryFn: ({ signal }) => apiFetch(connectorsApi.metadata, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** An account's custom fields (spec 01 §7 GET .../custom-fields). */
export function useConnectorCustomFields(id: number | null) {
  return useQuery({
    queryKey: [...CONNECTORS_QUERY_KEY, id, 'custom-fields'],
    queryFn: ({ signal }) => apiFetch(connectorsApi.customFields, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/**
 * The Profile IDs a Google ad server's signed-in user may choose (GET .../google-profiles): CM360
 * user profiles or DV360 partners. Not retried: a refusal shows at once and the ID can be typed.
 */
export function useGoogleProfiles(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...CONNECTORS_QUERY_KEY, id, 'google-profiles'],
    queryFn: ({ signal }) => apiFetch(connectorsApi.googleProfiles, { params: { id: id! }, signal }),
    enabled: id !== null && enabled,
    retry: false,
    staleTime: 60_000,
  });
}

function useInvalidateConnectors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CONNECTORS_QUERY_KEY });
}

/** Creates or updates an account (spec 01 §7 POST /account/connector/). */
export function useSaveConnector() {
  const invalidate = useInvalidateConnectors();
  return useMutation({
    mutationFn: (body: BodyOf<typeof connectorsApi.save>) => apiFetch(connectorsApi.save, { body }),
    onSuccess: invalidate,
  });
}

/** Deletes accounts (spec 01 §7 POST .../connectors/bulk/delete). */
export function useDeleteConnectors() {
  const invalidate = useInvalidateConnectors();
  return useMutation({
    mutationFn: (ids: number[]) => apiFetch(connectorsApi.bulkDelete, { body: { connector_ids: ids } }),
    onSuccess: invalidate,
  });
}

/** What "Test connection" tests: a saved account by its id, or the drawer's unsaved values. */
export type ConnectionTestTarget = number | BodyOf<typeof connectorsApi.testDraft>;

/**
 * Tests an account against its peer (spec 01 §4): a saved one by its id (a first
 * SFTP test pins the host key), or unsaved values (POST .../connector/test: nothing is stored).
 */
export function useTestConnection() {
  const invalidate = useInvalidateConnectors();
  return useMutation({
    mutationFn: (target: ConnectionTestTarget) =>
      typeof target === 'number'
        ? apiFetch(connectorsApi.test, { params: { id: target } })
        : apiFetch(connectorsApi.testDraft, { body: target }),
    onSuccess: (_answer, target) => (typeof target === 'number' ? invalidate() : undefined),
  });
}

/** Accepts an SFTP server's new host key (POST .../host-key; README "Security"). */
export function useAcceptHostKey() {
  const invalidate = useInvalidateConnectors();
  return useMutation({
    mutationFn: ({ id, fingerprint }: { id: number; fingerprint: string }) =>
      apiFetch(connectorsApi.acceptHostKey, { params: { id }, body: { fingerprint } }),
    onSuccess: invalidate,
  });
}

/** Starts an authorisation and answers the provider's URL (spec 01 §4, §7 POST /oauth/init/{slug}). */
export function useStartOAuth() {
  return useMutation({
    mutationFn: ({ slug, body }: { slug: string; body: BodyOf<typeof connectorsApi.oauthInit> }) =>
      apiFetch(connectorsApi.oauthInit, { params: { slug }, body }),
  });
}

/** Reloads the accounts after a stale-write answer (ARCHITECTURE.md, Data: offer to reload). */
export function useReloadConnectors() {
  const invalidate = useInvalidateConnectors();
  return () => void invalidate();
}
