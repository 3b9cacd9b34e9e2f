import { endpoint } from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../../api/apiFetch';

/**
 * GET /api/v1/account/connector (spec 01 §4, spec 03 §7 "Response: id, name, connector_type.slug"),
 * defined here with the shape agreed with the connected-accounts work (issue 10).
 * TODO(issue 10): switch to the shared contract's connected-accounts list endpoint
 * (`connectorsApi.list` in shared/src/connectors/) once it lands, and drop this local definition.
 */
const connectorListEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/account/connector',
  tag: 'Connected accounts',
  summary: "The account's connected accounts.",
  permission: 'manage_connectors',
  response: z.object({
    data: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        description: z.string().nullish(),
        connector_type: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
        updated_at: z.string().nullish(),
      }),
    ),
  }),
});

/** One connected account the account picker offers. */
export interface ConnectorChoice {
  id: number;
  name: string;
  description: string;
  connectorTypeId: number;
  connectorTypeName: string;
}

/** Query key of the connected accounts list. */
export const CONNECTORS_QUERY_KEY = ['connectors', 'list'] as const;

/**
 * The connected accounts an integration may use (spec 03 §5 "Account selection"): the account's
 * connectors whose connector type is `connectorTypeSlug` (the registry row's), by name. A load
 * failure is the query's error; the picker shows "No connected accounts yet" for it.
 */
export function useConnectorChoices(connectorTypeSlug: string | null) {
  return useQuery({
    queryKey: CONNECTORS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch(connectorListEndpoint, { signal }),
    enabled: connectorTypeSlug !== null,
    staleTime: 60_000,
    select: (answer): ConnectorChoice[] =>
      answer.data
        .filter((c) => c.connector_type.slug === connectorTypeSlug)
        .map((c) => ({
          id: c.id,
          name: c.name,
          description: c.description ?? '',
          connectorTypeId: c.connector_type.id,
          connectorTypeName: c.connector_type.name,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });
}
