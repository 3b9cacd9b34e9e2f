import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { COLUMN_WIDTH, ROW_HEADER_WIDTH, ROW_HEIGHT } from './gridTypes';
import classes from './SpreadsheetGrid.module.css';

/** Where the active cell goes after an edit is saved. */
export type EditorExit = 'down' | 'up' | 'next' | 'previous' | 'stay';

/** Props of CellEditor. */
export interface CellEditorProps {
  row: number;
  col: number;
  /** The text the editor starts with (the cell's text, or the character typed). */
  initialText: string;
  /** Accessible name: the column name and row, e.g. "Country, row 3". */
  label: string;
  onCommit: (text: string, exit: EditorExit) => void;
  onCancel: () => void;
}

/**
 * The cell editor (spec 02 §2 cell editing): a text area over the cell, placed in the grid's
 * content layer so it stays put when the cell scrolls out of the window. Enter saves and moves
 * down (Shift+Enter up), Tab saves and moves right (Shift+Tab left), Escape cancels, Alt+Enter
 * adds a line break, leaving it saves. IME-safe: a key press that belongs to a composition
 * (isComposing, keyCode 229) never saves (FIELD-NOTES).
 */
export function CellEditor({ row, col, initialText, label, onCommit, onCancel }: CellEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const isDone = useRef(false);

  useLayoutEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    textarea.focus({ preventScroll: true });
    const end = textarea.value.length;
    textarea.setSelectionRange(end, end);
  }, []);

  const finish = (exit: EditorExit | 'cancel') => {
    if (isDone.current) return;
    isDone.current = true;
    if (exit === 'cancel') onCancel();
    else onCommit(ref.current?.value ?? initialText, exit);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    event.stopPropagation();
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.altKey) {
        event.currentTarget.setRangeText(
          '\n',
          event.currentTarget.selectionStart,
          event.currentTarget.selectionEnd,
          'end',
        );
        return;
      }
      finish(event.shiftKey ? 'up' : 'down');
    } else if (event.key === 'Tab') {
      event.preventDefault();
      finish(event.shiftKey ? 'previous' : 'next');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish('cancel');
    }
  };

  return (
    <textarea
      ref={ref}
      className={classes.editor}
      style={{ top: ROW_HEIGHT + row * ROW_HEIGHT, left: ROW_HEADER_WIDTH + col * COLUMN_WIDTH }}
      defaultValue={initialText}
      aria-label={label}
      rows={1}
      spellCheck={false}
      onKeyDown={onKeyDown}
      onBlur={() => finish('stay')}
      onPaste={(event) => event.stopPropagation()}
      onCopy={(event) => event.stopPropagation()}
      onCut={(event) => event.stopPropagation()}
    />
  );
}
