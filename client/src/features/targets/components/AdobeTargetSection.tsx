import { Loader, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { RemoteTarget } from '@nomen/shared';
import { useRealms, useRemoteTargets } from '../api';
import { type TargetDraft, withRealm, withReport } from '../targetDraft';
import { LookupFailure } from './LookupState';

/** Props of AdobeTargetSection. */
export interface AdobeTargetSectionProps {
  draft: TargetDraft;
  onChange: (next: TargetDraft) => void;
  errors: Record<string, string>;
}

/**
 * The Adobe part of the target editor (spec 01 §2.5): the report suite (realm) and the report,
 * both read live from the connected account through the Adobe Analytics API (spec 01 §7), and
 * the optional confirmation email. The report's classification names feed the compatibility
 * panel. A chosen report suite or report the account no longer lists stays shown by its id.
 */
export function AdobeTargetSection(props: AdobeTargetSectionProps) {
  return (
    <Stack gap="md">
      <RealmSelect {...props} />
      <ReportSelect {...props} />
      <ConfirmationEmailFields {...props} />
    </Stack>
  );
}

/** The report suite, read live from the connected account; one it no longer lists stays shown. */
function RealmSelect({ draft, onChange, errors }: AdobeTargetSectionProps) {
  const realms = useRealms(draft.connector_id);
  const hasAccount = draft.connector_id !== null;

  const realmData = (realms.data?.realms ?? []).map((r) => ({
    value: r.remote_realm_id,
    label: r.realm_name,
  }));
  if (draft.remote_realm_id && !realmData.some((r) => r.value === draft.remote_realm_id)) {
    realmData.push({ value: draft.remote_realm_id, label: draft.realm_name || draft.remote_realm_id });
  }
  return (
    <>
      <Select
        label="Report suite"
        required
        searchable
        placeholder={
          !hasAccount
            ? 'Choose a connected account first'
            : realms.isPending
              ? 'Loading report suites…'
              : 'Choose a report suite'
        }
        disabled={!hasAccount || realms.isPending}
        rightSection={
          hasAccount && realms.isFetching ? (
            <Loader size="xs" aria-label="Loading report suites" />
          ) : undefined
        }
        data={realmData}
        value={draft.remote_realm_id || null}
        nothingFoundMessage="No report suite matches"
        error={errors.remote_realm_id}
        onChange={(value) => {
          const realm = realms.data?.realms.find((r) => r.remote_realm_id === value);
          onChange(withRealm(draft, realm ?? (value ? { remote_realm_id: value, realm_name: value } : null)));
        }}
      />
      {realms.error ? (
        <LookupFailure error={realms.error} what="report suites" onRetry={() => void realms.refetch()} />
      ) : null}
    </>
  );
}

/** The report of the chosen report suite, read live; one it no longer lists stays shown by its id. */
function ReportSelect({ draft, onChange, errors }: AdobeTargetSectionProps) {
  const reports = useRemoteTargets(draft.connector_id, draft.remote_realm_id);
  const reportList: RemoteTarget[] = reports.data?.targets ?? [];
  const reportData = reportList.map((r) => ({ value: r.id, label: r.name }));
  if (draft.remote_target_id && !reportData.some((r) => r.value === draft.remote_target_id)) {
    reportData.push({ value: draft.remote_target_id, label: draft.remote_target_id });
  }
  return (
    <>
      <Select
        label="Report"
        required
        searchable
        placeholder={
          !draft.remote_realm_id
            ? 'Choose a report suite first'
            : reports.isPending
              ? 'Loading reports…'
              : 'Choose a report'
        }
        disabled={!draft.remote_realm_id || reports.isPending}
        rightSection={
          draft.remote_realm_id && reports.isFetching ? (
            <Loader size="xs" aria-label="Loading reports" />
          ) : undefined
        }
        data={reportData}
        value={draft.remote_target_id || null}
        nothingFoundMessage="No report matches"
        error={errors.remote_target_id}
        onChange={(value) => {
          const report = reportList.find((r) => r.id === value);
          onChange(withReport(draft, report ?? (value ? { id: value, classifications_names: [] } : null)));
        }}
      />
      {reports.error ? (
        <LookupFailure error={reports.error} what="reports" onRetry={() => void reports.refetch()} />
      ) : null}
    </>
  );
}

/** Whether Adobe sends a confirmation email once it has processed the upload, and to whom. */
function ConfirmationEmailFields({ draft, onChange, errors }: AdobeTargetSectionProps) {
  return (
    <>
      <Switch
        label="Send a confirmation email when Adobe has processed the classifications"
        checked={draft.use_aa_confirmation_email}
        onChange={(event) =>
          onChange({
            ...draft,
            use_aa_confirmation_email: event.currentTarget.checked,
            aa_confirmation_email: event.currentTarget.checked ? draft.aa_confirmation_email : '',
          })
        }
      />
      {draft.use_aa_confirmation_email ? (
        <TextInput
          label="Confirmation email"
          type="email"
          required
          value={draft.aa_confirmation_email}
          error={errors.aa_confirmation_email}
          onChange={(event) => onChange({ ...draft, aa_confirmation_email: event.currentTarget.value })}
        />
      ) : null}
    </>
  );
}

/** The classification names of the draft's report, as Adobe lists them (empty while loading). */
export function useReportClassifications(draft: TargetDraft): { names: string[]; isLoading: boolean } {
  const reports = useRemoteTargets(draft.connector_id, draft.remote_realm_id);
  const report = reports.data?.targets.find((r) => r.id === draft.remote_target_id);
  return {
    names: report?.classifications_names ?? [],
    isLoading: reports.isPending && draft.remote_realm_id !== '',
  };
}
