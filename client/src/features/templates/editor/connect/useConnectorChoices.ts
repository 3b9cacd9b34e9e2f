import { connectorsApi } from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../api/apiFetch';
import { CONNECTORS_QUERY_KEY } from '../../../connectors/api';

/** One connected account the account picker offers. */
export interface ConnectorChoice {
  id: number;
  name: string;
  description: string;
  connectorTypeId: number;
  connectorTypeName: string;
}

/**
 * The connected accounts an integration may use (spec 03 §5 "Account selection"): the account's
 * connectors whose connector type is `connectorTypeSlug` (the registry row's), by name. A load
 * failure is the query's error; the picker shows "No connected accounts yet" for it.
 */
export function useConnectorChoices(connectorTypeSlug: string | null) {
  return useQuery({
    // The connected-accounts page's query (GET /api/v1/account/connector), shared in the cache.
    queryKey: [...CONNECTORS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => apiFetch(connectorsApi.list, { signal }),
    enabled: connectorTypeSlug !== null,
    staleTime: 60_000,
    select: (answer): ConnectorChoice[] =>
      answer.data
        .filter((c) => c.connector_type.slug === connectorTypeSlug)
        .map((c) => ({
          id: c.id,
          name: c.name,
          description: c.description,
          connectorTypeId: c.connector_type.id,
          connectorTypeName: c.connector_type.name,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });
}
