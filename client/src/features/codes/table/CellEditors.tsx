import { DatePicker } from '@mantine/dates';
import type { CalendarDate } from '@nomen/shared';
import dayjs from 'dayjs';
import {
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { CellEditorProps, EditorExit } from '../../lists/grid/CellEditor';
import { COLUMN_WIDTH, ROW_HEADER_WIDTH, ROW_HEIGHT } from '../../lists/grid/gridTypes';
import gridClasses from '../../lists/grid/SpreadsheetGrid.module.css';
import classes from './CellEditors.module.css';
import { autoHighlight } from './submissionTable';

/** Where an editor sits: over its cell, in the grid's content layer (as the list editor's). */
function placement(row: number, col: number) {
  return { top: ROW_HEIGHT + row * ROW_HEIGHT, left: ROW_HEADER_WIDTH + col * COLUMN_WIDTH };
}

/** The exit of a key press that ends an edit, or null. */
function exitOf(event: KeyboardEvent): EditorExit | 'cancel' | null {
  if (event.key === 'Enter') return event.shiftKey ? 'up' : 'down';
  if (event.key === 'Tab') return event.shiftKey ? 'previous' : 'next';
  if (event.key === 'Escape') return 'cancel';
  return null;
}

/** Clipboard events in an editor's text box stay there (the grid's own copy and paste do not run). */
const KEEP_CLIPBOARD = {
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => event.stopPropagation(),
  onCopy: (event: ClipboardEvent<HTMLInputElement>) => event.stopPropagation(),
  onCut: (event: ClipboardEvent<HTMLInputElement>) => event.stopPropagation(),
};

/** Focuses the editor's text box on opening, the caret after what it holds. */
function useFocusAtEnd(inputRef: RefObject<HTMLInputElement | null>): void {
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(input.value.length, input.value.length);
  }, [inputRef]);
}

/**
 * The end of an edit, once only: `finish(exit, value)` commits `value` (by default the `text`
 * typed) and moves by `exit`, or cancels; later calls (the blur that follows) do nothing.
 */
function useFinish(text: string, onCommit: CellEditorProps['onCommit'], onCancel: () => void) {
  const isDone = useRef(false);
  return (exit: EditorExit | 'cancel', value = text) => {
    if (isDone.current) return;
    isDone.current = true;
    if (exit === 'cancel') onCancel();
    else onCommit(value, exit);
  };
}

/** Props of {@link ListOptions}. */
interface ListOptionsProps {
  /** The listbox's id; option `i` is `${listId}-${i}`. */
  listId: string;
  /** The cell's accessible name; the listbox is "<label> values". */
  label: string;
  /** The values offered, in order. */
  shown: readonly string[];
  /** The highlighted option, −1 for none. */
  highlight: number;
  /** Picks a value (on mouse down, before the input's blur commits the typed text). */
  onPick: (value: string) => void;
}

/** The listbox of the list cell editor: the values offered, the highlighted one selected. */
function ListOptions({ listId, label, shown, highlight, onPick }: ListOptionsProps) {
  return (
    <div id={listId} role="listbox" aria-label={`${label} values`} className={classes.listbox}>
      {shown.map((value, i) => (
        // biome-ignore lint/a11y/useFocusableInteractive: options of a combobox take no focus (aria-activedescendant)
        <div
          key={value}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === highlight}
          className={classes.option}
          // Picked on mouse down, before the input's blur commits the typed text.
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(value);
          }}
        >
          {value}
        </div>
      ))}
    </div>
  );
}

/** Props of ListCellEditor. */
export interface ListCellEditorProps extends CellEditorProps {
  /** The values offered for the text typed so far (type-ahead; drill-down cascade). */
  options: (typed: string) => string[];
}

/**
 * The list cell editor's state (spec 03 §2): the text typed, the values offered for it (none once
 * Escape closed them), the highlighted one (moved with the arrow keys, else `autoHighlight`), the
 * key handling (arrows move the highlight, Enter and Tab save it or the typed text and move, a
 * first Escape closes the offer, a second cancels), typing (`onType`) and `finish`.
 */
