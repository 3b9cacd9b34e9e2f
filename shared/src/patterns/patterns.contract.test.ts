import { describe, expect, it } from 'vitest';
import {
  defaultSegment,
  PATTERN_NO_SEGMENTS_MESSAGE,
  PATTERN_PALETTE,
  type PatternSave,
  paletteColorFor,
  patternGridColumns,
  patternSaveSchema,
  patternSchema,
  patternSegmentSaveSchema,
  patternsApi,
  RETIRED_PALETTE_COLORS,
  SEGMENT_TYPES,
} from './patterns.contract';

const validSave = (): PatternSave => ({
  id: null,
  name: '  Campaign code ',
  description: null,
  delimiter: '_',
  segments: [
    { id: 'TEMP_1', segment_precedence: 0, segment_type: 'constant', name: 'Country', constant_value: 'US' },
    { id: 'TEMP_2', segment_precedence: 1, segment_type: 'variable', name: 'Campaign' },
    {
      id: 12,
      segment_precedence: 2,
      segment_type: 'autonumber',
      name: 'Number',
      start_value: 1,
      min_width: 4,
    },
    { id: 'TEMP_3', segment_precedence: 3, segment_type: 'date', name: 'Day' },
    { id: 'TEMP_4', segment_precedence: 4, segment_type: 'random' },
  ],
});

/** The paths and messages of a failed parse of `body`. */
function issues(body: unknown) {
  const result = patternSaveSchema.safeParse(body);
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
}

function withSegment(segment: Record<string, unknown>) {
  return { ...validSave(), segments: [{ id: 'TEMP_9', segment_precedence: 0, ...segment }] };
}

