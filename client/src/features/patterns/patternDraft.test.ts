import { defaultSegment, type Pattern, type PatternSegment } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  appendSegment,
  byUpdatedDesc,
  DRAG_OPEN_BLOCK_MS,
  draftOf,
  duplicateDraft,
  emptyDraft,
  errorMessagesOf,
  firstErrorMessage,
  isDraftChanged,
  isOpenBlocked,
  moveSegment,
  newTempId,
  orderedSegments,
  patternSaveBlockedReason,
  previewCodes,
  previewPatterns,
  removeSegment,
  replaceSegment,
  routeIdOf,
  segmentErrorMessages,
  segmentTitle,
} from './patternDraft';

const market = { ...defaultSegment('constant', 11, 0), name: 'Market', constant_value: 'US' };
const campaign = { ...defaultSegment('variable', 12, 1), name: 'Campaign' };
const counter = { ...defaultSegment('autonumber', 13, 2), name: 'Number', start_value: 7, min_width: 4 };
const key = { ...defaultSegment('random', 14, 3), name: 'Key' };

const pattern: Pattern = {
  id: 5,
  is_pattern: true,
  name: 'Campaign code',
  description: 'Paid social',
  updated_at: '2026-11-20T10:00:00.000Z',
  delimiter: '_',
  must_be_unique: false,
  is_unlocked_pattern: false,
  color: '#3b82f6',
  // Out of order on purpose: the builder shows them by segment_precedence.
  segments: [counter, market, key, campaign],
};

const ids = (segments: PatternSegment[]) => segments.map((s) => s.id);

describe('segment order', () => {
  it('sorts by segment_precedence and renumbers from 0', () => {
    const shuffled = [
      { ...key, segment_precedence: 9 },
      { ...market, segment_precedence: 2 },
    ];
    const sorted = orderedSegments(shuffled);
    expect(ids(sorted)).toEqual([11, 14]);
    expect(sorted.map((s) => s.segment_precedence)).toEqual([0, 1]);
  });

  it('moves a dragged segment onto the place of the one it is dropped on', () => {
    const segments = [market, campaign, counter, key];
    expect(ids(moveSegment(segments, 14, 11))).toEqual([14, 11, 12, 13]);
    expect(ids(moveSegment(segments, 11, 13))).toEqual([12, 13, 11, 14]);
    expect(moveSegment(segments, 11, 13).map((s) => s.segment_precedence)).toEqual([0, 1, 2, 3]);
  });

  it('leaves the order alone for a drop on itself or an unknown id', () => {
    const segments = [market, campaign];
    expect(ids(moveSegment(segments, 11, 11))).toEqual([11, 12]);
    expect(ids(moveSegment(segments, 11, 'TEMP_gone'))).toEqual([11, 12]);
  });

  it('appends, replaces in place and removes, keeping precedence contiguous', () => {
    const added = appendSegment([market, campaign], key);
    expect(added.map((s) => [s.id, s.segment_precedence])).toEqual([
      [11, 0],
      [12, 1],
      [14, 2],
    ]);
    const renamed = replaceSegment(added, { ...campaign, name: 'Season' });
    expect(renamed[1]).toMatchObject({ id: 12, name: 'Season', segment_precedence: 1 });
    expect(removeSegment(renamed, 12).map((s) => [s.id, s.segment_precedence])).toEqual([
      [11, 0],
      [14, 1],
    ]);
  });
});

describe('drafts', () => {
  it('reads a saved pattern with its segments in code order', () => {
    const draft = draftOf(pattern);
    expect(ids(draft.segments)).toEqual([11, 12, 13, 14]);
    expect(draft).toMatchObject({ id: 5, name: 'Campaign code', updated_at: pattern.updated_at });
  });

  it('copies a pattern as a new one named "Copy of …" with TEMP_ segment ids and no colour', () => {
    let n = 0;
    const copy = duplicateDraft(pattern, () => `TEMP_${++n}`);
    expect(copy).toMatchObject({ id: null, name: 'Copy of Campaign code', updated_at: null, color: null });
    expect(ids(copy.segments)).toEqual(['TEMP_1', 'TEMP_2', 'TEMP_3', 'TEMP_4']);
    expect(copy.segments.map((s) => s.name)).toEqual(['Market', 'Campaign', 'Number', 'Key']);
  });

  it('makes distinct TEMP_ ids', () => {
    const made = new Set(Array.from({ length: 200 }, newTempId));
    expect(made.size).toBe(200);
    for (const id of made) expect(id).toMatch(/^TEMP_.+/);
  });
});

describe('isDraftChanged', () => {
  const saved = draftOf(pattern);

  it('is false for the same pattern, and ignores spaces around name and description', () => {
    expect(isDraftChanged(saved, { ...saved, name: ' Campaign code ', description: 'Paid social ' })).toBe(
      false,
    );
  });

  it('sees changes of settings, segment settings and segment order', () => {
    expect(isDraftChanged(saved, { ...saved, delimiter: '-' })).toBe(true);
    expect(isDraftChanged(saved, { ...saved, must_be_unique: true })).toBe(true);
    expect(isDraftChanged(saved, { ...saved, color: '#64748b' })).toBe(true);
    expect(
      isDraftChanged(saved, {
        ...saved,
        segments: replaceSegment(saved.segments, { ...key, max_length: 12 }),
      }),
    ).toBe(true);
    expect(isDraftChanged(saved, { ...saved, segments: moveSegment(saved.segments, 14, 11) })).toBe(true);
  });

  it('is false again when a segment is moved back', () => {
    const moved = moveSegment(saved.segments, 14, 11);
    expect(ids(moved)).toEqual([14, 11, 12, 13]);
    expect(isDraftChanged(saved, { ...saved, segments: moveSegment(moved, 14, 13) })).toBe(false);
  });

  it('treats a new, untouched pattern as unchanged', () => {
    expect(isDraftChanged(emptyDraft(), emptyDraft())).toBe(false);
    expect(isDraftChanged(emptyDraft(), { ...emptyDraft(), name: 'X' })).toBe(true);
  });
});

