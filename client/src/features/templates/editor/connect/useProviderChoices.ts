import {
  type AemDataType,
  type AemFolderView,
  endpoint,
  type IntegrationAssignment,
  lookupsApi,
  type MetadataChoiceSource,
  metadataText,
} from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../../api/apiFetch';

/*
 * Provider look-ups of the connect step (spec 03 §7), read from the connected account's provider by
 * the server: the shared `lookupsApi`. The Workfront command and AEM folders are typed here per
 * use: the shared contract answers a union for every command and its AEM folders carry a title the
 * picker does not show.
 */
const TAG = 'Provider look-ups';

/** Workfront command names (spec 03 §7 POST /api/v1/integrations/workfront/command). */
type WorkfrontCommand = 'getTemplatesByName' | 'getTemplateTasksByTemplate' | 'getTemplate';

const workfrontIdName = z.looseObject({ ID: z.string(), name: z.string() });

/**
 * A Workfront template as `getTemplate` answers it (spec 03 §7 "a template with objectCategories
 * holding category parameters"), in Workfront's own field names.
 */
export const workfrontTemplateSchema = z.looseObject({
  ID: z.string(),
  name: z.string(),
  objectCategories: z
    .array(
      z.looseObject({
        category: z.looseObject({
          name: z.string().optional(),
          categoryParameters: z
            .array(z.looseObject({ parameterID: z.string().optional(), parameter: workfrontIdName }))
            .default([]),
        }),
      }),
    )
    .default([]),
});
/** A Workfront template with its custom-form parameters. */
export type WorkfrontTemplate = z.infer<typeof workfrontTemplateSchema>;

const workfrontBody = z.object({
  command: z.string(),
  connector_id: z.number(),
  data: z.object({
    name: z.string().optional(),
    templateId: z.string().optional(),
    id: z.string().optional(),
    optionalParams: z.record(z.string(), z.string()).optional(),
  }),
});
const workfrontCommand = <R extends z.ZodType>(response: R) =>
  endpoint({
    method: 'POST',
    path: '/api/v1/integrations/workfront/command',
    tag: TAG,
    summary: 'A Workfront command on a connected account.',
    permission: 'signed-in',
    body: workfrontBody,
    response,
  });
const workfrontList = workfrontCommand(z.object({ data: z.array(workfrontIdName) }));
const workfrontTemplate = workfrontCommand(z.object({ data: workfrontTemplateSchema }));

/** One choice of a provider-backed dropdown; `schema` is a GA custom data source's column headers. */
export interface ProviderChoice {
  value: string;
  label: string;
  schema?: string[];
}

/** What a provider list reads from its assignment: the connected account and a metadata reader. */
interface LoaderContext {
  id: number;
  meta: (key: string) => string;
}

/**
 * How one provider list loads (spec 03 §7): the metadata keys it waits on (`needs`), its cache key
 * beyond the account (by default the values of `needs`) and the load itself.
 */
interface ChoiceLoaderRow {
  needs: readonly string[];
  key?: (context: LoaderContext) => unknown[];
  load: (context: LoaderContext, signal: AbortSignal) => Promise<ProviderChoice[]>;
}

/** A Workfront list command (templates by name, tasks of a template) as choices. */
async function workfrontChoices(
  { id }: LoaderContext,
  command: WorkfrontCommand,
  data: z.input<typeof workfrontBody>['data'],
  signal: AbortSignal,
): Promise<ProviderChoice[]> {
  const answer = await apiFetch(workfrontList, { body: { command, connector_id: id, data }, signal });
  return answer.data.map((t) => ({ value: t.ID, label: t.name }));
}

/**
 * Bitly groups of the chosen organisation, or the domains of the chosen group (spec 03 §7), both
 * from the account's groups.
 */
async function bitlyGroupChoices(
  { id, meta }: LoaderContext,
  source: 'bitly-groups' | 'bitly-domains',
  signal: AbortSignal,
): Promise<ProviderChoice[]> {
  const groups = (await apiFetch(lookupsApi.bitlyGroups, { params: { connectorId: id }, signal })).data;
  if (source === 'bitly-groups')
    return groups
      .filter((g) => g.orgId === meta('bitly_org_id'))
      .map((g) => ({ value: g.id, label: g.name }));
  const urls = groups.find((g) => g.id === meta('bitly_group_id'))?.urls ?? [];
  return urls.map((url) => ({ value: url, label: url }));
}

