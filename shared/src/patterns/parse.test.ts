import { describe, expect, it } from 'vitest';
import type { SegmentDelimiter } from '../governance/formats';
import type { CodePattern } from './codegen';
import {
  compileNameParser,
  NAME_PARSE_MAX_LENGTH,
  type NameParse,
  type NameParserOptions,
  parseName,
  suggestName,
  suggestValue,
} from './parse';
import type {
  AutonumberSegment,
  ConstantSegment,
  DateSegment,
  PatternSegment,
  RandomSegment,
  VariableSegment,
} from './patterns.contract';

const constant = (id: number, value: string, name = 'Country'): ConstantSegment => ({
  id,
  name,
  segment_precedence: id,
  segment_type: 'constant',
  constant_value: value,
});
const variable = (id: number, name: string): VariableSegment => ({
  id,
  name,
  segment_precedence: id,
  segment_type: 'variable',
});
const autonumber = (id: number, minWidth: number): AutonumberSegment => ({
  id,
  name: 'Number',
  segment_precedence: id,
  segment_type: 'autonumber',
  start_value: 1,
  min_width: minWidth,
});
const date = (id: number, settings: Partial<DateSegment> = {}): DateSegment => ({
  id,
  name: 'Launch',
  segment_precedence: id,
  segment_type: 'date',
  order: 'Y|M|D',
  months: '01-12',
  days: '01-31',
  years: '0000-9999',
  delimiter: '-',
  auto_populate: true,
  ...settings,
});
const random = (id: number, settings: Partial<RandomSegment> = {}): RandomSegment => ({
  id,
  name: 'Key',
  segment_precedence: id,
  segment_type: 'random',
  max_length: 6,
  include_numeric: true,
  include_uppercase: true,
  include_lowercase: false,
  frequency: 'row',
  ...settings,
});
const pattern = (delimiter: SegmentDelimiter, segments: PatternSegment[]): CodePattern => ({
  delimiter,
  segments,
});

/** Region (listed), Channel (listed), Campaign (free), Number, Launch, Key joined by '_'. */
const campaigns = pattern('_', [
  variable(1, 'Region'),
  variable(2, 'Channel'),
  variable(3, 'Campaign'),
  autonumber(4, 4),
  date(5),
  random(6),
]);
const lists: NameParserOptions = {
  allowed: {
    1: ['US', 'EMEA', 'EMEA_North', 'North America'],
    2: ['Paid Social', 'Display', 'Display_Programmatic'],
  },
  listNames: { 1: 'Regions', 2: 'Channels' },
};
const read = compileNameParser(campaigns, lists);

const values = (parse: NameParse) => parse.parts.map((part) => part.value);
const failure = (parse: NameParse) => (parse.ok ? null : parse.failure);