describe('previewPatterns', () => {
  it('gives the draft and a second pattern whose autonumbers are one further', () => {
    const [first, second] = previewPatterns({ delimiter: '_', segments: [market, counter] });
    expect(first.segments[1]).toMatchObject({ start_value: 7 });
    expect(second.segments[1]).toMatchObject({ start_value: 8 });
    expect(second.segments[0]).toBe(market);
  });
});

describe('previewCodes', () => {
  const today = { year: 2026, month: 11, day: 21 };

  it('shows one code when every row gets the same', () => {
    expect(previewCodes({ delimiter: '_', segments: [market, campaign] }, today)).toEqual(['US_CAMPAIGN']);
  });

  it('gives a per-row random segment another sample in the second row (issue 8 item 22)', () => {
    const codes = previewCodes({ delimiter: '_', segments: [market, counter, key] }, today);
    expect(codes).toHaveLength(2);
    const [first, second] = codes.map((code) => code.split('_'));
    expect([first![1], second![1]]).toEqual(['0007', '0008']);
    expect(first![2]).toMatch(/^[0-9A-Z]{10}$/);
    expect(second![2]).toMatch(/^[0-9A-Z]{10}$/);
    expect(second![2]).not.toBe(first![2]);
  });

  it('shows a second row for a per-row random alone, but keeps a per-session random the same', () => {
    expect(new Set(previewCodes({ delimiter: 'none', segments: [key] }, today)).size).toBe(2);
    const session = { ...key, frequency: 'session' as const };
    expect(previewCodes({ delimiter: 'none', segments: [session] }, today)).toHaveLength(1);
    const [a, b] = previewCodes({ delimiter: '-', segments: [counter, session] }, today);
    expect(a!.split('-')[1]).toBe(b!.split('-')[1]);
  });
});

describe('patternSaveBlockedReason (issue 8 item 22)', () => {
  it('needs a name, at least one segment and a change', () => {
    expect(patternSaveBlockedReason({ name: ' ', segments: [market] }, true)).toBe(
      'Name the pattern to save it',
    );
    expect(patternSaveBlockedReason({ name: 'Code', segments: [] }, true)).toBe('Add at least one segment');
    expect(patternSaveBlockedReason({ name: 'Code', segments: [market] }, false)).toBe('No changes to save');
    expect(patternSaveBlockedReason({ name: 'Code', segments: [market] }, true)).toBeNull();
  });
});

describe('isOpenBlocked', () => {
  it('blocks opening a segment for 150 ms after a drag ends', () => {
    expect(DRAG_OPEN_BLOCK_MS).toBe(150);
    expect(isOpenBlocked(null, 1000)).toBe(false);
    expect(isOpenBlocked(1000, 1000)).toBe(true);
    expect(isOpenBlocked(1000, 1149)).toBe(true);
    expect(isOpenBlocked(1000, 1150)).toBe(false);
  });
});

describe('helpers', () => {
  it('sorts by updated_at, newest first, then by name', () => {
    const rows = [
      { name: 'B', updated_at: '2026-01-01T00:00:00Z' },
      { name: 'A', updated_at: '2026-03-01T00:00:00Z' },
      { name: 'C', updated_at: '2026-01-01T00:00:00Z' },
    ];
    expect(byUpdatedDesc(rows).map((r) => r.name)).toEqual(['A', 'B', 'C']);
  });

  it('reads positive integer ids from the route and nothing else', () => {
    expect(routeIdOf('12')).toBe(12);
    expect(routeIdOf('new')).toBeNull();
    expect(routeIdOf('0')).toBeNull();
    expect(routeIdOf('1.5')).toBeNull();
    expect(routeIdOf('99999999999999999')).toBeNull();
    expect(routeIdOf(null)).toBeNull();
  });

  it('finds the first message in an error tree', () => {
    expect(firstErrorMessage({ name: { type: 'too_small', message: 'Required' } })).toBe('Required');
    expect(firstErrorMessage({ ref: { message: 'not this' }, max_length: { message: 'At least 6' } })).toBe(
      'At least 6',
    );
    expect(firstErrorMessage(undefined)).toBeUndefined();
  });

  it('names an unnamed segment by its kind', () => {
    expect(segmentTitle(key)).toBe('Key');
    expect(segmentTitle({ ...key, name: ' ' })).toBe('Unnamed random');
  });
});

describe('errorMessagesOf', () => {
  it('lists the messages of an error tree by path', () => {
    expect(
      errorMessagesOf({
        name: { type: 'server', message: 'Required', ref: { message: 'no' } },
        include_numeric: { type: 'custom', message: 'Include at least one' },
      }),
    ).toEqual({ name: 'Required', include_numeric: 'Include at least one' });
    expect(errorMessagesOf(undefined)).toEqual({});
  });
});

describe('segmentErrorMessages', () => {
  it("keeps each segment's first message by its index", () => {
    expect(
      segmentErrorMessages([undefined, { name: { message: 'Required' } }, {}, { message: 'Too long' }]),
    ).toEqual({ 1: 'Required', 3: 'Too long' });
    expect(segmentErrorMessages([])).toEqual({});
  });
});