describe('patternSaveSchema (spec 02 §5)', () => {
  it('trims the name and applies the defaults of spec 02 §9', () => {
    const parsed = patternSaveSchema.parse(validSave());
    expect(parsed).toMatchObject({
      id: null,
      name: 'Campaign code',
      description: '',
      must_be_unique: false,
      is_unlocked_pattern: false,
    });
    expect(parsed.segments[3]).toEqual({
      id: 'TEMP_3',
      segment_precedence: 3,
      segment_type: 'date',
      name: 'Day',
      order: 'D|M|Y',
      months: '01-12',
      days: '01-31',
      years: '0000-9999',
      delimiter: '-',
      auto_populate: true,
    });
    expect(parsed.segments[4]).toEqual({
      id: 'TEMP_4',
      segment_precedence: 4,
      segment_type: 'random',
      name: '',
      max_length: 10,
      include_numeric: true,
      include_uppercase: true,
      include_lowercase: false,
      frequency: 'row',
    });
  });

  it('requires a pattern name', () => {
    expect(issues({ ...validSave(), name: '   ' })).toEqual([{ path: ['name'], message: 'Required' }]);
  });

  it.each([
    { segment_type: 'constant', constant_value: 'US' },
    { segment_type: 'variable' },
    { segment_type: 'autonumber', start_value: 1, min_width: 1 },
    { segment_type: 'date' },
  ])('requires a name for a $segment_type segment', (segment) => {
    expect(issues(withSegment({ ...segment, name: ' ' }))).toEqual([
      { path: ['segments', 0, 'name'], message: 'Required' },
    ]);
  });

  it('accepts a random segment without a name', () => {
    expect(patternSaveSchema.safeParse(withSegment({ segment_type: 'random', name: '' })).success).toBe(true);
  });

  it('requires start_value and min_width for an autonumber', () => {
    const paths = issues(withSegment({ segment_type: 'autonumber', name: 'N' }))?.map((issue) => issue.path);
    expect(paths).toEqual([
      ['segments', 0, 'start_value'],
      ['segments', 0, 'min_width'],
    ]);
    expect(
      issues(withSegment({ segment_type: 'autonumber', name: 'N', start_value: -1, min_width: 0 })),
    ).toHaveLength(2);
  });

  it('requires a random max_length of at least 6', () => {
    expect(issues(withSegment({ segment_type: 'random', max_length: 5 }))).toEqual([
      { path: ['segments', 0, 'max_length'], message: 'At least 6 characters' },
    ]);
    expect(patternSaveSchema.safeParse(withSegment({ segment_type: 'random', max_length: 6 })).success).toBe(
      true,
    );
  });

  it('requires at least one character class for a random segment', () => {
    expect(
      issues(
        withSegment({
          segment_type: 'random',
          include_numeric: false,
          include_uppercase: false,
          include_lowercase: false,
        }),
      ),
    ).toEqual([
      {
        path: ['segments', 0, 'include_numeric'],
        message: 'Include at least one of numbers, uppercase and lowercase letters',
      },
    ]);
  });

  it('refuses unknown segment kinds', () => {
    expect(issues(withSegment({ segment_type: 'emoji', name: 'x' }))).toEqual([
      { path: ['segments', 0, 'segment_type'], message: 'Unknown segment type' },
    ]);
  });

  it('refuses a constant without value and a date showing no part', () => {
    expect(issues(withSegment({ segment_type: 'constant', name: 'C', constant_value: ' ' }))).toEqual([
      { path: ['segments', 0, 'constant_value'], message: 'Required' },
    ]);
    expect(
      issues(withSegment({ segment_type: 'date', name: 'D', months: 'None', days: 'None', years: 'None' })),
    ).toEqual([{ path: ['segments', 0, 'months'], message: 'Show at least one of day, month and year' }]);
  });

  it('refuses duplicate and malformed segment ids, and unknown delimiters and colours', () => {
    const save = validSave();
    const duplicate = { ...save, segments: [save.segments[0], { ...save.segments[1], id: 'TEMP_1' }] };
    expect(issues(duplicate)).toEqual([
      { path: ['segments', 1, 'id'], message: 'Segment ids must be distinct' },
    ]);
    expect(issues(withSegment({ segment_type: 'variable', name: 'V', id: 'tmp-1' }))?.[0]?.path).toEqual([
      'segments',
      0,
      'id',
    ]);
    expect(issues({ ...save, delimiter: '/' })?.[0]?.path).toEqual(['delimiter']);
    expect(issues({ ...save, color: '#123456' })?.[0]?.path).toEqual(['color']);
  });

  it('refuses a pattern without segments (issue 8 item 22)', () => {
    expect(issues({ ...validSave(), segments: [] })).toEqual([
      { path: ['segments'], message: PATTERN_NO_SEGMENTS_MESSAGE },
    ]);
    expect(
      patternSaveSchema.safeParse({ ...validSave(), segments: validSave().segments.slice(0, 1) }).success,
    ).toBe(true);
  });

  it('accepts a palette colour in any case and carries updated_at for stale writes', () => {
    const parsed = patternSaveSchema.parse({
      ...validSave(),
      id: 7,
      color: '#0EA5E9',
      updated_at: '2026-01-01T00:00:00Z',
    });
    expect(parsed).toMatchObject({ id: 7, color: '#0ea5e9', updated_at: '2026-01-01T00:00:00Z' });
  });

  it('reads a retired red sent by a page opened before the change as the colour that replaced it', () => {
    expect(patternSaveSchema.parse({ ...validSave(), color: '#EF4444' }).color).toBe('#64748b');
    expect(patternSaveSchema.parse({ ...validSave(), color: '#b91c1c' }).color).toBe('#334155');
  });
});

describe('patternSchema (spec 02 §3)', () => {
  it('parses a stored pattern', () => {
    const pattern = {
      id: 3,
      is_pattern: true,
      name: 'Campaign code',
      description: '',
      updated_at: '2026-01-01T00:00:00Z',
      delimiter: 'none',
      must_be_unique: true,
      is_unlocked_pattern: false,
      color: '#3b82f6',
      segments: [
        defaultSegment('random', 41, 0),
        { ...defaultSegment('variable', 42, 1), data_type: 'list' },
      ],
    };
    expect(patternSchema.parse(pattern)).toEqual(pattern);
  });
});

