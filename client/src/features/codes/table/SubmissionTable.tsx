import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { type CalendarDate, dateCodec, SUBMISSION_MAX_ROWS } from '@nomen/shared';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCircleCheck,
  IconSearch,
} from '@tabler/icons-react';
import {
  type FocusEvent,
  type FormEvent,
  memo,
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ToolbarIconButton } from '../../../ui/ToolbarIconButton';
import type { CellEditorProps } from '../../lists/grid/CellEditor';
import type { CellDecoration, CellPos, CellRef, GridData } from '../../lists/grid/gridTypes';
import { SpreadsheetGrid, type SpreadsheetGridHandle } from '../../lists/grid/SpreadsheetGrid';
import { DateCellEditor, ListCellEditor } from './CellEditors';
import classes from './SubmissionTable.module.css';
import { cellKey, cellProblemText, listOptions, listSources, nextErrorCell } from './submissionTable';
import type { SubmissionTableState } from './useSubmissionTable';

/** What the page can do with the table from outside. */
export interface SubmissionTableHandle {
  /** Moves to the first problem cell (after a refused submit). */
  showFirstError(): void;
}

/**
 * What a shared draft adds to the table (ARCHITECTURE.md, Live collaboration): read-only once
 * submitted, the others' selected cells and typing, and this person's selection and typing told
 * to the others.
 */
export interface LiveTableLayer {
  /** No editing (the draft was submitted, or its room is not ready). */
  readonly isReadOnly: boolean;
  /** The decoration of a cell with the others on it, on top of the table's own (`base`). */
  decorate(row: number, col: number, base: CellDecoration | undefined): CellDecoration | undefined;
  /** What the grid shows, given the governed values (others' typing in their cells). */
  display(display: GridData): GridData;
  /** The selected cell changed. */
  onActiveCell(row: number, col: number): void;
  /** What is typed in the open cell editor (on every keystroke), null when the editor closes. */
  onTyping(text: string | null): void;
  /**
   * Where the selected cell's row is now (others added or removed rows above it), so the selection
   * follows its row and a key press acts on the row chosen; null when unknown or gone.
   */
  readonly selectedCell: CellPos | null;
}

/** Props of SubmissionTable. */
export interface SubmissionTableProps {
  table: SubmissionTableState;
  /** The live layer of a shared draft (none: the table is this person's alone). */
  live?: LiveTableLayer;
  /** Accessible name of the grid, e.g. "Display campaigns rows". */
  label: string;
  height: number | string;
  ref?: Ref<SubmissionTableHandle>;
}

/** Reads ISO `YYYY-MM-DD` only (a date column without a format of its own). */
const ISO_ONLY = dateCodec({
  order: 'Y|M|D',
  years: '0000-9999',
  months: '01-12',
  days: '01-31',
  delimiter: '-',
});

const COMPUTED: CellDecoration = {
  className: classes.computed,
  description: 'Computed from the other cells of the row',
};

/** Props of {@link SubmissionTableToolbar}: primitives and stable functions, so an edit that changes none re-renders nothing. */
interface SubmissionTableToolbarProps {
  /** Rows to send. */
  filledCount: number;
  errorCount: number;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  /** Opens the grid's find bar. */
  onFind: () => void;
  /** Moves to the next problem cell. */
  onNextError: () => void;
}

/**
 * The toolbar above the submission grid (spec 03 §2): undo, redo, find, the count of rows to send,
 * the error count (or "No errors") and "Next error".
 */
const SubmissionTableToolbar = memo(function SubmissionTableToolbar({
  filledCount,
  errorCount,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onFind,
  onNextError,
}: SubmissionTableToolbarProps) {
  return (
    <Group justify="space-between" px="sm" py={6} className={classes.toolbar} wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <ToolbarIconButton
          label="Undo"
          icon={<IconArrowBackUp size={18} aria-hidden />}
          onClick={onUndo}
          isDisabled={!canUndo}
          disabledReason="Nothing to undo"
        />
        <ToolbarIconButton
          label="Redo"
          icon={<IconArrowForwardUp size={18} aria-hidden />}
          onClick={onRedo}
          isDisabled={!canRedo}
          disabledReason="Nothing to redo"
        />
        <ToolbarIconButton label="Find" icon={<IconSearch size={18} aria-hidden />} onClick={onFind} />
        <Text size="sm" c="dimmed" data-testid="row-count">
          {filledCount === 1 ? '1 row' : `${filledCount.toLocaleString('en-US')} rows`}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {errorCount > 0 ? (
          <Badge
            color="red"
            variant="light"
            leftSection={<IconAlertTriangle size={14} aria-hidden />}
            data-testid="error-count"
          >
            {errorCount === 1 ? '1 error' : `${errorCount.toLocaleString('en-US')} errors`}
          </Badge>
        ) : (
          <Badge
            color="green"
            variant="light"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
            data-testid="error-count"
          >
            No errors
          </Badge>
        )}
        <Button size="xs" variant="default" onClick={onNextError} disabled={errorCount === 0}>
          Next error
        </Button>
      </Group>
    </Group>
  );
});

