import { describe, expect, it, vi } from 'vitest';
import type { SegmentDelimiter } from '../governance/formats';
import {
  bufferedRandomInt,
  type CalendarDate,
  type CodeInput,
  type CodePattern,
  compilePattern,
  compileUniquePattern,
  createSessionCache,
  describeSegment,
  exampleCode,
  formatDateSegment,
  generateCode,
  isValidCalendarDate,
  padAutonumber,
  type RandomIntSource,
  sampleRandomValue,
  seededRandomInt,
  splitCode,
  utcCalendarDate,
} from './codegen';
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
const variable = (id: number, name = 'Campaign'): VariableSegment => ({
  id,
  name,
  segment_precedence: id,
  segment_type: 'variable',
});
const autonumber = (id: number, minWidth: number, startValue = 1): AutonumberSegment => ({
  id,
  name: 'Number',
  segment_precedence: id,
  segment_type: 'autonumber',
  start_value: startValue,
  min_width: minWidth,
});
const date = (id: number, settings: Partial<DateSegment> = {}): DateSegment => ({
  id,
  name: 'Day',
  segment_precedence: id,
  segment_type: 'date',
  order: 'D|M|Y',
  months: '01-12',
  days: '01-31',
  years: '0000-9999',
  delimiter: '-',
  auto_populate: true,
  ...settings,
});
const random = (id: number, settings: Partial<RandomSegment> = {}): RandomSegment => ({
  id,
  name: '',
  segment_precedence: id,
  segment_type: 'random',
  max_length: 6,
  include_numeric: true,
  include_uppercase: true,
  include_lowercase: false,
  frequency: 'row',
  ...settings,
});
const pattern = (
  delimiter: SegmentDelimiter,
  segments: PatternSegment[],
  mustBeUnique = false,
): CodePattern => ({
  delimiter,
  segments,
  must_be_unique: mustBeUnique,
});

/** A random source answering a fixed script of indexes, recording the bounds it was asked for. */
function scripted(indexes: number[]): RandomIntSource & { bounds: number[] } {
  let next = 0;
  const bounds: number[] = [];
  const source = (bound: number) => {
    bounds.push(bound);
    return indexes[next++ % indexes.length]!;
  };
  return Object.assign(source, { bounds });
}

const NOV_21: CalendarDate = { year: 2026, month: 11, day: 21 };
const MAR_7: CalendarDate = { year: 2026, month: 3, day: 7 };

/** The one segment's text for a date segment, through the engine. */
function dateText(settings: Partial<DateSegment>, today: CalendarDate): string {
  const result = generateCode(pattern('_', [date(1, settings)]), { today });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.code;
}

