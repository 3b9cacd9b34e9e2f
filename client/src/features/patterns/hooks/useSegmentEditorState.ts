import { defaultSegment, type PatternSegment, type SegmentType } from '@nomen/shared';
import { useState } from 'react';
import { appendSegment, newTempId, replaceSegment } from '../patternDraft';

/** The segment open in the builder's segment editor (spec 02 §4). */
export interface SegmentEditorState {
  /** The segment as it was when the editor opened. */
  segment: PatternSegment;
  /** Whether Apply adds it to the board rather than replacing a card. */
  isNew: boolean;
  /** Whether the drawer is open; false while it animates closed. */
  opened: boolean;
  /** Counts openings, so each one starts the editor afresh (its React key). */
  session: number;
}

/** What useSegmentEditorState answers. */
export interface SegmentEditorControls {
  /** The segment being edited, or null before the first opening. */
  editor: SegmentEditorState | null;
  /** Index of the edited segment on the board, or -1 for a new one. */
  editedIndex: number;
  /** Opens the editor on a new segment of `kind`, placed last. */
  onAdd: (kind: SegmentType) => void;
  /** Opens the editor on a segment of the board. */
  onOpen: (segment: PatternSegment) => void;
  /** Puts the edited segment on the board (added or replacing its card) and closes the editor. */
  onApply: (segment: PatternSegment) => void;
  closeEditor: () => void;
}

/**
 * The pattern builder's segment editor state (spec 02 §4): which segment the drawer edits,
 * whether it is new, and how Apply writes it back through `setSegments`.
 */
export function useSegmentEditorState(
  segments: PatternSegment[],
  setSegments: (next: PatternSegment[]) => void,
): SegmentEditorControls {
  const [editor, setEditor] = useState<SegmentEditorState | null>(null);
  const editedIndex = editor ? segments.findIndex((s) => String(s.id) === String(editor.segment.id)) : -1;
  const openEditor = (segment: PatternSegment, isNew: boolean) =>
    setEditor((current) => ({ segment, isNew, opened: true, session: (current?.session ?? 0) + 1 }));
  const closeEditor = () => setEditor((current) => (current ? { ...current, opened: false } : null));
  const onAdd = (kind: SegmentType) => openEditor(defaultSegment(kind, newTempId(), segments.length), true);
  const onOpen = (segment: PatternSegment) => openEditor(segment, false);
  const onApply = (segment: PatternSegment) => {
    setSegments(editor?.isNew ? appendSegment(segments, segment) : replaceSegment(segments, segment));
    closeEditor();
  };
  return { editor, editedIndex, onAdd, onOpen, onApply, closeEditor };
}