/**
 * The cell editor of each column (spec 03 §2): a date picker reading ISO or the field's own date
 * format, as the shared rules read it; a list picker offering the list's values for the row
 * (drill-down cascade); the grid's text editor for the rest (null).
 */
function useCellEditor(table: SubmissionTableState) {
  const { columns } = table;
  // The governed rows as of this render, read when an editor opens (the function stays the same across edits).
  const governed = useRef(table.validation.governed);
  governed.current = table.validation.governed;
  const sources = useMemo(() => listSources(table.form), [table.form]);
  // The reader of each date column: ISO or the field's own format, as the shared rules read it.
  const dateParsers = useMemo(() => {
    const parsers = new Map<string, (text: string) => CalendarDate | null>();
    for (const column of columns) {
      if (column.field.governance_type !== 'date') continue;
      parsers.set(column.key, (column.field.date ? dateCodec(column.field.date) : ISO_ONLY).parse);
    }
    return parsers;
  }, [columns]);

  return useCallback(
    (props: CellEditorProps) => {
      const column = columns[props.col];
      if (!column) return null;
      if (column.field.governance_type === 'date')
        return <DateCellEditor {...props} parse={dateParsers.get(column.key) ?? ISO_ONLY.parse} />;
      const source = sources.get(column.key);
      if (column.field.governance_type === 'list' && source) {
        const row = governed.current[props.row];
        return <ListCellEditor {...props} options={(typed) => listOptions(source, row, typed)} />;
      }
      return null;
    },
    [columns, sources, dateParsers],
  );
}

/**
 * How each cell looks and whether it can be typed in: problem cells outlined with their messages,
 * computed cells marked and read-only.
 */
function useCellLooks(table: SubmissionTableState, live: LiveTableLayer | undefined) {
  const { columns, validation } = table;
  const decorations = useMemo(() => {
    const map = new Map<string, CellDecoration>();
    for (const [key, messages] of validation.byCell)
      map.set(key, { className: classes.error, description: messages.join('\n') });
    return map;
  }, [validation.byCell]);

  const getCellDecoration = useCallback(
    (row: number, col: number) => {
      const base = decorations.get(cellKey(row, col)) ?? (columns[col]?.isComputed ? COMPUTED : undefined);
      return live ? live.decorate(row, col, base) : base;
    },
    [decorations, columns, live],
  );

  const isCellReadOnly = useCallback(
    (_row: number, col: number) => columns[col]?.isComputed ?? false,
    [columns],
  );
  return { getCellDecoration, isCellReadOnly };
}

/** Whether an event comes from a cell editor's text box in the grid (not the find bar). */
function isCellEditor(target: EventTarget): target is HTMLInputElement | HTMLTextAreaElement {
  return (
    (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) &&
    target.closest('[role="grid"]') !== null
  );
}

/**
 * The live layer's wiring (none without one): what the grid shows with the others' typing, the
 * selected cell told to the others, and the typing in a cell editor (every keystroke; cleared
 * when the editor closes: commit, Escape or leaving it).
 */
function useLiveWiring(live: LiveTableLayer | undefined, shown: GridData) {
  const displayData = useMemo(() => (live ? live.display(shown) : shown), [live, shown]);
  const onActiveCell = useCallback((cell: CellRef) => live?.onActiveCell(cell.row, cell.col), [live]);
  const handlers = live
    ? {
        onInput: (event: FormEvent<HTMLDivElement>) => {
          if (isCellEditor(event.target)) live.onTyping(event.target.value);
        },
        // Typing a character opens the editor with it: shared as soon as the editor has it.
        onFocus: (event: FocusEvent<HTMLDivElement>) => {
          if (isCellEditor(event.target)) live.onTyping(event.target.value);
        },
        onBlur: (event: FocusEvent<HTMLDivElement>) => {
          if (isCellEditor(event.target)) live.onTyping(null);
        },
      }
    : {};
  return { displayData, onActiveCell, handlers };
}

/**
 * Moves the grid's selection to `selected` (where the selected cell's row is now) when others'
 * rows moved it away from `active`, the grid's selected position.
 */
