import { Box, FileButton, Group, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconColumnInsertRight,
  IconFileExport,
  IconFileImport,
  IconSearch,
} from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { ToolbarIconButton } from '../../../ui/ToolbarIconButton';
import { formatLastSaved } from './lastSaved';

/** Props of ListEditorToolbar. */
export interface ListEditorToolbarProps {
  /** The saved list's updated_at, or null for a list never saved. */
  lastSaved: string | null;
  /** The list's cells are still arriving (spec 02 §7): the status says so. */
  isLoading?: boolean;
  isDirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  isReadOnly: boolean;
  /** Why the list is read-only (the disabled buttons' tooltip); "This list is read-only" by default. */
  readOnlyReason?: string | null;
  /** Why columns cannot be added (drop-down lists, the 100-column limit), or null. */
  addColumnBlockedReason: string | null;
  onUndo: () => void;
  onRedo: () => void;
  onAddColumn: () => void;
  onImport: (file: File) => void;
  onExport: () => void;
  /** Opens the grid's find bar (spec 02 §2 search control). */
  onFind: () => void;
  /** Live collaboration's part of the toolbar (spec 02 §2, §6: presence avatars, the comments toggle). */
  collaboration?: ReactNode;
}

/** Props of SaveStatus. */
interface SaveStatusProps {
  lastSaved: string | null;
  isLoading: boolean;
  isDirty: boolean;
}

/**
 * The save status (spec 02 §2): a dot, grey while loading or never saved, yellow for unsaved
 * changes and green when saved, named by the status, and the last-saved time beside it.
 */
function SaveStatus({ lastSaved, isLoading, isDirty }: SaveStatusProps) {
  const status = isLoading
    ? 'Loading…'
    : isDirty
      ? 'Unsaved changes'
      : lastSaved
        ? 'All changes saved'
        : 'Not saved yet';
  const color = isLoading
    ? 'var(--mantine-color-gray-4)'
    : isDirty
      ? 'var(--mantine-color-yellow-5)'
      : lastSaved
        ? 'var(--mantine-color-green-6)'
        : 'var(--mantine-color-gray-4)';
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={status} withArrow>
        <Box
          role="img"
          aria-label={status}
          data-testid="save-status"
          data-status={isLoading ? 'loading' : isDirty ? 'dirty' : lastSaved ? 'saved' : 'new'}
          w={10}
          h={10}
          style={{ borderRadius: '50%', background: color, flex: 'none' }}
        />
      </Tooltip>
      <Text size="sm" c="dimmed" data-testid="last-saved">
        {isLoading ? 'Loading…' : lastSaved ? `Last saved ${formatLastSaved(lastSaved)}` : 'Not saved yet'}
      </Text>
    </Group>
  );
}

/** Props of ImportCsvButton. */
interface ImportCsvButtonProps {
  onImport: (file: File) => void;
  isReadOnly: boolean;
  /** The disabled button's tooltip. */
  readOnlyReason: string;
}

/** "Import CSV": picks a .csv file; the same file can be chosen again (spec 02 §2). */
function ImportCsvButton({ onImport, isReadOnly, readOnlyReason }: ImportCsvButtonProps) {
  const resetFile = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={resetFile}
      onChange={(file) => {
        // Cleared, so that choosing the same file again imports it again.
        resetFile.current?.();
        if (file) onImport(file);
      }}
      accept=".csv,text/csv"
    >
      {(props) => (
        <ToolbarIconButton
          label="Import CSV"
          icon={<IconFileImport size={18} aria-hidden />}
          onClick={props.onClick}
          isDisabled={isReadOnly}
          disabledReason={readOnlyReason}
        />
      )}
    </FileButton>
  );
}

/**
 * The list editor's toolbar (spec 02 §2): the last-saved time ("Jan 5, 2024 3:04pm") with a dot,
 * yellow for unsaved changes and green when saved; the search control opening the grid's find
 * bar; undo, redo, add column (disabled with a tooltip for drop-down lists), CSV import and CSV
 * export; with live collaboration, who is in the list and the comments toggle (spec 02 §6).
 */
export function ListEditorToolbar({
  lastSaved,
  isLoading = false,
  isDirty,
  canUndo,
  canRedo,
  isReadOnly,
  readOnlyReason,
  addColumnBlockedReason,
  onUndo,
  onRedo,
  onAddColumn,
  onImport,
  onExport,
  onFind,
  collaboration,
}: ListEditorToolbarProps) {
  const readOnly = readOnlyReason ?? 'This list is read-only';
  return (
    <Group justify="space-between" wrap="nowrap" role="toolbar" aria-label="List editor actions">
      <SaveStatus lastSaved={lastSaved} isLoading={isLoading} isDirty={isDirty} />
      <Group gap="xs" wrap="nowrap">
        {collaboration}
        <ToolbarIconButton
          label="Find (Ctrl+F)"
          icon={<IconSearch size={18} aria-hidden />}
          onClick={onFind}
        />
        <ToolbarIconButton
          label="Undo"
          icon={<IconArrowBackUp size={18} aria-hidden />}
          onClick={onUndo}
          isDisabled={isReadOnly || !canUndo}
          disabledReason={isReadOnly ? readOnly : 'Nothing to undo'}
        />
        <ToolbarIconButton
          label="Redo"
          icon={<IconArrowForwardUp size={18} aria-hidden />}
          onClick={onRedo}
          isDisabled={isReadOnly || !canRedo}
          disabledReason={isReadOnly ? readOnly : 'Nothing to redo'}
        />
        <ToolbarIconButton
          label="Add column"
          icon={<IconColumnInsertRight size={18} aria-hidden />}
          onClick={onAddColumn}
          isDisabled={isReadOnly || addColumnBlockedReason !== null}
          disabledReason={isReadOnly ? readOnly : (addColumnBlockedReason ?? undefined)}
        />
        <ImportCsvButton onImport={onImport} isReadOnly={isReadOnly} readOnlyReason={readOnly} />
        <ToolbarIconButton
          label="Export CSV"
          icon={<IconFileExport size={18} aria-hidden />}
          onClick={onExport}
        />
      </Group>
    </Group>
  );
}