function useListEditor(
  listId: string,
  options: ListCellEditorProps['options'],
  { initialText, onCommit, onCancel }: Pick<CellEditorProps, 'initialText' | 'onCommit' | 'onCancel'>,
) {
  const [text, setText] = useState(initialText);
  // The option moved to with the arrow keys; null: the automatic highlight.
  const [chosen, setChosen] = useState<number | null>(null);
  const [isOpen, setIsOpen] = useState(true);
  const offered = options(text);
  const shown = isOpen ? offered : [];
  const highlight =
    shown.length === 0 ? -1 : Math.min(chosen ?? autoHighlight(shown, text), shown.length - 1);
  useEffect(() => {
    if (highlight >= 0)
      document.getElementById(`${listId}-${highlight}`)?.scrollIntoView({ block: 'nearest' });
  }, [highlight, listId]);
  const finish = useFinish(text, onCommit, onCancel);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setChosen((highlight + step + shown.length) % shown.length);
      return;
    }
    const exit = exitOf(event);
    if (!exit) return;
    event.preventDefault();
    if (exit === 'cancel') {
      // First Escape: the suggestions go, what was typed stays (spreadsheet autocomplete).
      if (shown.length > 0) setIsOpen(false);
      else finish('cancel');
      return;
    }
    finish(exit, highlight >= 0 ? (shown[highlight] ?? text) : text);
  };

  const onType = (value: string) => {
    setText(value);
    setChosen(null);
    setIsOpen(true);
  };
  return { text, shown, highlight, finish, onKeyDown, onType };
}

/**
 * The list cell editor (spec 03 §2: "list fields offer the list's values with type-ahead"):
 * a combobox over the cell with a listbox of the list's values under the row's earlier choices
 * (drill-down), narrowed as the person types. As in spreadsheets, the value spelled like the typed
 * text, else the first one offered, is highlighted (`autoHighlight`); arrow keys move the
 * highlight. Enter (and Shift+Enter) and Tab (and Shift+Tab) save the highlighted value and move;
 * with nothing highlighted they save the text as typed. Escape closes the suggestions and keeps
 * the typed text (Enter or Tab then save it as typed; ArrowDown or typing shows them again); a
 * second Escape cancels the edit, as in every cell editor. A click on a value picks it. What is
 * saved is checked by the shared rules like anything typed.
 */
export function ListCellEditor({
  row,
  col,
  initialText,
  label,
  onCommit,
  onCancel,
  options,
}: ListCellEditorProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const { text, shown, highlight, finish, onKeyDown, onType } = useListEditor(listId, options, {
    initialText,
    onCommit,
    onCancel,
  });
  useFocusAtEnd(inputRef);

  const position = placement(row, col);
  return (
    <div className={classes.picker} style={position}>
      <input
        ref={inputRef}
        className={`${gridClasses.editor} ${classes.input}`}
        role="combobox"
        aria-label={label}
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={highlight >= 0 ? `${listId}-${highlight}` : undefined}
        value={text}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onType(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => finish('stay')}
        {...KEEP_CLIPBOARD}
      />
      {shown.length > 0 ? (
        <ListOptions
          listId={listId}
          label={label}
          shown={shown}
          highlight={highlight}
          onPick={(value) => finish('stay', value)}
        />
      ) : null}
    </div>
  );
}

/** `date` as ISO `YYYY-MM-DD` (what the date picker shows and sends). */
function isoOf(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Props of DateCellEditor. */
export interface DateCellEditorProps extends CellEditorProps {
  /**
   * Reads a typed date as the shared rules do (ISO `YYYY-MM-DD` or the field's own format, e.g.
   * `dateCodec(format).parse`), null for anything else; the picker starts on the date read.
   */
  parse: (text: string) => CalendarDate | null;
}

/**
 * The month the date editor's calendar shows: the typed date's (ISO), else today's; it follows
 * what is typed, and the calendar's own month arrows change it.
 */
function useCalendarMonth(typedIso: string | null) {
  const [month, setMonth] = useState(() => typedIso ?? dayjs().format('YYYY-MM-DD'));
  useEffect(() => {
    if (typedIso) setMonth(typedIso);
  }, [typedIso]);
  return [month, setMonth] as const;
}

/**
 * ArrowDown moves into the calendar, on the day it offers first (the typed date or today): answers
 * the function that asks for it; the focus moves once the calendar is open.
 */
function useDayFocus(boxRef: RefObject<HTMLDivElement | null>, isPickerOpen: boolean) {
  const [isDayFocusWanted, setIsDayFocusWanted] = useState(false);
  useEffect(() => {
    if (!isDayFocusWanted || !isPickerOpen) return;
    setIsDayFocusWanted(false);
    boxRef.current?.querySelector<HTMLButtonElement>('table button[tabindex="0"]')?.focus();
  }, [isDayFocusWanted, isPickerOpen, boxRef]);
  return () => setIsDayFocusWanted(true);
}

/**
 * The date editor box's focus handling: leaving the editor saves (`finish('stay')`), moving
 * between the text box and the calendar does not; a click in the calendar keeps the focus in the
 * text box (the day is picked on click).
 */
function useEditorBoxFocus(
  boxRef: RefObject<HTMLDivElement | null>,
  inputRef: RefObject<HTMLInputElement | null>,
  finish: (exit: EditorExit | 'cancel') => void,
) {
  // Leaving the editor saves; moving between the text box and the calendar does not.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && boxRef.current?.contains(next)) return;
    finish('stay');
  };
  // A click in the calendar keeps the focus in the text box (the day is picked on click).
  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== inputRef.current) event.preventDefault();
  };
  return { onBlur, onMouseDown };
}

