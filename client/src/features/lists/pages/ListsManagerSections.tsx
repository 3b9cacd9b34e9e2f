import { Button, EmptyState, Group, Text } from '@mantine/core';
import type { ListSummary } from '@nomen/shared';
import {
  IconCopy,
  IconFileExport,
  IconListDetails,
  IconPencil,
  IconPlus,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { countLabel } from '../../../ui/adminTableModel';
import { confirmAction } from '../../../ui/confirmAction';
import { notifySuccess } from '../../../ui/notify';
import { ToolbarIconButton } from '../../../ui/ToolbarIconButton';
import { useDeleteLists } from '../api';
import { reportListsDeleteFailure } from './listDeleteFailure';
import { LIST_NOUN, listsDeletedMessage } from './listLabels';

/** The lists manager's editor route of a list (spec 02 §2). */
export const editRouteOf = (list: { id: number }) => `/admin/lists-manager/edit/${list.id}`;

/**
 * Deleting the selected lists (spec 02 §2, §8): asks for confirmation naming up to three of them,
 * deletes them (POST lists/bulk/delete) and says so in a toast, or reports the failure (a dialog
 * naming the fields and templates that use them). Returns `onDelete` and whether a delete runs.
 */
export function useDeleteSelectedLists(selection: readonly ListSummary[]) {
  const deleteLists = useDeleteLists();
  const onDelete = async () => {
    if (selection.length === 0) return;
    const names = selection
      .slice(0, 3)
      .map((list) => list.name)
      .join(', ');
    const more = selection.length > 3 ? ` and ${selection.length - 3} more` : '';
    const confirmed = await confirmAction({
      title: `Delete ${countLabel(selection.length, LIST_NOUN)}?`,
      message: `${names}${more} will be deleted with all their values. This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    try {
      await deleteLists.mutateAsync(selection.map((list) => list.id));
      notifySuccess(listsDeletedMessage(selection.length));
    } catch (error) {
      reportListsDeleteFailure(error, selection.length);
    }
  };
  return { onDelete, isDeleting: deleteLists.isPending };
}

/** Props of ListsManagerToolbar. */
export interface ListsManagerToolbarProps {
  /** The selected lists. */
  selection: readonly ListSummary[];
  onClearSelection: () => void;
  /** Why this user may not delete lists (live collaboration without approve_suggestions), or null. */
  deleteRefusal: string | null;
  isDeleting: boolean;
  onDelete: () => void;
  onExport: () => void;
}

/**
 * The lists manager's header toolbar (spec 02 §2 "Lists manager (newer view)"): the selection
 * count with Clear; Duplicate and Edit (exactly one list selected), Delete and Export (one or
 * more), each disabled with a tooltip saying why; and "New list".
 */
export function ListsManagerToolbar({
  selection,
  onClearSelection,
  deleteRefusal,
  isDeleting,
  onDelete,
  onExport,
}: ListsManagerToolbarProps) {
  const navigate = useNavigate();
  const single = selection.length === 1 ? selection[0] : undefined;
  return (
    <Group gap="xs" wrap="nowrap">
      {selection.length > 0 ? (
        <Group gap={4} wrap="nowrap" mr="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {selection.length} selected
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onClearSelection}>
            Clear
          </Button>
        </Group>
      ) : null}
      <Group gap={6} role="toolbar" aria-label="List actions" wrap="nowrap">
        <ToolbarIconButton
          label="Duplicate list"
          icon={<IconCopy size={18} aria-hidden />}
          isDisabled={!single}
          disabledReason="Select exactly one list to duplicate"
          onClick={() => single && void navigate(`/admin/lists-manager/edit/new?duplicate=${single.id}`)}
        />
        <ToolbarIconButton
          label="Edit list"
          icon={<IconPencil size={18} aria-hidden />}
          isDisabled={!single}
          disabledReason="Select exactly one list to edit"
          onClick={() => single && void navigate(editRouteOf(single))}
        />
        <ToolbarIconButton
          label="Delete lists"
          icon={<IconTrash size={18} aria-hidden />}
          color="red"
          isDisabled={deleteRefusal !== null || selection.length === 0 || isDeleting}
          disabledReason={deleteRefusal ?? 'Select the lists to delete'}
          onClick={onDelete}
        />
        <ToolbarIconButton
          label="Export lists as CSV"
          icon={<IconFileExport size={18} aria-hidden />}
          isDisabled={selection.length === 0}
          disabledReason="Select the lists to export"
          onClick={onExport}
        />
      </Group>
      <Button component={Link} to="/admin/lists-manager/new" leftSection={<IconPlus size={16} aria-hidden />}>
        New list
      </Button>
    </Group>
  );
}

/** The lists manager's empty table: "No lists yet" with a "New list" button (spec 02 §2). */
export function ListsManagerEmptyState() {
  return (
    <EmptyState
      py="xl"
      icon={<IconTable size={28} aria-hidden />}
      title="No lists yet"
      description="Create a list of allowed values for drop-down, drill-down and dependent fields."
    >
      <EmptyState.Actions>
        <Button
          component={Link}
          to="/admin/lists-manager/new"
          variant="light"
          leftSection={<IconListDetails size={16} aria-hidden />}
        >
          New list
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