describe('reading a name back into its segments', () => {
  it('gives every segment its value: listed and free text, the date, the number and the random', () => {
    const parse = read('EMEA_Paid Social_Summer_0042_2026-11-21_X7K2QP');
    expect(parse.ok).toBe(true);
    expect(parse.parts).toEqual([
      { segmentId: 1, segmentType: 'variable', value: 'EMEA', at: 0, inList: true },
      { segmentId: 2, segmentType: 'variable', value: 'Paid Social', at: 5, inList: true },
      { segmentId: 3, segmentType: 'variable', value: 'Summer', at: 17 },
      { segmentId: 4, segmentType: 'autonumber', value: '0042', at: 24, number: 42 },
      {
        segmentId: 5,
        segmentType: 'date',
        value: '2026-11-21',
        at: 29,
        date: { year: 2026, month: 11, day: 21 },
      },
      { segmentId: 6, segmentType: 'random', value: 'X7K2QP', at: 40 },
    ]);
  });

  it('reads list values holding the delimiter, choosing the split the lists allow', () => {
    expect(values(read('EMEA_North_Display_Programmatic_Summer_0042_2026-11-21_X7K2QP'))).toEqual([
      'EMEA_North',
      'Display_Programmatic',
      'Summer',
      '0042',
      '2026-11-21',
      'X7K2QP',
    ]);
    // "EMEA" then "North_…" would leave Channel outside its list: the reader backtracks.
    expect(values(read('EMEA_North_Display_Summer_0001_2026-11-21_ABCDEF')).slice(0, 3)).toEqual([
      'EMEA_North',
      'Display',
      'Summer',
    ]);
    expect(values(read('North America_Display_Summer_0001_2026-11-21_ABCDEF'))[0]).toBe('North America');
  });

  it('lets a value without a list hold the delimiter only when nothing else fits', () => {
    expect(values(read('US_Display_Summer_Sale_0001_2026-11-21_ABCDEF'))[2]).toBe('Summer_Sale');
    const free = pattern('_', [variable(1, 'Campaign'), variable(2, 'Market')]);
    expect(values(parseName(free, 'Summer_Sale_US'))).toEqual(['Summer', 'Sale_US']);
  });

  it('reads dates in every format the engine prints', () => {
    const cases: [Partial<DateSegment>, string, { year: number; month: number; day: number }][] = [
      [{ order: 'D|M|Y', months: 'Jan-Dec', years: '00-99' }, '05-Nov-26', { year: 2026, month: 11, day: 5 }],
      [
        { order: 'M|D|Y', months: 'January-December', days: '1-31', delimiter: '|' },
        'September|9|2026',
        { year: 2026, month: 9, day: 9 },
      ],
      [
        { order: 'Y|D|M', months: '1-12', days: '1-31', delimiter: 'none' },
        '2026311',
        { year: 2026, month: 1, day: 31 },
      ],
      [{ order: 'D|M|Y', years: 'None', delimiter: ':' }, '29:02', { year: 2000, month: 2, day: 29 }],
      [{ order: 'M|Y|D', days: 'None', years: '00-99' }, '07-05', { year: 2005, month: 7, day: 1 }],
    ];
    for (const [settings, text, expected] of cases) {
      const parse = parseName(pattern('_', [date(1, settings)]), text);
      expect(parse.ok, text).toBe(true);
      expect(parse.parts[0]!.date, text).toEqual(expected);
    }
  });

  it('reads autonumbers of at least min_width digits, without a superfluous leading zero', () => {
    const numbered = pattern('_', [constant(1, 'US'), autonumber(2, 3)]);
    expect(parseName(numbered, 'US_007').parts[1]).toMatchObject({ value: '007', number: 7 });
    expect(parseName(numbered, 'US_12345').parts[1]).toMatchObject({ value: '12345', number: 12345 });
    expect(failure(parseName(numbered, 'US_0123'))).toMatchObject({
      segmentId: 2,
      at: 3,
      reason: 'no_match',
    });
    expect(failure(parseName(numbered, 'US_07'))).toMatchObject({ segmentId: 2, at: 3, reason: 'no_match' });
  });

  it('reads randoms by their length and classes', () => {
    const keyed = pattern('_', [random(1, { include_numeric: false, include_lowercase: true })]);
    expect(parseName(keyed, 'AbCdEf').ok).toBe(true);
    expect(failure(parseName(keyed, 'AbCdE1'))).toMatchObject({
      reason: 'no_match',
      message: "Segment Key: expected 6 characters of A-Z a-z, found 'AbCdE1'",
    });
  });

  it('reads a pattern without a delimiter, list values deciding where each segment ends', () => {
    const joined = pattern('none', [
      variable(1, 'Region'),
      variable(2, 'Channel'),
      autonumber(3, 2),
      date(4),
    ]);
    const parse = parseName(joined, 'EMEA_NorthDisplay_Programmatic072026-11-21', lists);
    expect(values(parse)).toEqual(['EMEA_North', 'Display_Programmatic', '07', '2026-11-21']);
    expect(values(parseName(joined, 'USDisplay1232026-11-21', lists))).toEqual([
      'US',
      'Display',
      '123',
      '2026-11-21',
    ]);
  });

  it('reads constants that hold the delimiter', () => {
    const fixed = pattern('_', [constant(1, 'BRAND_X'), variable(2, 'Campaign')]);
    expect(values(parseName(fixed, 'BRAND_X_Summer'))).toEqual(['BRAND_X', 'Summer']);
  });
});