describe('generateCode: every segment kind (spec 02 §9)', () => {
  it('builds US_SUMMER_0001_2026-11-21_X7K2QP from constant, variable, autonumber, date and random', () => {
    const p = pattern('_', [
      constant(1, 'US'),
      variable(2),
      autonumber(3, 4),
      date(4, { order: 'Y|M|D' }),
      random(5),
    ]);
    const result = generateCode(p, {
      values: { 2: 'SUMMER' },
      autonumber: () => 1,
      today: NOV_21,
      randomInt: scripted([33, 7, 20, 2, 26, 25]),
    });
    expect(result).toEqual({ ok: true, code: 'US_SUMMER_0001_2026-11-21_X7K2QP' });
  });

  it.each<[SegmentDelimiter, string]>([
    ['none', 'USSUMMER0001'],
    ['-', 'US-SUMMER-0001'],
    ['_', 'US_SUMMER_0001'],
    [':', 'US:SUMMER:0001'],
    ['|', 'US|SUMMER|0001'],
  ])('joins segments with the delimiter %s', (delimiter, expected) => {
    const p = pattern(delimiter, [constant(1, 'US'), variable(2), autonumber(3, 4)]);
    expect(generateCode(p, { values: { 2: 'SUMMER' }, autonumber: () => 1 })).toEqual({
      ok: true,
      code: expected,
    });
  });

  it('orders segments by segment_precedence, ties in array order', () => {
    const p = pattern('-', [
      { ...constant(1, 'C'), segment_precedence: 2 },
      { ...constant(2, 'A'), segment_precedence: 0 },
      { ...constant(3, 'B1'), segment_precedence: 1 },
      { ...constant(4, 'B2'), segment_precedence: 1 },
    ]);
    expect(generateCode(p, {})).toEqual({ ok: true, code: 'A-B1-B2-C' });
  });

  it('prints a constant as it is, delimiters included', () => {
    expect(generateCode(pattern('_', [constant(1, 'US_EAST'), constant(2, 'x')]), {})).toEqual({
      ok: true,
      code: 'US_EAST_x',
    });
  });

  it('prints the trimmed value of a variable, looked up by segment id (TEMP_ ids too)', () => {
    const p = pattern('-', [variable(1), { ...variable(2, 'Region'), id: 'TEMP_7' }]);
    expect(generateCode(p, { values: { 1: '  SUMMER ', TEMP_7: 'EMEA' } })).toEqual({
      ok: true,
      code: 'SUMMER-EMEA',
    });
  });

  it.each([
    [1, 4, '0001'],
    [42, 4, '0042'],
    [42, 2, '42'],
    [0, 1, '0'],
    [7, 1, '7'],
    [9999, 4, '9999'],
    [12345, 3, '12345'],
    [12345, 8, '00012345'],
  ])('pads autonumber %i to min_width %i as %s, never truncating', (n, width, expected) => {
    expect(generateCode(pattern('_', [autonumber(1, width)]), { autonumber: () => n })).toEqual({
      ok: true,
      code: expected,
    });
    expect(padAutonumber(n, width)).toBe(expected);
  });

  it('takes autonumbers from a function (called with the segment id) or from a record', () => {
    const p = pattern('-', [autonumber(3, 3), { ...autonumber(9, 2), segment_precedence: 10 }]);
    const source = vi.fn((id: number | string) => (id === 3 ? 5 : 61));
    expect(generateCode(p, { autonumber: source })).toEqual({ ok: true, code: '005-61' });
    expect(source.mock.calls).toEqual([[3], [9]]);
    expect(generateCode(p, { autonumber: { 3: 17, 9: 4 } })).toEqual({ ok: true, code: '017-04' });
  });

  it.each<[Partial<RandomSegment>, number[], string, number]>([
    [{ include_numeric: true, include_uppercase: true }, [33, 7, 20, 2, 26, 25], 'X7K2QP', 36],
    [{ include_numeric: false, include_uppercase: true }, [0, 25, 12, 1, 2, 3], 'AZMBCD', 26],
    [
      { include_numeric: false, include_uppercase: false, include_lowercase: true },
      [0, 25, 12, 1, 2, 3],
      'azmbcd',
      26,
    ],
    [
      { include_numeric: true, include_uppercase: false, include_lowercase: false },
      [0, 9, 5, 1, 2, 3],
      '095123',
      10,
    ],
    [
      { include_numeric: true, include_uppercase: false, include_lowercase: true },
      [10, 35, 0, 9, 11, 12],
      'az09bc',
      36,
    ],
    [
      { include_numeric: true, include_uppercase: true, include_lowercase: true },
      [61, 36, 35, 10, 9, 0],
      'zaZA90',
      62,
    ],
  ])('draws random %j from digits, A-Z, a-z in that order', (classes, indexes, expected, bound) => {
    const source = scripted(indexes);
    expect(generateCode(pattern('_', [random(1, classes)]), { randomInt: source })).toEqual({
      ok: true,
      code: expected,
    });
    expect(source.bounds).toEqual([bound, bound, bound, bound, bound, bound]);
  });

  it('draws max_length characters', () => {
    const source = scripted([1, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
    expect(generateCode(pattern('_', [random(1, { max_length: 10 })]), { randomInt: source })).toEqual({
      ok: true,
      code: '1234567890',
    });
  });

  it('draws a new random value per row on every call', () => {
    const generate = compilePattern(pattern('_', [random(1)]));
    const input = { randomInt: scripted([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) };
    expect(generate(input)).toEqual({ ok: true, code: '123456' });
    expect(generate(input)).toEqual({ ok: true, code: '789ABC' });
  });

  it('keeps a per-session random value for every call sharing the session cache', () => {
    const generate = compilePattern(pattern('_', [random(1, { frequency: 'session' }), autonumber(2, 2)]));
    const source = scripted([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    let n = 0;
    const session = createSessionCache();
    const input = { randomInt: source, session, autonumber: () => ++n };
    expect(generate(input)).toEqual({ ok: true, code: '123456_01' });
    expect(generate(input)).toEqual({ ok: true, code: '123456_02' });
    expect(source.bounds).toHaveLength(6);
    expect(session.get('1')).toBe('123456');
    expect(generate({ ...input, session: createSessionCache() })).toEqual({ ok: true, code: '789ABC_03' });
  });

  it('generates the empty code for a pattern without segments', () => {
    expect(generateCode(pattern('_', []), {})).toEqual({ ok: true, code: '' });
  });
});

describe('date segments: orders and formats (spec 02 §9), on 2026-03-07', () => {
  it.each([
    ['M|D|Y', '03-07-2026'],
    ['M|Y|D', '03-2026-07'],
    ['Y|D|M', '2026-07-03'],
    ['D|M|Y', '07-03-2026'],
    ['Y|M|D', '2026-03-07'],
  ] as const)('order %s gives %s', (order, expected) => {
    expect(dateText({ order }, MAR_7)).toBe(expected);
  });

  it.each([
    ['1-12', '07-3-2026'],
    ['01-12', '07-03-2026'],
    ['Jan-Dec', '07-Mar-2026'],
    ['January-December', '07-March-2026'],
    ['None', '07-2026'],
  ] as const)('month format %s gives %s', (months, expected) => {
    expect(dateText({ months }, MAR_7)).toBe(expected);
  });

  it.each([
    ['1-31', '7-03-2026'],
    ['01-31', '07-03-2026'],
    ['None', '03-2026'],
  ] as const)('day format %s gives %s', (days, expected) => {
    expect(dateText({ days }, MAR_7)).toBe(expected);
  });

  it.each([
    ['00-99', '07-03-26'],
    ['0000-9999', '07-03-2026'],
    ['None', '07-03'],
  ] as const)('year format %s gives %s', (years, expected) => {
    expect(dateText({ years }, MAR_7)).toBe(expected);
  });

  it.each([
    ['none', '07032026'],
    ['-', '07-03-2026'],
    ['_', '07_03_2026'],
    [':', '07:03:2026'],
    ['|', '07|03|2026'],
  ] as const)('date delimiter %s gives %s', (delimiter, expected) => {
    expect(dateText({ delimiter }, MAR_7)).toBe(expected);
  });

  it('writes 2026-11-21 as 11, 11, Nov, November, 21, 21, 26', () => {
    const only = (settings: Partial<DateSegment>) =>
      dateText({ months: 'None', days: 'None', years: 'None', ...settings }, NOV_21);
    expect(only({ months: '1-12' })).toBe('11');
    expect(only({ months: '01-12' })).toBe('11');
    expect(only({ months: 'Jan-Dec' })).toBe('Nov');
    expect(only({ months: 'January-December' })).toBe('November');
    expect(only({ days: '1-31' })).toBe('21');
    expect(only({ days: '01-31' })).toBe('21');
    expect(only({ years: '00-99' })).toBe('26');
    expect(only({ years: '0000-9999' })).toBe('2026');
  });

  it('names every month in both name formats and numbers it in both number formats', () => {
    const months = Array.from({ length: 12 }, (_, i) => i + 1);
    const monthOf = (format: DateSegment['months']) =>
      months.map((month) =>
        dateText({ months: format, days: 'None', years: 'None' }, { year: 2026, month, day: 1 }),
      );
    expect(monthOf('Jan-Dec')).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(monthOf('January-December')).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(monthOf('1-12')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(monthOf('01-12')).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
  });

  it('pads years: 2005 → 05, 2000 → 00, year 5 → 0005, 9999 → 99', () => {
    const year = (years: DateSegment['years'], y: number) =>
      dateText({ months: 'None', days: 'None', years }, { year: y, month: 1, day: 1 });
    expect(year('00-99', 2005)).toBe('05');
    expect(year('00-99', 2000)).toBe('00');
    expect(year('00-99', 9999)).toBe('99');
    expect(year('0000-9999', 5)).toBe('0005');
    expect(year('0000-9999', 987)).toBe('0987');
  });

  it('writes days 1 and 31 as 1/01 and 31/31', () => {
    const day = (days: DateSegment['days'], d: number) =>
      dateText({ months: 'None', years: 'None', days }, { year: 2026, month: 1, day: d });
    expect([day('1-31', 1), day('01-31', 1), day('1-31', 31), day('01-31', 31)]).toEqual([
      '1',
      '01',
      '31',
      '31',
    ]);
  });

  it('formats a date without the engine through formatDateSegment', () => {
    expect(
      formatDateSegment(
        { order: 'M|D|Y', months: 'Jan-Dec', days: '1-31', years: '00-99', delimiter: 'none' },
        MAR_7,
      ),
    ).toBe('Mar726');
  });

  it('prints a date chosen for the segment instead of today, and needs one when auto_populate is off', () => {
    const p = pattern('_', [date(1, { auto_populate: false }), date(2)]);
    expect(generateCode(p, { today: NOV_21, dates: { 1: MAR_7 } })).toEqual({
      ok: true,
      code: '07-03-2026_21-11-2026',
    });
    expect(generateCode(p, { today: NOV_21, dates: { 1: MAR_7, 2: MAR_7 } })).toEqual({
      ok: true,
      code: '07-03-2026_07-03-2026',
    });
    expect(generateCode(p, { today: NOV_21 })).toEqual({
      ok: false,
      errors: [{ segmentId: 1, reason: 'missing_date', message: 'Choose a date for Day' }],
    });
    expect(generateCode(p, { today: NOV_21, dates: { 1: { year: 2026, month: 2, day: 29 } } })).toEqual({
      ok: false,
      errors: [{ segmentId: 1, reason: 'invalid_date', message: 'The date for Day is not a valid date' }],
    });
  });

  it('follows a change of today between calls of one generator', () => {
    const generate = compilePattern(pattern('_', [date(1)]));
    expect(generate({ today: MAR_7 })).toEqual({ ok: true, code: '07-03-2026' });
    expect(generate({ today: NOV_21 })).toEqual({ ok: true, code: '21-11-2026' });
    expect(generate({ today: MAR_7 })).toEqual({ ok: true, code: '07-03-2026' });
  });
});

describe('calendar dates', () => {
  it('knows leap years and month lengths', () => {
    expect(isValidCalendarDate({ year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isValidCalendarDate({ year: 2026, month: 2, day: 29 })).toBe(false);
    expect(isValidCalendarDate({ year: 1900, month: 2, day: 29 })).toBe(false);
    expect(isValidCalendarDate({ year: 2000, month: 2, day: 29 })).toBe(true);
    expect(isValidCalendarDate({ year: 2026, month: 4, day: 31 })).toBe(false);
    expect(isValidCalendarDate({ year: 2026, month: 13, day: 1 })).toBe(false);
    expect(isValidCalendarDate({ year: 10000, month: 1, day: 1 })).toBe(false);
    expect(isValidCalendarDate({ year: 2026, month: 1.5, day: 1 })).toBe(false);
  });

  it('reads a Date in UTC', () => {
    expect(utcCalendarDate(new Date('2026-11-21T23:30:00Z'))).toEqual(NOV_21);
    expect(utcCalendarDate(new Date('2026-11-22T00:30:00+01:00'))).toEqual(NOV_21);
  });
});

describe('generateCode: errors', () => {
  const p = pattern('_', [
    constant(1, 'US'),
    variable(2),
    variable(3, 'Region'),
    autonumber(4, 4),
    random(5),
  ]);

  it.each([undefined, null, '', '   '])('refuses a variable value of %j, naming the segment', (value) => {
    const result = generateCode(p, {
      values: { 2: value, 3: 'EMEA' },
      autonumber: () => 1,
      randomInt: seededRandomInt(1),
    });
    expect(result).toEqual({
      ok: false,
      errors: [{ segmentId: 2, reason: 'missing_value', message: 'Enter a value for Campaign' }],
    });
  });

  it('reports every missing value at once and consumes no autonumber or random value', () => {
    const autonumberSource = vi.fn(() => 1);
    const randomSource = vi.fn(() => 0);
    const result = generateCode(p, { autonumber: autonumberSource, randomInt: randomSource });
    expect(result).toEqual({
      ok: false,
      errors: [
        { segmentId: 2, reason: 'missing_value', message: 'Enter a value for Campaign' },
        { segmentId: 3, reason: 'missing_value', message: 'Enter a value for Region' },
      ],
    });
    expect(autonumberSource).not.toHaveBeenCalled();
    expect(randomSource).not.toHaveBeenCalled();
  });

  it('names an unnamed segment by its position', () => {
    const result = generateCode(pattern('-', [constant(1, 'A'), variable(2, '  ')]), {});
    expect(result).toEqual({
      ok: false,
      errors: [{ segmentId: 2, reason: 'missing_value', message: 'Enter a value for segment 2' }],
    });
  });

  it('reports configuration problems on every call', () => {
    const broken = pattern('_', [
      constant(1, ''),
      random(2, { include_numeric: false, include_uppercase: false, include_lowercase: false }),
      date(3, { months: 'None', days: 'None', years: 'None' }),
      { ...autonumber(4, 0) },
      { id: 5, name: 'Odd', segment_precedence: 5, segment_type: 'emoji' } as unknown as PatternSegment,
    ]);
    const expected = {
      ok: false,
      errors: [
        { segmentId: 1, reason: 'invalid_segment', message: 'Constant Country has no value' },
        { segmentId: 2, reason: 'invalid_segment', message: 'Random segment 2 has no character class' },
        { segmentId: 3, reason: 'invalid_segment', message: 'Date Day shows no day, month or year' },
        {
          segmentId: 4,
          reason: 'invalid_segment',
          message: 'Autonumber Number needs a minimum width from 1 to 20',
        },
        { segmentId: 5, reason: 'invalid_segment', message: 'Segment 5 has an unknown type emoji' },
      ],
    };
    const generate = compilePattern(broken);
    expect(generate({})).toEqual(expected);
    expect(generate({})).toEqual(expected);
  });

  it('refuses an unknown delimiter', () => {
    const bad = { delimiter: '/', segments: [constant(1, 'A')] } as unknown as CodePattern;
    expect(generateCode(bad, {})).toEqual({
      ok: false,
      errors: [{ segmentId: null, reason: 'invalid_pattern', message: 'Unknown delimiter /' }],
    });
  });

  it('throws for programming errors: missing sources and sources out of range', () => {
    const numbered = compilePattern(pattern('_', [autonumber(1, 2)]));
    expect(() => numbered({})).toThrow(TypeError);
    expect(() => numbered({ autonumber: {} })).toThrow(RangeError);
    expect(() => numbered({ autonumber: () => -1 })).toThrow(RangeError);
    expect(() => numbered({ autonumber: () => 1.5 })).toThrow(RangeError);

    const drawn = compilePattern(pattern('_', [random(1)]));
    expect(() => drawn({})).toThrow(TypeError);
    expect(() => drawn({ randomInt: () => 36 })).toThrow(RangeError);
    expect(() => drawn({ randomInt: () => 0.5 })).toThrow(RangeError);

    const session = compilePattern(pattern('_', [random(1, { frequency: 'session' })]));
    expect(() => session({ randomInt: seededRandomInt(1) })).toThrow(TypeError);

    const dated = compilePattern(pattern('_', [date(1)]));
    expect(() => dated({})).toThrow(TypeError);
    expect(() => dated({ today: { year: 2026, month: 2, day: 30 } })).toThrow(RangeError);
  });
});

describe('compileUniquePattern (spec 02 §3 must_be_unique)', () => {
  const segments = [constant(1, 'US'), autonumber(2, 3), random(3)];
  const input = (autonumberSource: () => number): CodeInput => ({
    autonumber: autonumberSource,
    randomInt: scripted([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
  });

  it('does not ask isTaken when the pattern need not be unique', () => {
    const isTaken = vi.fn(() => true);
    const generate = compileUniquePattern(pattern('_', segments, false));
    expect(
      generate(
        input(() => 1),
        isTaken,
      ),
    ).toEqual({ ok: true, code: 'US_001_123456', attempts: 1 });
    expect(isTaken).not.toHaveBeenCalled();
  });

  it('redraws only the random-per-row segments of a taken candidate', () => {
    const autonumberSource = vi.fn(() => 7);
    const isTaken = vi.fn((code: string) => code === 'US_007_123456');
    const generate = compileUniquePattern(pattern('_', segments, true));
    expect(generate(input(autonumberSource), isTaken)).toEqual({
      ok: true,
      code: 'US_007_789ABC',
      attempts: 2,
    });
    expect(isTaken.mock.calls).toEqual([['US_007_123456'], ['US_007_789ABC']]);
    expect(autonumberSource).toHaveBeenCalledTimes(1);
  });

  it('reports a conflict after maxAttempts candidates', () => {
    const isTaken = vi.fn(() => true);
    const generate = compileUniquePattern(pattern('_', segments, true), { maxAttempts: 3 });
    expect(
      generate(
        input(() => 1),
        isTaken,
      ),
    ).toEqual({
      ok: false,
      errors: [
        {
          segmentId: null,
          reason: 'not_unique',
          message: 'The code US_001_123456 is already taken: no free code was found in 3 attempts',
        },
      ],
    });
    expect(isTaken).toHaveBeenCalledTimes(3);
  });

  it('reports a conflict at once when nothing can vary', () => {
    const isTaken = vi.fn(() => true);
    const generate = compileUniquePattern(
      pattern('_', [constant(1, 'US'), random(2, { frequency: 'session' })], true),
    );
    const result = generate(
      { randomInt: scripted([1, 2, 3, 4, 5, 6]), session: createSessionCache() },
      isTaken,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          segmentId: null,
          reason: 'not_unique',
          message: 'The code US_123456 is already taken: the pattern has no random-per-row segment to vary',
        },
      ],
    });
    expect(isTaken).toHaveBeenCalledTimes(1);
  });

  it('answers input errors before asking isTaken, and refuses maxAttempts below 1', () => {
    const isTaken = vi.fn(() => false);
    const generate = compileUniquePattern(pattern('_', [variable(1)], true));
    expect(generate({}, isTaken)).toEqual({
      ok: false,
      errors: [{ segmentId: 1, reason: 'missing_value', message: 'Enter a value for Campaign' }],
    });
    expect(isTaken).not.toHaveBeenCalled();
    expect(() => compileUniquePattern(pattern('_', []), { maxAttempts: 0 })).toThrow(RangeError);
  });
});

describe('describeSegment', () => {
  it('labels each kind shortly', () => {
    expect(describeSegment(constant(1, 'US'))).toBe('Constant "US"');
    expect(describeSegment(variable(1))).toBe('Variable Campaign');
    expect(describeSegment(variable(1, ''))).toBe('Variable VAR');
    expect(describeSegment(autonumber(1, 4))).toBe('Autonumber from 1, 4 digits');
    expect(describeSegment(autonumber(1, 1, 100))).toBe('Autonumber from 100, 1 digit');
    expect(describeSegment(date(1))).toBe('Date DD-MM-YYYY');
    expect(
      describeSegment(
        date(1, { order: 'M|D|Y', months: 'Jan-Dec', days: '1-31', years: '00-99', delimiter: '|' }),
      ),
    ).toBe('Date MMM|D|YY');
    expect(describeSegment(date(1, { months: 'January-December', years: 'None', delimiter: 'none' }))).toBe(
      'Date DDMMMM',
    );
    expect(describeSegment(random(1))).toBe('Random 6 of 0-9 A-Z, per row');
    expect(
      describeSegment(random(1, { max_length: 12, include_lowercase: true, frequency: 'session' })),
    ).toBe('Random 12 of 0-9 A-Z a-z, per session');
  });
});

describe('exampleCode (spec 02 §2 live preview)', () => {
  it('shows sample values', () => {
    const p = pattern('_', [
      constant(1, 'US'),
      variable(2),
      autonumber(3, 4),
      date(4, { order: 'Y|M|D' }),
      random(5),
    ]);
    expect(exampleCode(p, NOV_21)).toBe('US_CAMPAIGN_0001_2026-11-21_X7K2Q9');
  });

  it('shows VAR for an unnamed variable and previews drafts out of range', () => {
    const p = pattern('-', [
      variable(1, ' '),
      { ...autonumber(2, 3, 42) },
      random(3, { max_length: 3 }),
      date(4, { months: 'None', days: 'None', years: 'None' }),
    ]);
    expect(exampleCode(p, NOV_21)).toBe('VAR-042-X7K-');
  });

  it('samples random values that honour the classes', () => {
    const sample = (settings: Partial<RandomSegment>) => sampleRandomValue(random(1, settings));
    expect(sample({ max_length: 10, include_uppercase: false })).toBe('7295318406');
    expect(sample({ include_numeric: false })).toBe('XKQPMR');
    expect(sample({ include_lowercase: true })).toBe('X7kK2q');
    expect(sample({ include_numeric: false, include_uppercase: false, include_lowercase: true })).toBe(
      'kqpmrz',
    );
    expect(sample({ include_numeric: false, include_uppercase: false })).toBe('');
  });

  it('gives each preview row of a per-row random its own sample, and per-session randoms one (issue 8 item 22)', () => {
    const p = pattern('_', [autonumber(1, 2), random(2), random(3, { frequency: 'session', max_length: 6 })]);
    expect(exampleCode(p, NOV_21, 0)).toBe('01_X7K2Q9_X7K2Q9');
    expect(exampleCode(p, NOV_21, 1)).toBe('01_P5M3R1_X7K2Q9');
    expect(sampleRandomValue(random(1, { max_length: 10, include_uppercase: false }), 1)).not.toBe(
      sampleRandomValue(random(1, { max_length: 10, include_uppercase: false }), 0),
    );
  });
});

describe('splitCode', () => {
  it('reads a code back into its segment values', () => {
    const p = pattern('_', [
      constant(1, 'US'),
      variable(2),
      autonumber(3, 4),
      date(4, { order: 'Y|M|D' }),
      random(5),
    ]);
    expect(splitCode(p, 'US_SUMMER_0001_2026-11-21_X7K2QP')).toEqual({
      ok: true,
      parts: [
        { segmentId: 1, segmentType: 'constant', value: 'US' },
        { segmentId: 2, segmentType: 'variable', value: 'SUMMER' },
        { segmentId: 3, segmentType: 'autonumber', value: '0001' },
        { segmentId: 4, segmentType: 'date', value: '2026-11-21' },
        { segmentId: 5, segmentType: 'random', value: 'X7K2QP' },
      ],
    });
  });

  it('reads a date and a constant that contain the delimiter', () => {
    const p = pattern('-', [constant(1, 'US-EAST'), variable(2), date(3)]);
    const result = splitCode(p, 'US-EAST-SPRING-07-03-2026');
    expect(result.ok && result.parts.map((part) => part.value)).toEqual(['US-EAST', 'SPRING', '07-03-2026']);
  });

  it('reads a pattern without delimiter when at most one segment varies in width', () => {
    const p = pattern('none', [constant(1, 'US'), autonumber(2, 4), random(3)]);
    const values = (code: string) => {
      const result = splitCode(p, code);
      return result.ok ? result.parts.map((part) => part.value) : result.errors;
    };
    expect(values('US0042X7K2QP')).toEqual(['US', '0042', 'X7K2QP']);
    expect(values('US12345X7K2QP')).toEqual(['US', '12345', 'X7K2QP']);
    const twoVarying = pattern('none', [variable(1), autonumber(2, 4)]);
    expect(splitCode(twoVarying, 'A0001')).toEqual({
      ok: false,
      errors: [
        {
          segmentId: null,
          reason: 'ambiguous',
          message:
            'A pattern without a delimiter can be read back only when at most one segment varies in width',
        },
      ],
    });
  });

  it('answers no_match for a code that does not fit', () => {
    const p = pattern('_', [variable(1), autonumber(2, 2), random(3)]);
    const noMatch = {
      ok: false,
      errors: [{ segmentId: null, reason: 'no_match', message: 'The code does not fit the pattern' }],
    };
    expect(splitCode(p, 'A_B_01_X7K2QP')).toEqual(noMatch);
    expect(splitCode(p, 'A_007_X7K2QP')).toEqual(noMatch);
    expect(splitCode(p, 'A_01_x7k2qp')).toEqual(noMatch);
    expect(splitCode(p, 'A_01_X7K2Q')).toEqual(noMatch);
    expect(splitCode(p, 'A_01_X7K2QP').ok).toBe(true);
  });
});

describe('random sources', () => {
  it('seededRandomInt repeats for a seed and stays in range', () => {
    const a = seededRandomInt(42);
    const b = seededRandomInt(42);
    const first = Array.from({ length: 50 }, () => a(36));
    expect(Array.from({ length: 50 }, () => b(36))).toEqual(first);
    expect(first.every((n) => Number.isInteger(n) && n >= 0 && n < 36)).toBe(true);
    expect(() => a(0)).toThrow(RangeError);
    expect(() => a(2.5)).toThrow(RangeError);
  });

  it('bufferedRandomInt reads words in batches and rejects the biased top range', () => {
    const words = [4294967295, 5, 40, 4294967290, 7];
    let fills = 0;
    const source = bufferedRandomInt((buffer) => {
      fills += 1;
      buffer.set(words.slice(0, buffer.length));
    }, 5);
    // 2^32 mod 10 = 6, so words from 4294967290 up are rejected for a bound of 10.
    expect([source(10), source(10), source(10)]).toEqual([5, 0, 7]);
    expect(fills).toBe(1);
    expect(() => bufferedRandomInt(() => undefined, 0)).toThrow(RangeError);
  });
});
