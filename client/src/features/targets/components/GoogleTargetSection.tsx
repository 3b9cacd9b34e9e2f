import { Loader, Select, Stack, Textarea } from '@mantine/core';
import { useGaAccounts, useGaCustomDataSources, useGaProperties } from '../api';
import type { TargetDraft } from '../targetDraft';
import { LookupFailure } from './LookupState';

/** Props of GoogleTargetSection. */
export interface GoogleTargetSectionProps {
  draft: TargetDraft;
  onChange: (next: TargetDraft) => void;
  errors: Record<string, string>;
}

/** A select's data with the chosen value kept even when the provider no longer lists it. */
function withChosen(data: { value: string; label: string }[], chosen: string) {
  return chosen && !data.some((d) => d.value === chosen) ? [...data, { value: chosen, label: chosen }] : data;
}

/**
 * The Google part of the target editor (spec 01 §2.5): account, property and custom data source
 * read live through the Google Analytics APIs (spec 01 §7), each choice clearing the ones below
 * it, and the schema text, filled from the chosen data source's columns and editable.
 */
export function GoogleTargetSection(props: GoogleTargetSectionProps) {
  const { draft, onChange, errors } = props;
  return (
    <Stack gap="md">
      <GaAccountSelect {...props} />
      <GaPropertySelect {...props} />
      <GaDataSourceSelect {...props} />
      <Textarea
        label="Schema"
        description="The column headers of an upload to this data source, comma-separated."
        autosize
        minRows={2}
        maxRows={6}
        value={draft.ga_custom_data_source_schema}
        error={errors.ga_custom_data_source_schema}
        onChange={(event) => onChange({ ...draft, ga_custom_data_source_schema: event.currentTarget.value })}
      />
    </Stack>
  );
}

/** The Google Analytics account of the connected account; choosing one clears what is below it. */
function GaAccountSelect({ draft, onChange, errors }: GoogleTargetSectionProps) {
  const accounts = useGaAccounts(draft.connector_id);
  const hasAccount = draft.connector_id !== null;
  return (
    <>
      <Select
        label="Google Analytics account"
        required
        searchable
        placeholder={
          !hasAccount
            ? 'Choose a connected account first'
            : accounts.isPending
              ? 'Loading accounts…'
              : 'Choose an account'
        }
        disabled={!hasAccount || accounts.isPending}
        rightSection={
          hasAccount && accounts.isFetching ? <Loader size="xs" aria-label="Loading accounts" /> : undefined
        }
        data={withChosen(
          (accounts.data?.gaAccounts ?? []).map((a) => ({
            value: a.ga_account_id,
            label: a.ga_account_name,
          })),
          draft.ga_account_id,
        )}
        value={draft.ga_account_id || null}
        error={errors.ga_account_id}
        onChange={(value) =>
          onChange({
            ...draft,
            ga_account_id: value ?? '',
            ga_property_id: '',
            ga_custom_data_source_id: '',
            ga_custom_data_source_schema: '',
          })
        }
      />
      {accounts.error ? (
        <LookupFailure
          error={accounts.error}
          what="Google Analytics accounts"
          onRetry={() => void accounts.refetch()}
        />
      ) : null}
    </>
  );
}

/** The property of the chosen Google Analytics account; choosing one clears the data source. */
function GaPropertySelect({ draft, onChange, errors }: GoogleTargetSectionProps) {
  const properties = useGaProperties(draft.connector_id, draft.ga_account_id);
  return (
    <>
      <Select
        label="Property"
        required
        searchable
        placeholder={
          !draft.ga_account_id
            ? 'Choose an account first'
            : properties.isPending
              ? 'Loading properties…'
              : 'Choose a property'
        }
        disabled={!draft.ga_account_id || properties.isPending}
        data={withChosen(
          (properties.data?.gaProperties ?? []).map((p) => ({
            value: p.ga_property_id,
            label: p.ga_property_name,
          })),
          draft.ga_property_id,
        )}
        value={draft.ga_property_id || null}
        error={errors.ga_property_id}
        onChange={(value) =>
          onChange({
            ...draft,
            ga_property_id: value ?? '',
            ga_custom_data_source_id: '',
            ga_custom_data_source_schema: '',
          })
        }
      />
      {properties.error ? (
        <LookupFailure error={properties.error} what="properties" onRetry={() => void properties.refetch()} />
      ) : null}
    </>
  );
}

/** The custom data source of the chosen property; choosing one fills the schema from its columns. */
function GaDataSourceSelect({ draft, onChange, errors }: GoogleTargetSectionProps) {
  const sources = useGaCustomDataSources(draft.connector_id, draft.ga_account_id, draft.ga_property_id);
  return (
    <>
      <Select
        label="Custom data source"
        required
        searchable
        placeholder={
          !draft.ga_property_id
            ? 'Choose a property first'
            : sources.isPending
              ? 'Loading data sources…'
              : 'Choose a custom data source'
        }
        disabled={!draft.ga_property_id || sources.isPending}
        data={withChosen(
          (sources.data?.gaCustomDataSources ?? []).map((s) => ({
            value: s.ga_custom_data_source_id,
            label: s.ga_custom_data_source_name,
          })),
          draft.ga_custom_data_source_id,
        )}
        value={draft.ga_custom_data_source_id || null}
        error={errors.ga_custom_data_source_id}
        onChange={(value) => {
          const source = sources.data?.gaCustomDataSources.find((s) => s.ga_custom_data_source_id === value);
          onChange({
            ...draft,
            ga_custom_data_source_id: value ?? '',
            ga_custom_data_source_schema: source ? source.ga_custom_data_source_schema.join(',') : '',
          });
        }}
      />
      {sources.error ? (
        <LookupFailure
          error={sources.error}
          what="custom data sources"
          onRetry={() => void sources.refetch()}
        />
      ) : null}
    </>
  );
}
