import { Text } from '@mantine/core';
import type { Group } from '@nomen/shared';
import { useState } from 'react';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { countLabel } from '../../../ui/adminTableModel';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useWording } from '../../shell/useWording';
import { useDeleteGroups, useGroups } from '../api';
import { GroupDrawer } from '../components/GroupDrawer';

const NOUN = { one: 'group', other: 'groups' };

const columns: AdminTableColumn<Group>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (g) => (
      <Text size="sm" fw={500}>
        {g.name}
      </Text>
    ),
  },
  {
    key: 'notes',
    header: 'Notes',
    cell: (g) => (
      <Text size="sm" lineClamp={2}>
        {g.notes}
      </Text>
    ),
  },
  { key: 'users', header: 'Users', cell: (g) => g.user_count, sortValue: (g) => g.user_count, width: 90 },
  { key: 'updated_at', header: 'Updated', cell: (g) => <Timestamp value={g.updated_at} />, width: 160 },
];

const groupId = (g: Group) => g.id;
const groupName = (g: Group) => g.name;
const groupSearchText = (g: Group) => `${g.name} ${g.notes}`;

/**
 * /admin/groups (spec 01 §2.7): the groups table with search, multi-select and bulk delete, and
 * the group drawer for add and edit. Save and delete show generic toasts (§8).
 */
export function GroupsPage() {
  const { words } = useWording();
  const groups = useGroups();
  const deleteGroups = useDeleteGroups();
  const [drawer, setDrawer] = useState<{ opened: boolean; group: Group | null; session: number }>({
    opened: false,
    group: null,
    session: 0,
  });
  const openDrawer = (group: Group | null) =>
    setDrawer((d) => ({ opened: true, group, session: d.session + 1 }));

  const onDelete = async (rows: Group[]) => {
    try {
      await deleteGroups.mutateAsync(rows.map(groupId));
      notifySuccess(`${countLabel(rows.length, NOUN)} deleted`);
      return true;
    } catch (error) {
      notifyFailure(error, rows.length === 1 ? 'Group failed to delete' : 'Groups failed to delete');
      return false;
    }
  };

  return (
    <>
      <PageHeader
        title="Groups"
        description={`Groups give their users access to folders and ${words} together.`}
      />
      <AdminTable
        label="Groups"
        noun={NOUN}
        rows={groups.data?.data}
        isLoading={groups.isPending}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        columns={columns}
        rowId={groupId}
        rowName={groupName}
        searchText={groupSearchText}
        onAdd={() => openDrawer(null)}
        addLabel="Add group"
        onEdit={openDrawer}
        onDelete={onDelete}
        emptyDescription={`Create a group to give several users the same folders and ${words}.`}
      />
      <GroupDrawer
        key={drawer.session}
        opened={drawer.opened}
        group={drawer.group}
        onClose={() => setDrawer((d) => ({ ...d, opened: false }))}
      />
    </>
  );
}
