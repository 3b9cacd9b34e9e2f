import {
  type CalendarDate,
  type CodePattern,
  exampleCode,
  PATTERN_NO_SEGMENTS_MESSAGE,
  type Pattern,
  type PatternSegment,
  type SegmentDelimiter,
  type SegmentId,
  type SegmentType,
} from '@nomen/shared';

/**
 * The pattern builder's working copy (spec 02 §2, §3): the pattern's settings and its segments in
 * code order, each segment complete (as the API answers it) so it can be described and previewed.
 * `id` is null until the first save.
 */
export interface PatternDraft {
  id: number | null;
  name: string;
  description: string;
  delimiter: SegmentDelimiter;
  must_be_unique: boolean;
  is_unlocked_pattern: boolean;
  /** A palette colour, or null to let the server pick one on the first save (spec 02 §9). */
  color: Pattern['color'] | null;
  segments: PatternSegment[];
  /** The updated_at read, sent back so a stale save answers 409; null for a new pattern. */
  updated_at: string | null;
}

/** How long opening a segment is blocked after a drag ends, in ms (spec 02 §4, §9). */
export const DRAG_OPEN_BLOCK_MS = 150;

/** Labels of the segment kinds, as the builder's buttons and cards show them (spec 02 §3). */
export const SEGMENT_KIND_LABELS: Readonly<Record<SegmentType, string>> = {
  constant: 'Constant',
  variable: 'Variable',
  autonumber: 'Autonumber',
  date: 'Date',
  random: 'Random',
};

/** The Mantine colour of each segment kind, so cards are colour-coded by kind (spec 02 §2). */
export const SEGMENT_KIND_COLORS: Readonly<Record<SegmentType, string>> = {
  constant: 'blue',
  variable: 'grape',
  autonumber: 'teal',
  date: 'orange',
  random: 'pink',
};

let tempCounter = 0;

/**
 * A fresh temporary id for an unsaved segment, `TEMP_…` (spec 02 §3), unique within the page
 * (a counter) and across pages (time and randomness).
 */