/** Props of {@link DateCalendar}. */
interface DateCalendarProps {
  /** The typed date as ISO, selected in the calendar; null when the text reads as no date. */
  typedIso: string | null;
  /** The month shown, as an ISO date in it. */
  month: string;
  onMonthChange: (month: string) => void;
  /** Called with the ISO `YYYY-MM-DD` of the day picked. */
  onPick: (iso: string) => void;
}

/** The calendar under the date cell editor's text box (Mantine's DatePicker). */
function DateCalendar({ typedIso, month, onMonthChange, onPick }: DateCalendarProps) {
  return (
    <div className={classes.calendar}>
      <DatePicker
        size="xs"
        value={typedIso}
        date={month}
        onDateChange={onMonthChange}
        onChange={(picked) => {
          if (picked) onPick(String(picked).slice(0, 10));
        }}
      />
    </div>
  );
}

/**
 * The date cell editor of the submission spreadsheet (spec 03 §2; spec 02 §9 date
 * format): a text box over the cell that keeps exactly what is typed or pasted, with a calendar
 * (Mantine's DatePicker) under it. Typed text is never reinterpreted: it is saved as typed and
 * the shared rules read it as ISO `YYYY-MM-DD` or in the field's own format, showing the date in
 * the field's format, or an error on the cell for anything else. A day picked in the calendar
 * (click, or ArrowDown into it, arrows and Enter) saves it as ISO. Enter and Tab save the text
 * and move; Escape closes the calendar, a second Escape cancels the edit.
 */
export function DateCellEditor({
  row,
  col,
  initialText,
  label,
  onCommit,
  onCancel,
  parse,
}: DateCellEditorProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(initialText);
  const [isPickerOpen, setIsPickerOpen] = useState(true);
  const typed = parse(text);
  const typedIso = typed ? isoOf(typed) : null;
  const [month, setMonth] = useCalendarMonth(typedIso);
  useFocusAtEnd(inputRef);
  const focusFirstDay = useDayFocus(boxRef, isPickerOpen);
  const finish = useFinish(text, onCommit, onCancel);
  const { onBlur, onMouseDown } = useEditorBoxFocus(boxRef, inputRef, finish);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const isInInput = event.target === inputRef.current;
    if (isInInput && event.key === 'ArrowDown') {
      event.preventDefault();
      setIsPickerOpen(true);
      focusFirstDay();
      return;
    }
    const exit = exitOf(event);
    if (!exit) return;
    // In the calendar, Enter and Space are its own (they pick the focused day).
    if (!isInInput && event.key === 'Enter') return;
    event.preventDefault();
    if (exit === 'cancel') {
      if (!isPickerOpen) finish('cancel');
      else {
        setIsPickerOpen(false);
        inputRef.current?.focus({ preventScroll: true });
      }
      return;
    }
    finish(exit);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the editor's keys and focus, handled for its text box and calendar
    <div
      ref={boxRef}
      className={classes.picker}
      style={placement(row, col)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onMouseDown={onMouseDown}
    >
      <input
        ref={inputRef}
        className={`${gridClasses.editor} ${classes.input}`}
        aria-label={label}
        aria-description="A date: YYYY-MM-DD or the field's format. ArrowDown opens the calendar."
        value={text}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => setText(event.currentTarget.value)}
        {...KEEP_CLIPBOARD}
      />
      {isPickerOpen ? (
        <DateCalendar
          typedIso={typedIso}
          month={month}
          onMonthChange={setMonth}
          onPick={(iso) => finish('stay', iso)}
        />
      ) : null}
    </div>
  );
}
