import { Text } from '@mantine/core';
import type { Folder } from '@nomen/shared';
import { useState } from 'react';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { countLabel } from '../../../ui/adminTableModel';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useWording } from '../../shell/useWording';
import { useDeleteFolders, useFolders } from '../api';
import { FolderDrawer } from '../components/FolderDrawer';
import { FOLDER_DELETED_MESSAGE, folderDeleteErrorMessage } from '../folderMessages';

const NOUN = { one: 'folder', other: 'folders' };

const columns: AdminTableColumn<Folder>[] = [
  { key: 'id', header: 'ID', cell: (f) => f.id, width: 80 },
  {
    key: 'name',
    header: 'Name',
    cell: (f) => (
      <Text size="sm" fw={500}>
        {f.name}
      </Text>
    ),
  },
  {
    key: 'description',
    header: 'Description',
    cell: (f) => (
      <Text size="sm" lineClamp={2}>
        {f.description}
      </Text>
    ),
  },
  { key: 'updated_at', header: 'Updated', cell: (f) => <Timestamp value={f.updated_at} />, width: 160 },
];

const folderId = (f: Folder) => f.id;
const folderName = (f: Folder) => f.name;
const folderSearchText = (f: Folder) => `${f.id} ${f.name} ${f.description}`;

/**
 * /admin/folders (spec 01 §2.8): the folders table (id, name, description, updated) with search,
 * multi-select and bulk delete ("Folder deleted successfully"; on 400 the server's message,
 * otherwise "Folder failed to delete", §8), and the folder drawer for add and edit.
 */
export function FoldersPage() {
  const { words } = useWording();
  const folders = useFolders();
  const deleteFolders = useDeleteFolders();
  const [drawer, setDrawer] = useState<{ opened: boolean; folder: Folder | null; session: number }>({
    opened: false,
    folder: null,
    session: 0,
  });
  const openDrawer = (folder: Folder | null) =>
    setDrawer((d) => ({ opened: true, folder, session: d.session + 1 }));

  const onDelete = async (rows: Folder[]) => {
    try {
      await deleteFolders.mutateAsync(rows.map(folderId));
      notifySuccess(
        rows.length === 1 ? FOLDER_DELETED_MESSAGE : `${countLabel(rows.length, NOUN)} deleted successfully`,
      );
      return true;
    } catch (error) {
      notifyError(folderDeleteErrorMessage(error));
      return false;
    }
  };

  return (
    <>
      <PageHeader title="Folders" description={`Folders organise ${words}; groups grant access to them.`} />
      <AdminTable
        label="Folders"
        noun={NOUN}
        rows={folders.data?.data}
        isLoading={folders.isPending}
        error={folders.error}
        onRetry={() => void folders.refetch()}
        columns={columns}
        rowId={folderId}
        rowName={folderName}
        searchText={folderSearchText}
        onAdd={() => openDrawer(null)}
        addLabel="Add folder"
        onEdit={openDrawer}
        onDelete={onDelete}
        emptyDescription={`Create a folder to organise your ${words}.`}
      />
      <FolderDrawer
        key={drawer.session}
        opened={drawer.opened}
        folder={drawer.folder}
        onClose={() => setDrawer((d) => ({ ...d, opened: false }))}
      />
    </>
  );
}