describe('defaultSegment (spec 02 §9)', () => {
  it('gives each kind its defaults', () => {
    expect(defaultSegment('constant', 'TEMP_1')).toEqual({
      id: 'TEMP_1',
      segment_precedence: 0,
      name: '',
      segment_type: 'constant',
      constant_value: 'CONSTANT',
    });
    expect(defaultSegment('variable', 'TEMP_2', 1)).toMatchObject({ name: 'VAR', segment_precedence: 1 });
    expect(defaultSegment('autonumber', 'TEMP_3')).toMatchObject({ start_value: 1, min_width: 1 });
    expect(defaultSegment('date', 'TEMP_4')).toMatchObject({
      order: 'D|M|Y',
      months: '01-12',
      days: '01-31',
      years: '0000-9999',
      delimiter: '-',
    });
    expect(defaultSegment('random', 'TEMP_5')).toMatchObject({
      max_length: 10,
      include_numeric: true,
      include_uppercase: true,
      include_lowercase: false,
      frequency: 'row',
    });
  });

  it('saves once named', () => {
    for (const kind of SEGMENT_TYPES) {
      const segment = { ...defaultSegment(kind, `TEMP_${kind}`), name: 'Named' };
      expect(patternSegmentSaveSchema.safeParse(segment).success).toBe(true);
    }
  });
});

describe('patternGridColumns (spec 02 §2)', () => {
  it('is (width - 260) / 208 rounded down, at least 1, and 4 while the width is unknown', () => {
    expect(patternGridColumns(undefined)).toBe(4);
    expect(patternGridColumns(null)).toBe(4);
    expect(patternGridColumns(Number.NaN)).toBe(4);
    expect(patternGridColumns(0)).toBe(1);
    expect(patternGridColumns(467)).toBe(1);
    expect(patternGridColumns(676)).toBe(2);
    expect(patternGridColumns(1000)).toBe(3);
    expect(patternGridColumns(1092)).toBe(4);
    expect(patternGridColumns(1300)).toBe(5);
  });
});

describe('PATTERN_PALETTE (spec 02 §9)', () => {
  it('holds 32 distinct lower-case hex colours', () => {
    expect(PATTERN_PALETTE).toHaveLength(32);
    expect(new Set(PATTERN_PALETTE).size).toBe(32);
    for (const colour of PATTERN_PALETTE) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('picks a colour for any number', () => {
    expect(paletteColorFor(0)).toBe('#64748b');
    expect(paletteColorFor(33)).toBe('#334155');
    expect(paletteColorFor(-1)).toBe('#57534e');
    expect(paletteColorFor(Number.NaN)).toBe('#64748b');
  });

  it('holds no red that reads as an error, and names what replaced the reds it held', () => {
    for (const red of ['#ef4444', '#b91c1c', '#dc2626', '#f87171', '#f43f5e', '#be123c'])
      expect(PATTERN_PALETTE as readonly string[]).not.toContain(red);
    for (const [retired, replacement] of Object.entries(RETIRED_PALETTE_COLORS)) {
      expect(PATTERN_PALETTE as readonly string[]).not.toContain(retired);
      expect(PATTERN_PALETTE).toContain(replacement);
    }
  });
});

describe('patternsApi (spec 02 §7)', () => {
  it('declares the spec calls with manage_patterns, and code issuing for anyone signed in', () => {
    expect(Object.values(patternsApi).map((e) => [e.method, e.path, e.permission])).toEqual([
      ['GET', '/api/v1/account/field/patterns', 'manage_patterns'],
      ['GET', '/api/v1/account/field/:id', 'manage_patterns'],
      ['PUT', '/api/v1/account/field/', 'manage_patterns'],
      ['POST', '/api/v1/account/field/:id/codes', 'signed-in'],
      ['POST', '/api/v1/account/field/patterns/bulk/delete', 'manage_patterns'],
    ]);
    expect(patternsApi.bulkDelete.body!.safeParse({ pattern_ids: [] }).success).toBe(false);
    expect(patternsApi.bulkDelete.body!.safeParse({ pattern_ids: [1, 2] }).success).toBe(true);
  });
});
