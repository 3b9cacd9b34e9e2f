import {
  AppError,
  type CalendarDate,
  compileSubmissionForm,
  type SubmissionForm,
  type SubmissionRow,
  type SubmissionValidator,
  utcCalendarDate,
} from '@nomen/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type GridHistory,
  pushHistory,
  redoHistory,
  startHistory,
  undoHistory,
} from '../../lists/grid/gridHistory';
import type { GridData } from '../../lists/grid/gridTypes';
import { takenValues } from '../api';
import {
  filledRows,
  fillNewRows,
  type TableColumn,
  type TableValidation,
  tableColumns,
  tableData,
  uniquenessQuestions,
  validateTable,
} from './submissionTable';

/** How long typing pauses before the server is asked about must_be_unique values, in ms. */
const UNIQUENESS_DEBOUNCE_MS = 300;
/** The performance measure each run of the rules over the table records (name of a PerformanceMeasure). */
export const VALIDATE_MEASURE = 'nomen:submission-validate';
/** Rows a new table starts with. */
const INITIAL_ROWS = 1;

/** A problem the server named for a sent row (a refused submit), by the row's index in what was sent. */
export interface ServerProblem {
  readonly row: number;
  readonly fieldId: string | number | null;
  readonly message: string;
}

/** How the submission table is used besides a new submission or a draft. */
export interface SubmissionTableOptions {
  /**
   * The table edits the stored rows given as `initialRows` (spec 01 §6 edit_submissions):
   * every row stays a row (none added, removed or left out as blank), and the values those rows
   * hold are theirs, so must_be_unique does not count them as taken by the dataset.
   */
  readonly editsStoredRows?: boolean;
}

/** The rows a refused submit or edit names: issues at `body.rows.<sent row>.<field id>`. */
export function serverProblemsOf(error: unknown): ServerProblem[] {
  if (!(error instanceof AppError)) return [];
  const problems: ServerProblem[] = [];
  for (const issue of error.issues ?? []) {
    const match = /^body\.rows\.(\d+)(?:\.(.+))?$/.exec(issue.path);
    if (match) problems.push({ row: Number(match[1]), fieldId: match[2] ?? null, message: issue.message });
  }
  return problems;
}

/** The submission table's state and actions (see useSubmissionTable). */
export interface SubmissionTableState {
  readonly form: SubmissionForm;
  readonly columns: readonly TableColumn[];
  /** Whether the rows are fixed: an edit of stored rows (see SubmissionTableOptions). */
  readonly editsStoredRows: boolean;
  /** What was typed when the table opened (the rows given, before any change). */
  readonly initialData: GridData;
  /** What was typed (the grid's data). */
  readonly data: GridData;
  readonly validation: TableValidation;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Whether anything was typed since the table opened. */
  readonly isDirty: boolean;
  onChange(next: GridData): void;
  /**
   * Adds rows after the filled ones (a bulk import into the spec 03 §2 spreadsheet), defaults filled; one undo
   * step. Answers the table rows they land on: `first` (0-based) and `count`.
   */
  appendRows(rows: readonly SubmissionRow[]): { first: number; count: number };
  undo(): void;
  redo(): void;
  /** The rows to send: the filled rows as typed, with the table row of each. */
  rowsToSend(): { rows: SubmissionRow[]; tableRows: number[] };
  /** Shows the server's problems of a refused submit on their cells (cleared by the next edit). */
  setServerProblems(problems: readonly ServerProblem[]): void;
}

/** Values of must_be_unique fields by field key. */
export type ValuesByKey = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The values the edited stored rows hold already, by must_be_unique field key: theirs, not
 * another row's (spec 03 §2 must_be_unique). Empty unless `editsStoredRows`.
 */
function ownValuesOf(
  uniqueKeys: Iterable<string>,
  initialRows: readonly SubmissionRow[] | undefined,
  editsStoredRows: boolean,
): Map<string, Set<string>> {
  const own = new Map<string, Set<string>>();
  if (!editsStoredRows) return own;
  for (const key of uniqueKeys)
    own.set(key, new Set((initialRows ?? []).map((r) => r[key] ?? '').filter((v) => v !== '')));
  return own;
}

/** What {@link useGovernedTable} governs, and with what. */
export interface GovernedTableInput {
  readonly validator: SubmissionValidator;
  readonly columns: readonly TableColumn[];
  /** The typed grid. */
  readonly present: GridData;
  readonly today: CalendarDate;
  /** Values the server says the dataset holds already. */
  readonly taken: ValuesByKey;
  /** Values the edited rows hold already (not taken by another row). */
  readonly ownValues: ValuesByKey;
  readonly serverProblems: readonly ServerProblem[];
  readonly editsStoredRows: boolean;
}

/**
 * The shared rules run over the typed grid on every change (memoised; the last answer reused so a
 * change governs again only the rows it touched), each run recorded as a VALIDATE_MEASURE.
 */