function useSelectionFollow(
  gridRef: RefObject<SpreadsheetGridHandle | null>,
  selected: CellPos | null,
  active: CellPos,
) {
  const activeRef = useRef(active);
  activeRef.current = active;
  useEffect(() => {
    if (!selected) return;
    const now = activeRef.current;
    if (selected.row !== now.row || selected.col !== now.col) gridRef.current?.scrollToCell(selected);
  }, [selected, gridRef]);
}

/**
 * Moving between problem cells: "Next error" from the selected cell, and the page's
 * `showFirstError` (after a refused submit) through `ref`. Answers the "Next error" action.
 */
function useErrorJumps(
  gridRef: RefObject<SpreadsheetGridHandle | null>,
  validation: SubmissionTableState['validation'],
  ref: Ref<SubmissionTableHandle> | undefined,
) {
  // The latest problems, read when asked (so the actions stay the same functions across edits).
  const latest = useRef(validation);
  latest.current = validation;
  const jumpToNextError = useCallback(() => {
    const from = gridRef.current?.getSelection().active ?? { row: -1, col: -1 };
    const next = nextErrorCell(latest.current, from);
    if (!next) return;
    gridRef.current?.scrollToCell(next);
    gridRef.current?.focus();
  }, [gridRef]);

  useImperativeHandle(
    ref,
    () => ({
      showFirstError: () => {
        const first = nextErrorCell(latest.current, { row: -1, col: -1 });
        if (!first) return;
        gridRef.current?.scrollToCell(first);
        gridRef.current?.focus();
      },
    }),
    [gridRef],
  );
  return jumpToNextError;
}

/** The selected cell's problems written out under the grid (a polite live region). */
const CellProblemLine = memo(function CellProblemLine({ text }: { text: string }) {
  return (
    <Text
      role="status"
      aria-live="polite"
      size="sm"
      px="sm"
      py={6}
      className={classes.status}
      data-testid="cell-problem"
    >
      {text}
    </Text>
  );
});

/**
 * The submission table (spec 03 §2): the list editor's virtualised grid (keyboard, ranges,
 * paste from Excel or Sheets, undo, find) with one column per visible template field, a cell
 * editor per governance type (list picker with type-ahead and drill-down cascade, date picker,
 * text for the rest; computed cells are read-only and show their values and codes), every cell
 * governed as it is typed: problem cells outlined with their messages, the error count and "Next
 * error". An edit of stored rows keeps its rows (no rows added or removed).
 *
 * The selected cell's problems are also written out under the grid, naming the column and row, in
 * a polite live region (role="status"), so they are read by keyboard and screen-reader users and
 * after "Next error", not only in a hover tooltip.
 */
export function SubmissionTable({ table, live, label, height, ref }: SubmissionTableProps) {
  const gridRef = useRef<SpreadsheetGridHandle>(null);
  const { columns, validation } = table;
  const [active, setActive] = useState<CellPos>({ row: 0, col: 0 });
  const wiring = useLiveWiring(live, validation.display);
  const onActiveLive = wiring.onActiveCell;
  const onActiveCellChange = useCallback(
    (cell: CellRef) => {
      setActive({ row: cell.row, col: cell.col });
      onActiveLive(cell);
    },
    [onActiveLive],
  );
  const activeProblem = cellProblemText(columns, validation.byCell, active);
  const renderCellEditor = useCellEditor(table);
  const { getCellDecoration, isCellReadOnly } = useCellLooks(table, live);
  const jumpToNextError = useErrorJumps(gridRef, validation, ref);
  const openFind = useCallback(() => gridRef.current?.openFind(), []);
  useSelectionFollow(gridRef, live?.selectedCell ?? null, active);

  return (
    <Paper withBorder radius="md" className={classes.frame} {...wiring.handlers}>
      <SubmissionTableToolbar
        filledCount={validation.filledCount}
        errorCount={validation.problems.length}
        canUndo={table.canUndo}
        canRedo={table.canRedo}
        onUndo={table.undo}
        onRedo={table.redo}
        onFind={openFind}
        onNextError={jumpToNextError}
      />
      <SpreadsheetGrid
        ref={gridRef}
        label={label}
        testId="submission-grid"
        data={table.data}
        displayData={wiring.displayData}
        isReadOnly={live?.isReadOnly}
        onChange={table.onChange}
        onUndo={table.undo}
        onRedo={table.redo}
        fixedColumns
        fixedRows={table.editsStoredRows}
        rowLimit={SUBMISSION_MAX_ROWS}
        isCellReadOnly={isCellReadOnly}
        renderCellEditor={renderCellEditor}
        getCellDecoration={getCellDecoration}
        onActiveCellChange={onActiveCellChange}
        height={height}
      />
      <CellProblemLine text={activeProblem} />
    </Paper>
  );
}
