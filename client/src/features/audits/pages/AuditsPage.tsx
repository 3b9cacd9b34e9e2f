import { Anchor, Badge, Text } from '@mantine/core';
import {
  AUDIT_PLATFORM_LABELS,
  AUDIT_SCHEDULE_LABELS,
  type Audit,
  auditScoreText,
  hasPermission,
} from '@nomen/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { countLabel } from '../../../ui/adminTableModel';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useSignedIn } from '../../auth/api';
import { useAudits, useDeleteAudits } from '../api';
import { AuditDrawer } from '../components/AuditDrawer';

const NOUN = { one: 'audit', other: 'audits' };

const columns: AdminTableColumn<Audit>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (a) => (
      <Anchor component={Link} to={`/admin/audits/${a.id}`} size="sm" fw={500}>
        {a.name}
      </Anchor>
    ),
    sortValue: (a) => a.name.toLowerCase(),
  },
  {
    key: 'platform',
    header: 'Platform',
    cell: (a) => <Text size="sm">{AUDIT_PLATFORM_LABELS[a.slug]}</Text>,
    width: 150,
  },
  { key: 'template', header: 'Template', cell: (a) => <Text size="sm">{a.template_name}</Text> },
  {
    key: 'schedule',
    header: 'Schedule',
    cell: (a) => <Text size="sm">{AUDIT_SCHEDULE_LABELS[a.schedule]}</Text>,
    width: 110,
  },
  {
    key: 'score',
    header: 'Score',
    cell: (a) =>
      a.last_run?.status === 'Failed' ? (
        <Badge color="red" variant="light">
          Failed
        </Badge>
      ) : (
        <Text size="sm">{auditScoreText(a.last_run?.score ?? null)}</Text>
      ),
    sortValue: (a) => a.last_run?.score ?? -1,
    width: 110,
  },
  {
    key: 'last_run',
    header: 'Last run',
    cell: (a) => (a.last_run ? <Timestamp value={a.last_run.created_at} /> : <Text size="sm">Never</Text>),
    sortValue: (a) => a.last_run?.created_at ?? '',
    width: 170,
  },
];

const auditId = (a: Audit) => a.id;
const auditName = (a: Audit) => a.name;
const auditSearchText = (a: Audit) =>
  `${a.name} ${a.template_name} ${a.connector_name} ${AUDIT_PLATFORM_LABELS[a.slug]}`;

/**
 * /admin/audits (README "Audits"): the account's audits, sortable, with their platform, template,
 * schedule, last score and last run; holders of manage_audits add, edit and delete them (the
 * table confirms a delete; runs, violations and exceptions go with it), everyone with access_reports opens an audit's page from its name.
 */
export function AuditsPage() {
  const me = useSignedIn();
  const mayManage = hasPermission(me.permissions, 'manage_audits');
  const audits = useAudits();
  const remove = useDeleteAudits();
  const [drawer, setDrawer] = useState<{ opened: boolean; audit: Audit | null; session: number }>({
    opened: false,
    audit: null,
    session: 0,
  });
  const open = (audit: Audit | null) => setDrawer((d) => ({ opened: true, audit, session: d.session + 1 }));

  const onDelete = async (rows: Audit[]) => {
    try {
      await remove.mutateAsync(rows.map(auditId));
      notifySuccess(rows.length === 1 ? 'Audit deleted' : `${countLabel(rows.length, NOUN)} deleted`);
      return true;
    } catch (error) {
      notifyError(errorMessage(error, 'The audit could not be deleted'));
      return false;
    }
  };

  return (
    <>
      <PageHeader
        title="Audits"
        description="How much of what is live in the ad platforms follows the account's templates: names against their patterns and lists, links against their parameters."
      />
      <AdminTable
        label="Audits"
        noun={NOUN}
        rows={audits.data?.data}
        isLoading={audits.isPending}
        error={audits.error}
        onRetry={() => void audits.refetch()}
        columns={columns}
        rowId={auditId}
        rowName={auditName}
        searchText={auditSearchText}
        onAdd={mayManage ? () => open(null) : undefined}
        addLabel="New audit"
        onEdit={mayManage ? (a) => open(a) : undefined}
        onDelete={mayManage ? onDelete : undefined}
        emptyDescription="Set up an audit to read the names and links live in a connected ad platform and score them against a template."
      />
      {mayManage ? (
        <AuditDrawer
          key={drawer.session}
          opened={drawer.opened}
          audit={drawer.audit}
          onClose={() => setDrawer((d) => ({ ...d, opened: false }))}
        />
      ) : null}
    </>
  );
}
