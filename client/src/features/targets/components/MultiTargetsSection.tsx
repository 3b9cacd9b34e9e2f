import { Badge, Box, Button, Group, Modal, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  type MultiTarget,
  type MultiTargetStatus,
  multiTargetChoices,
  requiredClassifications,
  type Target,
} from '@nomen/shared';
import { useState } from 'react';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { notifyError, notifySuccess } from '../../../ui/notify';
import {
  useDeleteMultiTargets,
  useMultiTargets,
  useRealms,
  useRemoteTargets,
  useSaveMultiTargets,
} from '../api';
import { MULTI_TARGETS_FAILED_MESSAGE, MULTI_TARGETS_UPDATED_MESSAGE } from '../targetMessages';
import { LookupFailure } from './LookupState';

const NOUN = { one: 'multi-target', other: 'multi-targets' };

const STATUS_CHOICES: { value: MultiTargetStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const columns: AdminTableColumn<MultiTarget>[] = [
  {
    key: 'remote_realm_name',
    header: 'Report suite',
    cell: (m) => <Text size="sm">{m.remote_realm_name || m.remote_realm_id}</Text>,
  },
  {
    key: 'remote_target_name',
    header: 'Report',
    cell: (m) => <Text size="sm">{m.remote_target_name || m.remote_target_id}</Text>,
  },
  {
    key: 'status',
    header: 'Status',
    width: 140,
    cell: (m) => (
      <Badge color={m.status === 'active' ? 'green' : 'gray'} variant="light">
        {m.status === 'active' ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
];

const multiTargetId = (m: MultiTarget) => m.local_multi_target_id;
const multiTargetName = (m: MultiTarget) => `${m.remote_realm_name} / ${m.remote_target_name}`;
const multiTargetSearchText = (m: MultiTarget) => `${m.remote_realm_name} ${m.remote_target_name}`;

/** Props of MultiTargetsSection. */
export interface MultiTargetsSectionProps {
  /** The saved target (its report and mapped classifications decide compatibility). */
  target: Target;
}

/**
 * The multi-targets table of an Adobe target (spec 01 §2.5, §3.1: report suite, report, status)
 * with add, edit (exactly one selected) and confirmed delete; saves show "Multi Targets Updated" or
 * "Multi Targets failed to update." (spec 01 §8). The dialog offers only reports whose
 * classification names are compatible with the target and that are not added yet.
 */
export function MultiTargetsSection({ target }: MultiTargetsSectionProps) {
  const list = useMultiTargets(target.id);
  const remove = useDeleteMultiTargets(target.id);
  const [dialog, setDialog] = useState<{ editing: MultiTarget | null; session: number } | null>(null);

  const onDelete = async (selected: MultiTarget[]) => {
    try {
      await remove.mutateAsync(selected.map(multiTargetId));
      notifySuccess(MULTI_TARGETS_UPDATED_MESSAGE);
      return true;
    } catch {
      notifyError(MULTI_TARGETS_FAILED_MESSAGE);
      return false;
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="multi-targets-title">
      <Stack gap={2} mb="md">
        <Title order={2} size="h5" id="multi-targets-title">
          Multi targets
        </Title>
        <Text size="sm" c="dimmed">
          Other report suites and reports that receive the same classification data.
        </Text>
      </Stack>
      <AdminTable
        label="Multi targets"
        noun={NOUN}
        rows={list.data?.data}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        columns={columns}
        rowId={multiTargetId}
        rowName={multiTargetName}
        searchText={multiTargetSearchText}
        onAdd={() => setDialog((d) => ({ editing: null, session: (d?.session ?? 0) + 1 }))}
        addLabel="Add multi-target"
        onEdit={(m) => setDialog((d) => ({ editing: m, session: (d?.session ?? 0) + 1 }))}
        onDelete={onDelete}
        emptyDescription="Add a multi-target to send this target's classifications to another report suite too."
      />
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.editing ? 'Edit multi-target' : 'Add multi-target'}
      >
        {dialog ? (
          <MultiTargetForm
            key={dialog.session}
            target={target}
            editing={dialog.editing}
            added={list.data?.data ?? []}
            onDone={() => setDialog(null)}
          />
        ) : null}
      </Modal>
    </Paper>
  );
}

/** The add / edit dialog's form: report suite, a compatible report, status. */
function MultiTargetForm(props: {
  target: Target;
  editing: MultiTarget | null;
  added: readonly MultiTarget[];
  onDone: () => void;
}) {
  const { target, editing } = props;
  const [realm, setRealm] = useState(editing?.remote_realm_id ?? '');
  const [report, setReport] = useState(editing?.remote_target_id ?? '');
  const [status, setStatus] = useState<MultiTargetStatus>(editing?.status ?? 'active');
  const realms = useRealms(target.connector_id);
  const realmName = realms.data?.realms.find((r) => r.remote_realm_id === realm)?.realm_name ?? '';
  const { save, submit } = useMultiTargetSubmit(target, editing, props.onDone);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit({
          remote_realm_id: realm,
          remote_realm_name: realmName,
          remote_target_id: report,
          status,
        });
      }}
    >
      <Stack gap="md">
        <Select
          label="Report suite"
          required
          searchable
          data-autofocus
          placeholder={realms.isPending ? 'Loading report suites…' : 'Choose a report suite'}
          disabled={realms.isPending}
          data={(realms.data?.realms ?? []).map((r) => ({ value: r.remote_realm_id, label: r.realm_name }))}
          value={realm || null}
          onChange={(value) => {
            setRealm(value ?? '');
            setReport('');
          }}
        />
        {realms.error ? (
          <LookupFailure error={realms.error} what="report suites" onRetry={() => void realms.refetch()} />
        ) : null}
        <MultiTargetReportSelect
          target={target}
          realm={realm}
          added={props.added}
          editing={editing}
          report={report}
          onChange={setReport}
        />
        <Select
          label="Status"
          allowDeselect={false}
          data={STATUS_CHOICES}
          value={status}
          onChange={(value) => value && setStatus(value as MultiTargetStatus)}
        />
        <MultiTargetFormActions
          canSubmit={Boolean(realm && report)}
          isSaving={save.isPending}
          isEditing={editing !== null}
          onCancel={props.onDone}
        />
      </Stack>
    </form>
  );
}

/** A multi-target as the dialog sends it, without its id. */
interface MultiTargetChoice {
  remote_realm_id: string;
  remote_realm_name: string;
  remote_target_id: string;
  status: MultiTargetStatus;
}

/**
 * Saving the dialog's multi-target of `target` (spec 01 §2.5, §8): adds it, or updates `editing`,
 * then toasts and calls `onDone`; a failure shows a toast and keeps the dialog open.
 */
function useMultiTargetSubmit(target: Target, editing: MultiTarget | null, onDone: () => void) {
  const save = useSaveMultiTargets(target.id);
  const submit = async (choice: MultiTargetChoice) => {
    try {
      await save.mutateAsync({
        multi_targets: [{ local_multi_target_id: editing?.local_multi_target_id ?? null, ...choice }],
      });
      notifySuccess(MULTI_TARGETS_UPDATED_MESSAGE);
      onDone();
    } catch {
      notifyError(MULTI_TARGETS_FAILED_MESSAGE);
    }
  };
  return { save, submit };
}

/** Props of MultiTargetReportSelect. */
interface MultiTargetReportSelectProps {
  target: Target;
  /** The chosen report suite's id, or '' before one is chosen. */
  realm: string;
  added: readonly MultiTarget[];
  editing: MultiTarget | null;
  /** The chosen report's id, or ''. */
  report: string;
  onChange: (report: string) => void;
}

/**
 * The multi-target's report: only the compatible reports of the chosen report suite, with how
 * many were hidden and why (spec 01 §2.5).
 */
function MultiTargetReportSelect({
  target,
  realm,
  added,
  editing,
  report,
  onChange,
}: MultiTargetReportSelectProps) {
  const { reports, offered, hidden } = useOfferedReports(target, realm, added, editing);
  return (
    <>
      <Select
        label="Report"
        required
        searchable
        placeholder={
          !realm ? 'Choose a report suite first' : reports.isPending ? 'Loading reports…' : 'Choose a report'
        }
        disabled={!realm || reports.isPending}
        data={offered.map((r) => ({ value: r.id, label: r.name }))}
        value={report || null}
        nothingFoundMessage="No compatible report"
        description={
          realm && !reports.isPending && hidden > 0
            ? `${hidden} ${hidden === 1 ? 'report is' : 'reports are'} hidden: incompatible classifications, the target's own report or already added.`
            : undefined
        }
        onChange={(value) => onChange(value ?? '')}
      />
      {reports.error ? (
        <LookupFailure error={reports.error} what="reports" onRetry={() => void reports.refetch()} />
      ) : null}
    </>
  );
}

/**
 * The reports of report suite `realm` a multi-target of `target` may send to (spec 01 §2.5):
 * compatible with the target's required classifications, not the target's own report and not
 * already added (except `editing`'s own), with how many were hidden.
 */
function useOfferedReports(
  target: Target,
  realm: string,
  added: readonly MultiTarget[],
  editing: MultiTarget | null,
) {
  const reports = useRemoteTargets(target.connector_id, realm);
  const required = requiredClassifications(
    target.classifications_names,
    target.target_fields.map((f) => f.classification_name),
  );
  const candidates = (reports.data?.targets ?? []).map((r) => ({
    ...r,
    remote_realm_id: realm,
    remote_target_id: r.id,
  }));
  const offered = multiTargetChoices(candidates, {
    own: { remote_realm_id: target.remote_realm_id, remote_target_id: target.remote_target_id },
    added,
    required,
    keep: editing,
  });
  return { reports, offered, hidden: candidates.length - offered.length };
}

/** Props of MultiTargetFormActions. */
interface MultiTargetFormActionsProps {
  /** Whether a report suite and a report are chosen. */
  canSubmit: boolean;
  isSaving: boolean;
  isEditing: boolean;
  onCancel: () => void;
}

/** The dialog's Cancel and Add (or Save) buttons; Add says why while it is disabled. */
function MultiTargetFormActions({ canSubmit, isSaving, isEditing, onCancel }: MultiTargetFormActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Tooltip label="Choose a report suite and a report first" disabled={canSubmit} withArrow>
        {/* A disabled button gets no pointer events, so the tooltip hangs on a wrapper. */}
        <Box component="span" display="inline-block">
          <Button type="submit" loading={isSaving} disabled={!canSubmit}>
            {isEditing ? 'Save' : 'Add'}
          </Button>
        </Box>
      </Tooltip>
    </Group>
  );
}
