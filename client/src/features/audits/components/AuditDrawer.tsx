import { Alert, Select, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import {
  AUDIT_SCHEDULE_LABELS,
  AUDIT_SCHEDULES,
  AUDITABLE_SLUGS,
  type Audit,
  type AuditableSlug,
  type AuditChoices,
  type AuditSave,
  type AuditSchedule,
  integrationFor,
} from '@nomen/shared';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { FormDrawer } from '../../../ui/FormDrawer';
import { notifySuccess } from '../../../ui/notify';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useAuditChoices, useSaveAudit } from '../api';

/** Props of AuditDrawer. */
export interface AuditDrawerProps {
  opened: boolean;
  /** The audit edited, or null for a new one. */
  audit: Audit | null;
  onClose: () => void;
}

/** The draft the form edits. */
interface Draft {
  name: string;
  connectorId: string | null;
  dataType: string | null;
  adAccount: string;
  templateId: string | null;
  /** The pattern field naming the objects; null: the template's first. */
  patternFieldId: string | null;
  activeOnly: boolean;
  updatedSince: string;
  nameContains: string;
  schedule: AuditSchedule;
  recipients: string[];
}

function draftOf(audit: Audit | null): Draft {
  return {
    name: audit?.name ?? '',
    connectorId: audit ? String(audit.connector_id) : null,
    dataType: audit?.data_type ?? null,
    adAccount: audit?.settings.adAccountsLinked ?? '',
    templateId: audit ? String(audit.template_id) : null,
    patternFieldId: audit?.pattern_field_id ? String(audit.pattern_field_id) : null,
    activeOnly: audit?.filters.active_only ?? false,
    updatedSince: audit?.filters.updated_since ?? '',
    nameContains: audit?.filters.name_contains ?? '',
    schedule: audit?.schedule ?? 'manual',
    recipients: audit?.recipients ?? [],
  };
}

/** The auditable slug reading a connector type's accounts, if any. */
function slugOfType(typeSlug: string | undefined): AuditableSlug | null {
  return AUDITABLE_SLUGS.find((s) => integrationFor(s).connectorTypeSlug === typeSlug) ?? null;
}

type Choice = { value: string; label: string };

/** What the audit reads and with which template's rules. */
function AuditSourceFields(props: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  accounts: Choice[];
  dataTypes: Choice[];
  templates: AuditChoices['templates'];
}) {
  const { draft, set, accounts, dataTypes, templates } = props;
  const patternFields = templates.find((t) => String(t.id) === draft.templateId)?.pattern_fields ?? [];
  return (
    <>
      <Select
        label="Connected account"
        description="The ad platform account whose live objects are audited"
        required
        data={accounts}
        value={draft.connectorId}
        onChange={(value) => set({ connectorId: value, dataType: null })}
        nothingFoundMessage="No connected account of an ad platform"
      />
      <Select
        label="Data type"
        required
        disabled={dataTypes.length === 0}
        data={dataTypes}
        value={draft.dataType}
        onChange={(value) => set({ dataType: value })}
      />
      <TextInput
        label="Ad account or advertiser"
        description="The id the platform gives it, e.g. act_4242"
        value={draft.adAccount}
        onChange={(e) => set({ adAccount: e.currentTarget.value })}
      />
      <Select
        label="Template"
        description="Its pattern checks the names; its link parameters check the URLs"
        required
        searchable
        data={templates.map((t) => ({ value: String(t.id), label: t.name }))}
        value={draft.templateId}
        onChange={(value) => set({ templateId: value, patternFieldId: null })}
        nothingFoundMessage="No template with a pattern field"
      />
      {patternFields.length > 1 ? (
        <Select
          label="Pattern field"
          description="The template's pattern the objects' names are checked against"
          data={patternFields.map((f) => ({ value: String(f.id), label: f.name }))}
          value={draft.patternFieldId ?? String(patternFields[0]!.id)}
          onChange={(value) => set({ patternFieldId: value })}
          allowDeselect={false}
        />
      ) : null}
    </>
  );
}

