import { Badge, Button, Text, Tooltip } from '@mantine/core';
import { type CollabState, type ListSummary, savedListChangeRefusal } from '@nomen/shared';
import { IconCopy, IconLayoutList, IconLock, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useSearchParam } from '../../../ui/useSearchParam';
import { useSignedIn } from '../../auth/api';
import { useDeleteLists, useLists } from '../api';
import { useCollabStates } from '../collab/collabApi';
import { ListTypeLabel } from '../manager/ListTypeLabel';
import { DEFAULT_LIST_SORT, sortLists } from '../manager/managerTableModel';
import { reportListsDeleteFailure } from './listDeleteFailure';
import { LIST_NOUN, listSearchText, listsDeletedMessage } from './listLabels';

const columns: AdminTableColumn<ListSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    width: '30%',
    cell: (list) => (
      <Text size="sm" fw={500}>
        {list.name}
      </Text>
    ),
  },
  { key: 'updated_at', header: 'Updated', width: 150, cell: (list) => <Timestamp value={list.updated_at} /> },
  {
    key: 'type',
    header: 'Type',
    width: 150,
    cell: (list) => <ListTypeLabel type={list.type} poweredTemplateId={list.powered_template_id} />,
  },
  {
    key: 'notes',
    header: 'Notes',
    cell: (list) => (
      <Text size="sm" lineClamp={2}>
        {list.notes}
      </Text>
    ),
  },
];

/**
 * The two columns live collaboration adds (spec 02 §2): pending suggestions and a lock marker
 * whose tooltip names who reviews the list.
 */
function collabColumns(
  states: ReadonlyMap<number, CollabState> | undefined,
): AdminTableColumn<ListSummary>[] {
  return [
    {
      key: 'pending',
      header: 'Pending suggestions',
      width: 120,
      sortValue: (list) => states?.get(list.id)?.pendingSuggestions ?? 0,
      cell: (list) => {
        const pending = states?.get(list.id)?.pendingSuggestions ?? 0;
        return pending > 0 ? (
          <Badge color="blue" variant="light" aria-label={`${pending} pending suggestions`}>
            {pending}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed" aria-label="No pending suggestions">
            0
          </Text>
        );
      },
    },
    {
      key: 'lock',
      header: 'Lock',
      width: 70,
      sortValue: (list) => states?.get(list.id)?.lockData?.isLocked === true,
      cell: (list) => {
        const lock = states?.get(list.id)?.lockData;
        if (!lock?.isLocked) return null;
        const label = `Locked by ${lock.lockedByName ?? 'someone'} while they review it`;
        return (
          <Tooltip label={label}>
            <IconLock size={18} aria-label={label} role="img" />
          </Tooltip>
        );
      },
    },
  ];
}

const listId = (list: ListSummary) => list.id;
const listName = (list: ListSummary) => list.name;

/**
 * Deletes the chosen lists (spec 02 §8): a success toast, or the failure reported (a dialog naming
 * the fields and templates that use them). Returns the AdminTable's `onDelete`, resolving true
 * once deleted.
 */
function useDeleteChosenLists() {
  const deleteLists = useDeleteLists();
  return async (selected: ListSummary[]) => {
    try {
      await deleteLists.mutateAsync(selected.map(listId));
      notifySuccess(listsDeletedMessage(selected.length));
      return true;
    } catch (error) {
      reportListsDeleteFailure(error, selected.length);
      return false;
    }
  };
}

/** Props of ListsPageActions. */
interface ListsPageActionsProps {
  selected: ListSummary[];
  /** Why this user may not delete lists, or null (then the table's own Delete shows). */
  deleteRefusal: string | null;
}

/**
 * The lists page's extra selection actions (spec 02 §2): a Delete that says why it is refused
 * (spec 02 §6), and Duplicate of exactly one list (/admin/lists/edit/new?duplicate={id}).
 */
function ListsPageActions({ selected, deleteRefusal }: ListsPageActionsProps) {
  const navigate = useNavigate();
  return (
    <>
      {deleteRefusal ? (
        <Tooltip label={deleteRefusal} withArrow multiline maw={280}>
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            data-disabled
            aria-disabled
            aria-description={deleteRefusal}
            onClick={(event) => event.preventDefault()}
          >
            Delete
          </Button>
        </Tooltip>
      ) : null}
      <Button
        variant="default"
        leftSection={<IconCopy size={16} aria-hidden />}
        disabled={selected.length !== 1}
        onClick={() => {
          const [only] = selected;
          if (only && selected.length === 1) void navigate(`/admin/lists/edit/new?duplicate=${only.id}`);
        }}
      >
        Duplicate
      </Button>
    </>
  );
}

/**
 * /admin/lists, the lists page (spec 02 §2 "Lists page (older view)"): a searchable table of
 * name, updated date, type (marked when powered by a template) and notes, newest change first
 * and unpaginated; multi-select with shift-click ranges; Add (/admin/lists/edit/new), Edit and
 * Duplicate with exactly one row selected (/admin/lists/edit/{id},
 * /admin/lists/edit/new?duplicate={id}, §5) and bulk delete after a confirmation dialog with 5 s
 * toasts (§8); a list that fields or templates use is refused in a dialog naming them
 * (§8). The search text is kept in the query parameter q. With live collaboration on, two
 * more columns show each list's pending suggestions and lock (§2), and Delete is disabled with a
 * tooltip for users without approve_suggestions (§6).
 */
export function ListsPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParam('q');
  const lists = useLists();
  const me = useSignedIn();
  const live = me.features.includes('live-collaboration');
  const deleteRefusal = savedListChangeRefusal(me, 'delete');
  const collab = useCollabStates(live);
  const shownColumns = useMemo(
    () => (live ? [...columns, ...collabColumns(collab.data)] : columns),
    [live, collab.data],
  );
  const rows = useMemo(
    () => (lists.data ? sortLists(lists.data.data, DEFAULT_LIST_SORT) : undefined),
    [lists.data],
  );
  const onDelete = useDeleteChosenLists();

  return (
    <>
      <PageHeader
        title="Lists"
        description="Managed lists of allowed values for drop-down, drill-down and dependent fields."
        aside={
          <Button
            component={Link}
            to="/admin/lists-manager"
            variant="subtle"
            leftSection={<IconLayoutList size={16} aria-hidden />}
          >
            Open lists manager
          </Button>
        }
      />
      <AdminTable
        label="Lists"
        noun={LIST_NOUN}
        rows={rows}
        isLoading={lists.isPending}
        error={lists.error}
        onRetry={() => void lists.refetch()}
        columns={shownColumns}
        rowId={listId}
        rowName={listName}
        searchText={listSearchText}
        search={search ?? ''}
        onSearchChange={setSearch}
        onAdd={() => void navigate('/admin/lists/edit/new')}
        addLabel="Add list"
        onEdit={(list) => void navigate(`/admin/lists/edit/${list.id}`)}
        onDelete={deleteRefusal ? undefined : onDelete}
        canSelectRange
        actions={(selected) => <ListsPageActions selected={selected} deleteRefusal={deleteRefusal} />}
        emptyDescription="Add a list of allowed values to govern drop-down, drill-down and dependent fields."
      />
    </>
  );
}
