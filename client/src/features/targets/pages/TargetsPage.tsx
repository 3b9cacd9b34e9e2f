import { Text } from '@mantine/core';
import type { TargetSummary } from '@nomen/shared';
import { useNavigate } from 'react-router-dom';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { useSearchParam } from '../../../ui/useSearchParam';
import { useDeleteTargets, useTargets } from '../api';
import { TARGET_DELETE_FAILED_MESSAGE, targetEditorPath, targetsDeletedMessage } from '../targetMessages';

const NOUN = { one: 'target', other: 'targets' };

const columns: AdminTableColumn<TargetSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    width: '30%',
    cell: (t) => (
      <Text size="sm" fw={500}>
        {t.name}
      </Text>
    ),
  },
  { key: 'type', header: 'Type', width: 200, cell: (t) => <Text size="sm">{t.type}</Text> },
  {
    key: 'multi_targets_count',
    header: 'Multi targets',
    width: 140,
    cell: (t) => <Text size="sm">{t.multi_targets_count}</Text>,
  },
  {
    key: 'description',
    header: 'Description',
    cell: (t) => (
      <Text size="sm" lineClamp={2}>
        {t.nickname}
      </Text>
    ),
    sortValue: (t) => t.nickname,
  },
];

const targetId = (t: TargetSummary) => t.id;
const targetName = (t: TargetSummary) => t.name;
// Spec 01 §2.4: search by name.
const targetSearchText = (t: TargetSummary) => t.name;

/**
 * /admin/targets (spec 01 §2.4): the targets table (name, type, multi targets count, description
 * from the nickname) with search by name kept in ?q=, multi-select and confirmed bulk delete; Add
 * opens /admin/targets/new, Edit (exactly one selected) or a row click /admin/targets/{id}.
 */
export function TargetsPage() {
  const navigate = useNavigate();
  const targets = useTargets();
  const deleteTargets = useDeleteTargets();
  const [q, onSearchChange] = useSearchParam('q');
  const search = q ?? '';

  const onDelete = async (selected: TargetSummary[]) => {
    try {
      const answer = await deleteTargets.mutateAsync(selected.map(targetId));
      notifySuccess(targetsDeletedMessage(answer.message, selected.length));
      return true;
    } catch {
      notifyError(TARGET_DELETE_FAILED_MESSAGE);
      return false;
    }
  };

  return (
    <>
      <PageHeader
        title="Targets"
        description="Analytics destinations: Adobe Analytics report suites and reports, and Google Analytics data sources, that receive classification data."
      />
      <AdminTable
        label="Targets"
        noun={NOUN}
        rows={targets.data?.data}
        isLoading={targets.isPending}
        error={targets.error}
        onRetry={() => void targets.refetch()}
        columns={columns}
        rowId={targetId}
        rowName={targetName}
        searchText={targetSearchText}
        search={search}
        onSearchChange={onSearchChange}
        onAdd={() => void navigate(targetEditorPath('new'))}
        addLabel="Add target"
        onEdit={(t) => void navigate(targetEditorPath(t.id))}
        onDelete={onDelete}
        emptyDescription="Add a target to send classification data to Adobe Analytics or Google Analytics."
      />
    </>
  );
}
