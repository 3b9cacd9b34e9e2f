import { Anchor, Stack } from '@mantine/core';
import { type ListSummary, savedListChangeRefusal } from '@nomen/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useSignedIn } from '../../auth/api';
import { useLists } from '../api';
import { ExportOrderModal } from '../manager/ExportOrderModal';
import { ListsManagerPagination } from '../manager/ListsManagerPagination';
import { ListsManagerTable } from '../manager/ListsManagerTable';
import { useListsManagerTable } from '../manager/useListsManagerTable';
import {
  editRouteOf,
  ListsManagerEmptyState,
  ListsManagerToolbar,
  useDeleteSelectedLists,
} from './ListsManagerSections';

/**
 * /admin/lists-manager, the lists manager (spec 02 §2 "Lists manager (newer view)", §9): a header
 * with the title, "New list" and a toolbar of Duplicate and Edit (exactly one list selected),
 * Delete and Export (one or more); the virtualised, sortable table with client-side pages of
 * 50/100/300 rows. Delete asks for confirmation and deletes (POST lists/bulk/delete) with 5 s
 * toasts (§8), and a list that fields or templates use is refused in a dialog naming them
 * (§8); with live collaboration on, Delete is disabled with a tooltip for users without
 * approve_suggestions (§6). Export opens the export-order modal, whose download builds one CSV. Duplicate opens /admin/lists-manager/edit/new?duplicate={id}.
 */
export function ListsManagerPage() {
  const lists = useLists();
  const deleteRefusal = savedListChangeRefusal(useSignedIn(), 'delete');
  const table = useListsManagerTable(lists.data?.data);
  const [exportSession, setExportSession] = useState<{ key: number; lists: ListSummary[] } | null>(null);
  const { selection } = table;
  const { onDelete, isDeleting } = useDeleteSelectedLists(selection);
  const hasLoadError = Boolean(lists.error) && !lists.data;

  return (
    <>
      <PageHeader
        title="Lists manager"
        description={
          <>
            Lists of allowed values for governed fields.{' '}
            <Anchor component={Link} to="/admin/lists" size="sm">
              Back to the lists page
            </Anchor>
          </>
        }
        aside={
          <ListsManagerToolbar
            selection={selection}
            onClearSelection={table.clearSelection}
            deleteRefusal={deleteRefusal}
            isDeleting={isDeleting}
            onDelete={() => void onDelete()}
            onExport={() => setExportSession((s) => ({ key: (s?.key ?? 0) + 1, lists: selection }))}
          />
        }
      />
      {hasLoadError ? (
        <QueryErrorAlert error={lists.error} what="lists" onRetry={() => void lists.refetch()} />
      ) : (
        <Stack gap={0}>
          <ListsManagerTable
            rows={lists.data ? table.pageRows : undefined}
            isLoading={lists.isPending}
            sort={table.sort}
            onSort={table.toggleSort}
            isSelected={table.isSelected}
            onClickRow={table.clickRow}
            selectAllState={table.pageSelectAllState}
            onToggleAll={table.toggleAllOnPage}
            hrefOf={editRouteOf}
            viewKey={`${table.page}/${table.pageSize}/${table.sort.key}/${table.sort.direction}`}
            empty={<ListsManagerEmptyState />}
          />
          {lists.data && table.total > 0 ? (
            <ListsManagerPagination
              page={table.page}
              pageCount={table.pageCount}
              pageSize={table.pageSize}
              rangeLabel={table.rangeLabel}
              onPageChange={table.goToPage}
              onPageSizeChange={table.changePageSize}
            />
          ) : null}
        </Stack>
      )}
      {exportSession ? (
        <ExportOrderModal
          key={exportSession.key}
          opened
          lists={exportSession.lists}
          onClose={() => setExportSession(null)}
        />
      ) : null}
    </>
  );
}
