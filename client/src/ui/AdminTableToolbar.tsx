import { Box, Button, CloseButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Props of AdminTableToolbar. */
export interface AdminTableToolbarProps<T> {
  /** Accessible name of the table; the toolbar is "<label> actions". */
  label: string;
  noun: { one: string; other: string };
  search: string;
  setSearch: (search: string) => void;
  /** The selected visible rows, in table order. */
  selection: T[];
  /** The one selected row, when exactly one is. */
  single: T | undefined;
  /** Why the selection cannot be deleted, or null. */
  deleteBlocked: string | null;
  onAdd?: () => void;
  addLabel?: string;
  onEdit?: (row: T) => void;
  /** Whether the table deletes rows: shows the Delete button. */
  canDelete: boolean;
  onDeleteClick: () => void;
  actions?: (selected: T[]) => ReactNode;
}

/**
 * The row above an admin table (spec 01 §2.3-§2.8): the search box with its clear button, and
 * the toolbar with Add, Edit (exactly one selected, spec 01 §4), Delete (spec 01 §8) and the
 * screen's own actions for the selection.
 */
export function AdminTableToolbar<T>(props: AdminTableToolbarProps<T>) {
  const { label, noun, search, setSearch, selection, onAdd, actions } = props;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <TextInput
        aria-label={`Search ${noun.other}`}
        placeholder={`Search ${noun.other}`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={
          search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null
        }
        w={320}
      />
      <Group gap="xs" role="toolbar" aria-label={`${label} actions`}>
        {onAdd ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {props.addLabel ?? `Add ${noun.one}`}
          </Button>
        ) : null}
        <EditButton {...props} />
        {props.canDelete ? (
          <DeleteButton
            deleteBlocked={props.deleteBlocked}
            hasSelection={selection.length > 0}
            onClick={props.onDeleteClick}
          />
        ) : null}
        {actions?.(selection)}
      </Group>
    </Group>
  );
}

/** Edit, enabled with exactly one row selected; its tooltip says why otherwise (spec 01 §4). */
function EditButton<T>({ noun, selection, single, onEdit }: AdminTableToolbarProps<T>) {
  if (!onEdit) return null;
  return (
    <Tooltip
      label={selection.length === 0 ? `Select a ${noun.one} to edit` : `Select only one ${noun.one} to edit`}
      disabled={Boolean(single)}
      withArrow
    >
      {/* A disabled button gets no pointer events, so the tooltip hangs on a wrapper. */}
      <Box component="span" display="inline-block">
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          disabled={!single}
          onClick={() => single && onEdit(single)}
        >
          Edit
        </Button>
      </Box>
    </Tooltip>
  );
}

/** Props of DeleteButton. */
interface DeleteButtonProps {
  deleteBlocked: string | null;
  hasSelection: boolean;
  onClick: () => void;
}

/** Delete, for a selection; a blocked selection keeps it focusable with the reason as tooltip (spec 01 §8). */
function DeleteButton({ deleteBlocked, hasSelection, onClick }: DeleteButtonProps) {
  return (
    <Tooltip label={deleteBlocked} disabled={!deleteBlocked} withArrow multiline maw={280}>
      <Button
        variant="default"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        // A blocked delete stays focusable so its tooltip can say why.
        disabled={!hasSelection}
        data-disabled={deleteBlocked ? true : undefined}
        aria-disabled={deleteBlocked ? true : undefined}
        onClick={(event) => {
          if (deleteBlocked) event.preventDefault();
          else onClick();
        }}
      >
        Delete
      </Button>
    </Tooltip>
  );
}