export function newTempId(): string {
  tempCounter += 1;
  return `TEMP_${Date.now().toString(36)}${tempCounter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Segments sorted by segment_precedence (stable), then renumbered 0, 1, 2… (spec 02 §3). */
export function orderedSegments(segments: readonly PatternSegment[]): PatternSegment[] {
  return withPrecedence(
    segments
      .map((segment, index) => ({ segment, index }))
      .sort((a, b) => a.segment.segment_precedence - b.segment.segment_precedence || a.index - b.index)
      .map(({ segment }) => segment),
  );
}

/** The segments with segment_precedence set to their position (spec 02 §3). */
export function withPrecedence(segments: readonly PatternSegment[]): PatternSegment[] {
  return segments.map((segment, index) =>
    segment.segment_precedence === index ? segment : { ...segment, segment_precedence: index },
  );
}

/**
 * The segments after a drag moved the segment `activeId` onto the place of `overId` (spec 02 §2:
 * reorder by dragging), renumbered. Unknown ids or a drop on itself change nothing.
 */
export function moveSegment(
  segments: readonly PatternSegment[],
  activeId: SegmentId,
  overId: SegmentId,
): PatternSegment[] {
  const from = segments.findIndex((s) => String(s.id) === String(activeId));
  const to = segments.findIndex((s) => String(s.id) === String(overId));
  if (from < 0 || to < 0 || from === to) return [...segments];
  const next = [...segments];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return withPrecedence(next);
}

/** The segments with `segment` appended at the end (spec 02 §2: add a segment). */
export function appendSegment(
  segments: readonly PatternSegment[],
  segment: PatternSegment,
): PatternSegment[] {
  return withPrecedence([...segments, segment]);
}

/** The segments with the one of the same id replaced by `segment`, keeping its place. */
export function replaceSegment(
  segments: readonly PatternSegment[],
  segment: PatternSegment,
): PatternSegment[] {
  return withPrecedence(segments.map((s) => (String(s.id) === String(segment.id) ? segment : s)));
}

/** The segments without `id`, renumbered (spec 02 §2: remove a segment). */
export function removeSegment(segments: readonly PatternSegment[], id: SegmentId): PatternSegment[] {
  return withPrecedence(segments.filter((s) => String(s.id) !== String(id)));
}

/** A new pattern's draft: no name, no delimiter, no segments (spec 02 §2). */
export function emptyDraft(): PatternDraft {
  return {
    id: null,
    name: '',
    description: '',
    delimiter: 'none',
    must_be_unique: false,
    is_unlocked_pattern: false,
    color: null,
    segments: [],
    updated_at: null,
  };
}

/** The draft of a saved pattern, segments in code order (spec 02 §2: edit). */
export function draftOf(pattern: Pattern): PatternDraft {
  return {
    id: pattern.id,
    name: pattern.name,
    description: pattern.description,
    delimiter: pattern.delimiter,
    must_be_unique: pattern.must_be_unique,
    is_unlocked_pattern: pattern.is_unlocked_pattern,
    color: pattern.color,
    segments: orderedSegments(pattern.segments),
    updated_at: pattern.updated_at,
  };
}

/**
 * The unsaved copy of a pattern (spec 02 §2: /admin/patterns/new?duplicate={id}): named
 * "Copy of …", every segment with a new TEMP_ id, no id, no updated_at, and no colour so the
 * server picks one for the new pattern. `makeId` is injectable for tests.
 */
export function duplicateDraft(pattern: Pattern, makeId: () => string = newTempId): PatternDraft {
  return {
    ...draftOf(pattern),
    id: null,
    name: `Copy of ${pattern.name}`,
    color: null,
    updated_at: null,
    segments: orderedSegments(pattern.segments).map((segment) => ({ ...segment, id: makeId() })),
  };
}

/**
 * Whether two drafts differ in anything the user edits (spec 02 §4: dirty flag): name,
 * description, delimiter, the two options, colour, and the segments with their order and
 * settings. Surrounding spaces of the name and description do not count, since saving trims them.
 */
export function isDraftChanged(a: PatternDraft, b: PatternDraft): boolean {
  return comparable(a) !== comparable(b);
}

function comparable(draft: PatternDraft): string {
  return JSON.stringify([
    draft.name.trim(),
    draft.description.trim(),
    draft.delimiter,
    draft.must_be_unique,
    draft.is_unlocked_pattern,
    draft.color,
    withPrecedence(draft.segments).map((segment) =>
      Object.entries(segment)
        .filter(([, value]) => value !== undefined)
        .sort(([x], [y]) => x.localeCompare(y)),
    ),
  ]);
}

/**
 * The patterns for the preview (spec 02 §2 live preview): the draft itself, and the same with
 * every autonumber one further, so the two example codes show how the counter advances.
 */
export function previewPatterns(
  draft: Pick<PatternDraft, 'delimiter' | 'segments'>,
): [CodePattern, CodePattern] {
  const first: CodePattern = { delimiter: draft.delimiter, segments: draft.segments };
  const second: CodePattern = {
    delimiter: draft.delimiter,
    segments: draft.segments.map((segment) =>
      segment.segment_type === 'autonumber' ? { ...segment, start_value: segment.start_value + 1 } : segment,
    ),
  };
  return [first, second];
}

/**
 * Whether codes of the draft differ from row to row, i.e. whether a second example is worth
 * showing: it has an autonumber or a random segment drawn anew for every row (spec 02 §2).
 */
export function variesByRow(segments: readonly PatternSegment[]): boolean {
  return segments.some(
    (segment) =>
      segment.segment_type === 'autonumber' ||
      (segment.segment_type === 'random' && segment.frequency !== 'session'),
  );
}

/**
 * The example codes of the builder's preview (spec 02 §2) for the calendar day `today`: the
 * first row, and when codes vary by row a second one, with autonumbers one further and per-row
 * random segments showing another sample, per-session ones the same.
 */
export function previewCodes(
  draft: Pick<PatternDraft, 'delimiter' | 'segments'>,
  today: CalendarDate,
): string[] {
  const [first, second] = previewPatterns(draft);
  const codes = [exampleCode(first, today, 0)];
  if (variesByRow(draft.segments)) codes.push(exampleCode(second, today, 1));
  return codes;
}

/**
 * Why the builder's Save is disabled, or null when the draft can be saved (spec 02 §5): a
 * name is required, at least one segment, and something must have changed since the last save (a new pattern is unchanged until it gets a name, so that case reads as the name).
 */
export function patternSaveBlockedReason(
  draft: Pick<PatternDraft, 'name' | 'segments'>,
  isDirty: boolean,
): string | null {
  if ((draft.name ?? '').trim() === '') return 'Name the pattern to save it';
  if ((draft.segments ?? []).length === 0) return PATTERN_NO_SEGMENTS_MESSAGE;
  if (!isDirty) return 'No changes to save';
  return null;
}

/**
 * Whether opening a segment is still blocked at `now` because a drag ended at `lastDragEnd`
 * (ms timestamps; spec 02 §4: dragging briefly blocks opening a segment for edit, 150 ms).
 */
export function isOpenBlocked(lastDragEnd: number | null, now: number): boolean {
  return lastDragEnd !== null && now - lastDragEnd < DRAG_OPEN_BLOCK_MS;
}

/** Patterns newest change first (spec 02 §2: sorted by updated_at descending); ties by name. */
export function byUpdatedDesc<T extends { updated_at: string; name: string }>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || a.name.localeCompare(b.name),
  );
}

/** How a segment is named on its card and in announcements: its name, or its kind when unnamed. */
export function segmentTitle(segment: PatternSegment): string {
  return segment.name.trim() || `Unnamed ${SEGMENT_KIND_LABELS[segment.segment_type].toLowerCase()}`;
}

/** The first error message found in a react-hook-form error tree, e.g. a segment's errors. */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    const nested = firstErrorMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Each segment's first error message by its index in the board, from the form's `segments`
 * error list (spec 02 §5: a segment the server or the schema refused is marked on its card).
 * Indexes without a message are left out.
 */
export function segmentErrorMessages(segmentErrorList: readonly unknown[]): Record<number, string> {
  const messages: Record<number, string> = {};
  segmentErrorList.forEach((error, index) => {
    const message = firstErrorMessage(error);
    if (message) messages[index] = message;
  });
  return messages;
}

/**
 * The messages of an error tree by dotted path, e.g. `{ name: 'Required' }` for a segment the
 * server refused (spec 02 §5), so its editor can show each on its input.
 */
export function errorMessagesOf(error: unknown, prefix = ''): Record<string, string> {
  const result: Record<string, string> = {};
  if (!error || typeof error !== 'object') return result;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types' || key === 'root') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (key === 'message') {
      if (typeof value === 'string' && value !== '' && prefix) result[prefix] = value;
      continue;
    }
    Object.assign(result, errorMessagesOf(value, path));
  }
  return result;
}

export { routeIdOf } from '../../ui/routeId';
