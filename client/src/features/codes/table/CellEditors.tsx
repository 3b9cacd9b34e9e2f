import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import type { CellEditorProps, EditorExit } from '../../lists/grid/CellEditor';
import { COLUMN_WIDTH, ROW_HEADER_WIDTH, ROW_HEIGHT } from '../../lists/grid/gridTypes';
import gridClasses from '../../lists/grid/SpreadsheetGrid.module.css';
import classes from './CellEditors.module.css';

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

/** Props of ListCellEditor. */
export interface ListCellEditorProps extends CellEditorProps {
  /** The values offered for the text typed so far (type-ahead; drill-down cascade). */
  options: (typed: string) => string[];
}

/**
 * The list cell editor (issue 11 item 2: "list fields offer the list's values with type-ahead"):
 * a combobox over the cell with a listbox of the list's values under the row's earlier choices
 * (drill-down), narrowed as the person types. Arrow keys move through the options, Enter or a
 * click picks one (or keeps the typed text when none is highlighted), Tab picks and moves right,
 * Escape cancels. What is picked is checked by the shared rules like anything typed.
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
  const isDone = useRef(false);
  const listId = useId();
  const [text, setText] = useState(initialText);
  const [highlight, setHighlight] = useState(-1);
  const shown = options(text);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  const finish = (exit: EditorExit | 'cancel', value = text) => {
    if (isDone.current) return;
    isDone.current = true;
    if (exit === 'cancel') onCancel();
    else onCommit(value, exit);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) => (h + step + shown.length) % shown.length);
      return;
    }
    const exit = exitOf(event);
    if (!exit) return;
    event.preventDefault();
    const picked = highlight >= 0 ? shown[highlight] : undefined;
    finish(exit, exit === 'cancel' ? text : (picked ?? text));
  };

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
        onChange={(event) => {
          setText(event.currentTarget.value);
          setHighlight(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => finish('stay')}
        onPaste={(event) => event.stopPropagation()}
        onCopy={(event) => event.stopPropagation()}
        onCut={(event) => event.stopPropagation()}
      />
      {shown.length > 0 ? (
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
                finish('stay', value);
              }}
            >
              {value}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The date cell editor (issue 11 item 2: "date fields take a date picker"): the browser's date
 * input over the cell, starting on the cell's date when it reads as YYYY-MM-DD. The shared rules
 * format the picked date in the field's format. Enter and Tab save, Escape cancels.
 */
export function DateCellEditor({ row, col, initialText, label, onCommit, onCancel }: CellEditorProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const isDone = useRef(false);
  const initial = /^\d{4}-\d{2}-\d{2}$/.test(initialText.trim()) ? initialText.trim() : '';

  useLayoutEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  const finish = (exit: EditorExit | 'cancel') => {
    if (isDone.current) return;
    isDone.current = true;
    if (exit === 'cancel') onCancel();
    else onCommit(inputRef.current?.value || initialText, exit);
  };

  return (
    <input
      ref={inputRef}
      type="date"
      className={gridClasses.editor}
      style={placement(row, col)}
      aria-label={label}
      defaultValue={initial}
      onKeyDown={(event) => {
        event.stopPropagation();
        const exit = exitOf(event);
        if (!exit) return;
        event.preventDefault();
        finish(exit);
      }}
      onBlur={() => finish('stay')}
    />
  );
}