export function useGovernedTable({
  validator,
  columns,
  present,
  today,
  taken,
  ownValues,
  serverProblems,
  editsStoredRows,
}: GovernedTableInput): TableValidation {
  // The last answer, so a change governs again only the rows it touched.
  const lastValidation = useRef<TableValidation | undefined>(undefined);
  return useMemo(() => {
    const started = performance.now();
    const result = validateTable(
      validator,
      columns,
      present,
      {
        today,
        isTaken: (key, value) => !ownValues.get(key)?.has(value) && (taken.get(key)?.has(value) ?? false),
        keepsBlankRows: editsStoredRows,
      },
      serverProblems,
      lastValidation.current,
    );
    lastValidation.current = result;
    // How long governing the table took (DevTools' timings and bench:submissions read it).
    performance.measure(VALIDATE_MEASURE, { start: started, end: performance.now() });
    return result;
  }, [validator, columns, present, today, taken, serverProblems, ownValues, editsStoredRows]);
}

/** Adds `values` to each key's set of `previous` (keys with no value left as they are). */
function withValues(previous: ValuesByKey, added: ReadonlyMap<string, readonly string[]>): ValuesByKey {
  const next = new Map(previous);
  for (const [key, values] of added)
    if (values.length > 0) next.set(key, new Set([...(previous.get(key) ?? []), ...values]));
  return next;
}

/** The must_be_unique values asked of the server so far, and those it says the dataset holds. */
export interface UniquenessAnswers {
  readonly asked: ValuesByKey;
  readonly taken: ValuesByKey;
}

/**
 * must_be_unique against the template's whole dataset (spec 03 §2): only the server knows. After
 * typing pauses (UNIQUENESS_DEBOUNCE_MS), asks the server about each value of `validation` not
 * in `answers.asked` yet, and hands `onAnswers` the values asked and those the dataset holds, to
 * feed back to the rules.
 */
export function useUniquenessQuestions(
  validator: SubmissionValidator,
  validation: TableValidation,
  templateId: number | null,
  asked: ValuesByKey,
  onAnswers: (update: (previous: UniquenessAnswers) => UniquenessAnswers) => void,
): void {
  useEffect(() => {
    const questions = uniquenessQuestions(validator, validation, asked);
    if (questions.size === 0 || templateId === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void (async () => {
        const answers = new Map<string, string[]>();
        try {
          for (const [key, values] of questions)
            answers.set(key, await takenValues(templateId, Number(key), values, controller.signal));
        } catch {
          return; // The server checks again on submit.
        }
        onAnswers((previous) => ({
          asked: withValues(previous.asked, questions),
          taken: withValues(previous.taken, answers),
        }));
      })();
    }, UNIQUENESS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [validator, validation, asked, templateId, onAnswers]);
}

/**
 * The submission table's model in React (spec 03 §2): the typed grid with undo/redo (the
 * list editor's generic grid history), the shared rules run over it on every change (memoised),
 * and must_be_unique values asked of the server (debounced; each value once) and fed back to the
 * rules as `isTaken`. `initialRows` reopens a draft, or (with `options.editsStoredRows`) holds
 * the stored rows being edited.
 */
export function useSubmissionTable(
  form: SubmissionForm,
  initialRows: readonly SubmissionRow[] | undefined,
  options: SubmissionTableOptions = {},
): SubmissionTableState {
  const editsStoredRows = options.editsStoredRows ?? false;
  const validator = useMemo(() => compileSubmissionForm(form), [form]);
  const columns = useMemo(() => tableColumns(form), [form]);
  const [initialData] = useState(() => tableData(columns, initialRows ?? []));
  const [history, setHistory] = useState<GridHistory>(() =>
    startHistory(
      (initialRows && initialRows.length > 0) || editsStoredRows
        ? initialData
        : fillNewRows(initialData, { ...initialData, rowCount: INITIAL_ROWS }, columns),
    ),
  );
  // The values the edited rows hold already are theirs, not another row's (must_be_unique).
  const [ownValues] = useState(() => ownValuesOf(validator.uniqueKeys, initialRows, editsStoredRows));
  const [answers, setAnswers] = useState<UniquenessAnswers>(() => ({ asked: new Map(), taken: new Map() }));
  const [serverProblems, setServerProblems] = useState<readonly ServerProblem[]>([]);
  const today = useMemo(() => utcCalendarDate(new Date()), []);
  const validation = useGovernedTable({
    validator,
    columns,
    present: history.present,
    today,
    taken: answers.taken,
    ownValues,
    serverProblems,
    editsStoredRows,
  });
  useUniquenessQuestions(validator, validation, form.template_id, answers.asked, setAnswers);

  const onChange = useCallback(
    (next: GridData) => {
      setServerProblems([]);
      setHistory((h) => pushHistory(h, fillNewRows(h.present, next, columns)));
    },
    [columns],
  );

  const undo = useCallback(() => setHistory(undoHistory), []);
  const redo = useCallback(() => setHistory(redoHistory), []);
  const present = history.present;
  const appendRows = useCallback(
    (rows: readonly SubmissionRow[]) => {
      // The filled rows close up (blank ones go), so the new rows start after the filled ones.
      const first = filledRows(present, columns).rows.length;
      setServerProblems([]);
      setHistory((h) => {
        const existing = filledRows(h.present, columns).rows;
        const next = tableData(columns, [...existing, ...rows]);
        return pushHistory(h, fillNewRows(tableData(columns, existing), next, columns));
      });
      return { first, count: rows.length };
    },
    [columns, present],
  );

  return {
    form,
    columns,
    editsStoredRows,
    initialData,
    data: history.present,
    validation,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    isDirty: history.past.length > 0,
    onChange,
    appendRows,
    undo,
    redo,
    rowsToSend: () => filledRows(history.present, columns, editsStoredRows),
    setServerProblems,
  };
}