describe('where a name stops following its pattern', () => {
  it('names the listed value that is not in its list, with the value meant and every value read', () => {
    const parse = read('EMEA _Paid Social_Summer_0042_2026-11-21_X7K2QP');
    expect(failure(parse)).toEqual({
      segmentId: 1,
      at: 0,
      reason: 'not_in_list',
      message: "Segment Region: 'EMEA ' is not in Regions; did you mean 'EMEA'?",
      found: 'EMEA ',
      suggestion: 'EMEA',
    });
    expect(values(parse)).toEqual(['EMEA ', 'Paid Social', 'Summer', '0042', '2026-11-21', 'X7K2QP']);
    expect(parse.parts[0]).toMatchObject({ inList: false, suggestion: 'EMEA' });
  });

  it('suggests across case and a stray delimiter-holding typo, and says nothing when no value is close', () => {
    expect(failure(read('US_display_programmatic_Summer_0042_2026-11-21_X7K2QP'))).toMatchObject({
      segmentId: 2,
      at: 3,
      found: 'display_programmatic',
      suggestion: 'Display_Programmatic',
    });
    expect(failure(read('EMEA_Nrth_Display_Summer_0042_2026-11-21_X7K2QP'))).toMatchObject({
      segmentId: 1,
      found: 'EMEA_Nrth',
      suggestion: 'EMEA_North',
    });
    const far = failure(read('Mars_Display_Summer_0042_2026-11-21_X7K2QP'));
    expect(far).toMatchObject({
      reason: 'not_in_list',
      found: 'Mars',
      message: "Segment Region: 'Mars' is not in Regions",
    });
    expect(far?.suggestion).toBeUndefined();
  });

  it('names the list by the segment when the list has no name', () => {
    const parse = parseName(campaigns, 'UK_Display_Summer_0042_2026-11-21_X7K2QP', {
      allowed: lists.allowed,
    });
    expect(failure(parse)?.message).toBe("Segment Region: 'UK' is not in the allowed values of Region");
  });

  it('reports the first segment that does not match, at its offset, with what was found', () => {
    expect(failure(read('US_Display_Summer_00X2_2026-11-21_X7K2QP'))).toEqual({
      segmentId: 4,
      at: 18,
      reason: 'no_match',
      message: "Segment Number: expected at least 4 digits, found '00X2'",
      found: '00X2',
    });
    const fixed = pattern('_', [constant(1, 'US'), variable(2, 'Campaign')]);
    expect(failure(parseName(fixed, 'USA_Summer'))).toMatchObject({
      segmentId: 1,
      at: 0,
      reason: 'no_match',
      message: "Segment Country: expected 'US', found 'USA'",
    });
  });

  it('tells an impossible day from a shape that is no date', () => {
    expect(failure(read('US_Display_Summer_0042_2026-02-30_X7K2QP'))).toMatchObject({
      segmentId: 5,
      at: 23,
      reason: 'invalid_date',
      message: "Segment Launch: '2026-02-30' is not a valid date",
    });
    expect(failure(read('US_Display_Summer_0042_2026-13-01_X7K2QP'))).toMatchObject({
      reason: 'invalid_date',
    });
    expect(failure(read('US_Display_Summer_0042_tomorrow_X7K2QP'))).toMatchObject({
      segmentId: 5,
      reason: 'no_match',
      message: "Segment Launch: expected a date like YYYY-MM-DD, found 'tomorrow'",
    });
  });

  it('tells a name cut short from one with text after its last segment', () => {
    const short = read('US_Display_Summer_0042');
    expect(failure(short)).toMatchObject({
      segmentId: 5,
      at: 22,
      reason: 'too_short',
      message: 'The name ends before segment Launch',
    });
    expect(values(short)).toEqual(['US', 'Display', 'Summer', '0042']);
    expect(failure(read('US_Display_Summer_0042_2026-11-21_X7K2QP_old'))).toMatchObject({
      segmentId: null,
      at: 40,
      reason: 'trailing_text',
      found: '_old',
    });
  });

  it('refuses names longer than it reads and patterns that make no codes, and never throws', () => {
    expect(failure(read('x'.repeat(NAME_PARSE_MAX_LENGTH + 1)))).toMatchObject({
      reason: 'too_long',
      segmentId: null,
    });
    const broken = pattern('_', [random(1, { include_numeric: false, include_uppercase: false })]);
    expect(failure(parseName(broken, 'ABCDEF'))).toMatchObject({ reason: 'invalid_pattern', segmentId: 1 });
    expect(() => read(undefined as unknown as string)).not.toThrow();
  });

  it('reads a long name full of delimiters against free variables quickly', () => {
    const free = pattern(
      '_',
      [1, 2, 3, 4, 5, 6].map((id) => variable(id, `V${id}`)),
    );
    const withEnd = pattern('_', [...free.segments, constant(7, 'END')]);
    const name = 'a_'.repeat(NAME_PARSE_MAX_LENGTH / 2 - 1);
    const started = performance.now();
    expect(failure(parseName(withEnd, name))).toMatchObject({ segmentId: 7, reason: 'no_match' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('the name the pattern would make from the values read', () => {
  it('puts the value meant in place of one outside its list', () => {
    const parse = read('EMEA _Paid Social_Summer_0042_2026-11-21_X7K2QP');
    expect(suggestName(campaigns, parse.parts)).toEqual({
      ok: true,
      code: 'EMEA_Paid Social_Summer_0042_2026-11-21_X7K2QP',
    });
  });

  it('takes corrections over what was read, and keeps dates, numbers and randoms', () => {
    const parse = read('US_Display_Summer_0042_2026-11-21_X7K2QP');
    expect(suggestName(campaigns, parse.parts, { 1: 'EMEA', 3: 'Winter' })).toEqual({
      ok: true,
      code: 'EMEA_Display_Winter_0042_2026-11-21_X7K2QP',
    });
  });

  it('answers which segment is missing when the name stopped before it', () => {
    const parse = read('US_Display_Summer_0042');
    expect(suggestName(campaigns, parse.parts)).toEqual({
      ok: false,
      errors: [
        { segmentId: 5, reason: 'missing_value', message: 'Segment Launch could not be read from the name' },
      ],
    });
  });

  it('keeps per-session randoms and pads numbers as the pattern says', () => {
    const session = pattern('-', [autonumber(1, 5), random(2, { frequency: 'session', max_length: 8 })]);
    const parse = parseName(session, '00042-AB12CD34');
    expect(suggestName(session, parse.parts)).toEqual({ ok: true, code: '00042-AB12CD34' });
  });
});

describe('suggestValue', () => {
  const regions = ['EMEA', 'North America', 'APAC', 'US'];
  it('finds the value once trimmed, spaces collapsed and case folded', () => {
    expect(suggestValue(' emea ', regions)).toBe('EMEA');
    expect(suggestValue('north   america', regions)).toBe('North America');
  });
  it('finds a value within two edits for longer values, one for short ones, none for two letters', () => {
    expect(suggestValue('Nroth America', regions)).toBe('North America');
    expect(suggestValue('APCA', regions)).toBeUndefined();
    expect(suggestValue('APAX', regions)).toBe('APAC');
    expect(suggestValue('UK', regions)).toBeUndefined();
    expect(suggestValue('Antarctica', regions)).toBeUndefined();
  });
});