/** The filter, schedule and recipient fields of the audit drawer. */
function AuditFilterFields({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }) {
  return (
    <>
      <Switch
        label="Active objects only"
        checked={draft.activeOnly}
        onChange={(e) => set({ activeOnly: e.currentTarget.checked })}
      />
      <TextInput
        type="date"
        label="Updated since"
        value={draft.updatedSince}
        onChange={(e) => set({ updatedSince: e.currentTarget.value })}
      />
      <TextInput
        label="Name contains"
        value={draft.nameContains}
        onChange={(e) => set({ nameContains: e.currentTarget.value })}
      />
      <Select
        label="Schedule"
        data={AUDIT_SCHEDULES.map((s) => ({ value: s, label: AUDIT_SCHEDULE_LABELS[s] }))}
        value={draft.schedule}
        onChange={(value) => set({ schedule: (value as AuditSchedule | null) ?? 'manual' })}
        allowDeselect={false}
      />
      <TagsInput
        label="Email the digest to"
        description="Score, change since the last run, top ten violations and a link, after each run"
        value={draft.recipients}
        onChange={(recipients) => set({ recipients })}
      />
    </>
  );
}

/** The save the draft makes, for the connected account's auditable slug. */
function saveOf(draft: Draft, audit: Audit | null, slug: AuditableSlug): AuditSave {
  return {
    id: audit?.id ?? null,
    name: draft.name,
    connector_id: Number(draft.connectorId),
    slug,
    data_type: draft.dataType ?? '',
    settings: draft.adAccount.trim() ? { adAccountsLinked: draft.adAccount.trim() } : {},
    template_id: Number(draft.templateId),
    pattern_field_id: draft.patternFieldId === null ? null : Number(draft.patternFieldId),
    filters: {
      active_only: draft.activeOnly,
      updated_since: draft.updatedSince || null,
      name_contains: draft.nameContains.trim() || null,
    },
    schedule: draft.schedule,
    recipients: draft.recipients,
    updated_at: audit?.updated_at ?? null,
  };
}

/**
 * The audit setup drawer (README "Audits"): name, the connected account of an ad platform (its
 * platform decides what is read), the data type, the ad account or advertiser, the template whose
 * pattern and link governance apply (and which pattern field names the objects, when it has
 * several), filters (active only, updated since, name contains), the schedule and the digest's
 * recipients. Its choices come from the audits API, so manage_audits alone is enough. A refused
 * save shows the server's reason in the drawer.
 */
export function AuditDrawer({ opened, audit, onClose }: AuditDrawerProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(audit));
  const [problem, setProblem] = useState<string | null>(null);
  const choices = useAuditChoices();
  const save = useSaveAudit();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const auditable = choices.data?.connectors ?? [];
  const connector = auditable.find((c) => String(c.id) === draft.connectorId);
  const slug = connector ? slugOfType(connector.type_slug) : null;
  const dataTypes = slug ? integrationFor(slug).dataTypes : [];
  const canSubmit =
    draft.name.trim() !== '' && slug !== null && draft.dataType !== null && draft.templateId !== null;

  const onSubmit = async () => {
    if (!canSubmit || slug === null) return;
    const body = saveOf(draft, audit, slug);
    try {
      await save.mutateAsync(body);
      notifySuccess(audit ? 'Audit saved' : 'Audit created');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'The audit could not be saved'));
    }
  };

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={audit ? audit.name : 'New audit'}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      canSubmit={canSubmit}
      isSubmitting={save.isPending}
      submitBlockedReason="Fill in the name, connected account, data type and template"
    >
      <Stack gap="md">
        {choices.error ? (
          <QueryErrorAlert
            error={choices.error}
            what="the templates and connected accounts"
            onRetry={() => void choices.refetch()}
          />
        ) : null}
        {problem ? (
          <Alert color="red" title="Not saved" role="alert">
            {problem}
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          required
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <AuditSourceFields
          draft={draft}
          set={set}
          accounts={auditable.map((c) => ({ value: String(c.id), label: `${c.name} (${c.type})` }))}
          dataTypes={dataTypes.map((t) => ({ value: t.value, label: t.label }))}
          templates={choices.data?.templates ?? []}
        />
        <AuditFilterFields draft={draft} set={set} />
      </Stack>
    </FormDrawer>
  );
}