/** One row per provider list (spec 03 §7): a new list is a new row. */
const CHOICE_LOADERS: Record<MetadataChoiceSource, ChoiceLoaderRow> = {
  'adobe-realms': {
    needs: [],
    load: async ({ id }, signal) =>
      (await apiFetch(lookupsApi.realms, { params: { id }, signal })).realms.map((r) => ({
        value: r.remote_realm_id,
        label: r.realm_name,
      })),
  },
  'adobe-reports': {
    needs: ['realmLinked'],
    load: async ({ id, meta }, signal) =>
      (
        await apiFetch(lookupsApi.targetList, { params: { id, realm: meta('realmLinked') }, signal })
      ).targets.map((t) => ({ value: t.id, label: t.name })),
  },
  'ga-accounts': {
    needs: [],
    load: async ({ id }, signal) =>
      (await apiFetch(lookupsApi.gaAccounts, { params: { id }, signal })).gaAccounts.map((a) => ({
        value: a.ga_account_id,
        label: a.ga_account_name,
      })),
  },
  'ga-properties': {
    needs: ['ga_account_id'],
    load: async ({ id, meta }, signal) =>
      (
        await apiFetch(lookupsApi.gaProperties, { params: { id, acct: meta('ga_account_id') }, signal })
      ).gaProperties.map((p) => ({ value: p.ga_property_id, label: p.ga_property_name })),
  },
  'ga-custom-data-sources': {
    needs: ['ga_account_id', 'ga_property_id'],
    load: async ({ id, meta }, signal) =>
      (
        await apiFetch(lookupsApi.gaCustomDataSources, {
          params: { id, acct: meta('ga_account_id'), prop: meta('ga_property_id') },
          signal,
        })
      ).gaCustomDataSources.map((s) => ({
        value: s.ga_custom_data_source_id,
        label: s.ga_custom_data_source_name,
        schema: s.ga_custom_data_source_schema ?? [],
      })),
  },
  'facebook-ad-accounts': {
    needs: [],
    load: async ({ id }, signal) =>
      (await apiFetch(lookupsApi.facebookAdAccounts, { params: { id }, signal })).adAccounts.map((a) => ({
        value: a.id,
        label: a.name,
      })),
  },
  'facebook-pixels': {
    needs: ['adAccountsLinked'],
    load: async ({ id, meta }, signal) =>
      (
        await apiFetch(lookupsApi.facebookPixels, {
          params: { id, adAccountId: meta('adAccountsLinked') },
          signal,
        })
      ).pixels.map((p) => ({ value: p.id, label: p.name })),
  },
  'bitly-organizations': {
    needs: [],
    load: async ({ id }, signal) =>
      (await apiFetch(lookupsApi.bitlyOrganizations, { params: { connectorId: id }, signal })).data.map(
        (o) => ({
          value: o.id,
          label: o.planType ? `${o.name} (${o.planType})` : o.name,
        }),
      ),
  },
  'bitly-groups': {
    needs: ['bitly_org_id'],
    key: ({ meta }) => ['bitly_org_id', meta('bitly_org_id')],
    load: (context, signal) => bitlyGroupChoices(context, 'bitly-groups', signal),
  },
  'bitly-domains': {
    needs: ['bitly_group_id'],
    key: ({ meta }) => ['bitly_group_id', meta('bitly_group_id')],
    load: (context, signal) => bitlyGroupChoices(context, 'bitly-domains', signal),
  },
  'kochava-app-groups': {
    needs: [],
    load: async ({ id }, signal) =>
      (await apiFetch(lookupsApi.kochavaAppGroups, { params: { connectorId: id }, signal })).data.map(
        (g) => ({
          value: String(g.id),
          label: g.name,
        }),
      ),
  },
  'workfront-templates': {
    needs: [],
    load: (context, signal) => workfrontChoices(context, 'getTemplatesByName', { name: '' }, signal),
  },
  'workfront-tasks': {
    needs: ['workfrontTemplateId'],
    load: (context, signal) =>
      workfrontChoices(
        context,
        'getTemplateTasksByTemplate',
        { templateId: context.meta('workfrontTemplateId') },
        signal,
      ),
  },
};

/**
 * Loads one provider list (spec 03 §7) for an assignment: what it needs is read from the assignment
 * (its connector, and the metadata the list depends on). Answers null when something it needs is
 * not chosen yet.
 */
function choiceLoader(
  source: MetadataChoiceSource,
  assignment: IntegrationAssignment,
): { key: unknown[]; load: (signal: AbortSignal) => Promise<ProviderChoice[]> } | null {
  const id = assignment.connector_id;
  if (id === null) return null;
  const context: LoaderContext = { id, meta: (key) => metadataText(assignment.metadata, key) };
  const row = CHOICE_LOADERS[source];
  if (!row.needs.every((k) => context.meta(k) !== '')) return null;
  return {
    key: [id, ...(row.key ? row.key(context) : row.needs.map(context.meta))],
    load: (signal) => row.load(context, signal),
  };
}

/**
 * The choices of a provider-backed dropdown of an assignment (spec 03 §7): loading, failed (the
 * form then takes typed text), or the list (possibly empty). `isWaiting` while the account or a
 * value the list depends on is not chosen yet. Lists are kept for five minutes per account and
 * parent value.
 */
export function useMetadataChoices(source: MetadataChoiceSource | null, assignment: IntegrationAssignment) {
  const loader = source === null ? null : choiceLoader(source, assignment);
  const query = useQuery({
    queryKey: ['provider-choices', source, ...(loader?.key ?? [])],
    enabled: loader !== null,
    staleTime: 5 * 60_000,
    retry: 1,
    queryFn: ({ signal }) => (loader as NonNullable<typeof loader>).load(signal),
  });
  return { ...query, isWaiting: loader === null };
}

/**
 * The Workfront template's custom-form parameters (spec 03 §7 command getTemplate: "a template with
 * objectCategories holding category parameters"), for the parameter mapping; idle until a template
 * is chosen.
 */
export function useWorkfrontTemplate(connectorId: number | null, templateId: string) {
  return useQuery({
    queryKey: ['provider-choices', 'workfront-template', connectorId, templateId],
    enabled: connectorId !== null && templateId !== '',
    staleTime: 5 * 60_000,
    retry: 1,
    queryFn: async ({ signal }) =>
      (
        await apiFetch(workfrontTemplate, {
          body: {
            command: 'getTemplate' satisfies WorkfrontCommand,
            connector_id: connectorId as number,
            data: { id: templateId },
          },
          signal,
        })
      ).data,
  });
}

/**
 * The sub-folders of `path` in a content-management account (spec 03 §7 POST
 * /api/v1/integrations/aem/folders): DAM folders for file assets, pages and folders under /content
 * for pages.
 */
export async function loadAemFolders(
  connectorId: number,
  path: string,
  dataType: AemDataType,
): Promise<AemFolderView[]> {
  return (await apiFetch(lookupsApi.aemFolders, { body: { connectorId, path, dataType } })).data;
}
