import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_ORDERS,
  DAY_FORMATS,
  DELIMITER_TEXT,
  MONTH_FORMATS,
  SEGMENT_DELIMITERS,
  type SegmentDelimiter,
  YEAR_FORMATS,
} from '../governance/formats';
import { AUTONUMBER_MAX_WIDTH } from '../governance/governance.contract';
import {
  type CalendarDate,
  compilePattern,
  createSessionCache,
  formatDateSegment,
  seededRandomInt,
  utcCalendarDate,
} from './codegen';
import {
  compileFullNameParser,
  compileNameParser,
  type NameParse,
  type NameParserOptions,
  suggestName,
} from './parse';
import type { DateSegment, PatternSegment } from './patterns.contract';

const DELIMITED = SEGMENT_DELIMITERS.filter((d) => d !== 'none');

/**
 * Markers keep the generated names readable one way only: every word of listed variable i starts
 * with LIST_MARKERS[i] (letters no English month name starts with), constants start with K and
 * free values with F, and no other segment prints those capitals at the start of a piece.
 */
const LIST_MARKERS = 'BCEGHI';

const calendarDate: fc.Arbitrary<CalendarDate> = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map(utcCalendarDate);

/** A segment without id, precedence and name: what kind it is and its settings. */
type Shape =
  | { readonly kind: 'constant'; readonly text: string }
  | { readonly kind: 'listed' }
  | { readonly kind: 'free' }
  | { readonly kind: 'autonumber'; readonly width: number }
  | {
      readonly kind: 'date';
      readonly format: Omit<DateSegment, 'id' | 'name' | 'segment_precedence' | 'segment_type'>;
    }
  | {
      readonly kind: 'random';
      readonly length: number;
      readonly numeric: boolean;
      readonly upper: boolean;
      readonly lower: boolean;
      readonly session: boolean;
    };

const constantTail = fc.stringMatching(/^[a-z0-9 ]{0,6}$/);
const constantShape = (delimiter: string) =>
  fc
    .tuple(constantTail, fc.boolean())
    .map(([tail, split]) => ({ kind: 'constant' as const, text: `K${split ? delimiter : ''}${tail}` }));
const autonumberShape = fc
  .integer({ min: 1, max: AUTONUMBER_MAX_WIDTH })
  .map((width) => ({ kind: 'autonumber' as const, width }));
const dateFormat = fc
  .record({
    order: fc.constantFrom(...DATE_ORDERS),
    months: fc.constantFrom(...MONTH_FORMATS),
    days: fc.constantFrom(...DAY_FORMATS),
    years: fc.constantFrom(...YEAR_FORMATS),
    delimiter: fc.constantFrom(...SEGMENT_DELIMITERS),
    auto_populate: fc.boolean(),
  })
  .filter((d) => d.months !== 'None' || d.days !== 'None' || d.years !== 'None')
  // Without a delimiter, 1-12 beside 1-31 prints the same text for two days (Jan 11 and Nov 1 as
  // M|D "111"): no reader can tell them apart, so those formats are left out.
  .filter((d) => d.delimiter !== 'none' || d.months !== '1-12' || d.days !== '1-31');
const dateShape = dateFormat.map((format) => ({ kind: 'date' as const, format }));
const randomShape = (lower: boolean) =>
  fc
    .record({
      length: fc.integer({ min: 6, max: 12 }),
      numeric: fc.boolean(),
      upper: fc.boolean(),
      lower: lower ? fc.boolean() : fc.constant(false),
      session: fc.boolean(),
    })
    .filter((r) => r.numeric || r.upper || r.lower)
    .map((r) => ({ kind: 'random' as const, ...r }));

function segmentOf(shape: Shape, index: number): PatternSegment {
  const base = { id: index + 1, segment_precedence: index, name: `${shape.kind} ${index + 1}` };
  switch (shape.kind) {
    case 'constant':
      return { ...base, segment_type: 'constant', constant_value: shape.text };
    case 'listed':
    case 'free':
      return { ...base, segment_type: 'variable', data_type: null };
    case 'autonumber':
      return { ...base, segment_type: 'autonumber', start_value: 1, min_width: shape.width };
    case 'date':
      return { ...base, segment_type: 'date', ...shape.format };
    case 'random':
      return {
        ...base,
        segment_type: 'random',
        max_length: shape.length,
        include_numeric: shape.numeric,
        include_uppercase: shape.upper,
        include_lowercase: shape.lower,
        frequency: shape.session ? 'session' : 'row',
      };
  }
}

/** A list value: one to three words of its marker, joined by spaces or the delimiter. */
const word = fc.stringMatching(/^[a-z]{1,5}$/);
const freeValue = fc.stringMatching(/^F[a-z0-9 .]{0,10}[a-z0-9.]$/);
const listValue = (marker: string, joints: readonly string[]) =>
  fc
    .array(word, { minLength: 1, maxLength: 3 })
    .chain((words) =>
      fc
        .array(fc.constantFrom(...joints), { minLength: words.length, maxLength: words.length })
        .map((glue) => words.map((word, i) => (i === 0 ? '' : glue[i]!) + marker + word).join('')),
    );

/** Everything a generation needs besides the pattern: lists and values, numbers, dates, a seed. */
const inputs = (joints: readonly string[]) =>
  fc.record({
    lists: fc.tuple(
      ...[...LIST_MARKERS].map((marker) =>
        fc.uniqueArray(listValue(marker, joints), { minLength: 1, maxLength: 12 }),
      ),
    ),
    picks: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
    free: fc.array(freeValue, { minLength: 12, maxLength: 12 }),
    numbers: fc.array(fc.maxSafeNat(), { minLength: 12, maxLength: 12 }),
    today: calendarDate,
    chosen: calendarDate,
    seed: fc.integer(),
  });
type Inputs = typeof inputs extends (joints: readonly string[]) => fc.Arbitrary<infer T> ? T : never;

interface Case {
  readonly segments: PatternSegment[];
  readonly delimiter: SegmentDelimiter;
  readonly options: NameParserOptions;
  readonly values: Record<string, string>;
  readonly dates: Record<string, CalendarDate>;
  readonly numbers: Record<string, number>;
  readonly code: string;
}

function generate(shapes: readonly Shape[], delimiter: SegmentDelimiter, data: Inputs): Case {
  const segments = shapes.map(segmentOf);
  const allowed: Record<string, string[]> = {};
  const values: Record<string, string> = {};
  const dates: Record<string, CalendarDate> = {};
  const numbers: Record<string, number> = {};
  let lists = 0;
  shapes.forEach((shape, i) => {
    const key = String(i + 1);
    if (shape.kind === 'listed') {
      const list = data.lists[lists++ % LIST_MARKERS.length]!;
      allowed[key] = list;
      values[key] = list[data.picks[i]! % list.length]!;
    } else if (shape.kind === 'free') values[key] = data.free[i]!;
    else if (shape.kind === 'autonumber') numbers[key] = data.numbers[i]!;
    else if (shape.kind === 'date' && !shape.format.auto_populate) dates[key] = data.chosen;
  });
  const result = compilePattern({ delimiter, segments })({
    values,
    dates,
    today: data.today,
    autonumber: numbers,
    randomInt: seededRandomInt(data.seed),
    session: createSessionCache(),
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return { segments, delimiter, options: { allowed }, values, dates, numbers, code: result.code };
}

/** The parse gave back every input: values, dates (the parts shown), numbers and the code itself. */
function expectRoundTrip(c: Case, parse: NameParse, today: CalendarDate) {
  expect(parse.ok, JSON.stringify(parse)).toBe(true);
  expect(parse.parts.map((p) => p.value).join(DELIMITER_TEXT[c.delimiter])).toBe(c.code);
  parse.parts.forEach((part, i) => {
    const segment = c.segments[i]!;
    const key = String(segment.id);
    expect(part.segmentId).toBe(segment.id);
    if (segment.segment_type === 'variable') expect(part.value).toBe(c.values[key]);
    if (segment.segment_type === 'autonumber') expect(part.number).toBe(c.numbers[key]);
    if (segment.segment_type === 'date') {
      const expected = c.dates[key] ?? today;
      expect(formatDateSegment(segment, part.date!)).toBe(part.value);
      expect(formatDateSegment(segment, expected)).toBe(part.value);
      if (segment.days !== 'None') expect(part.date!.day).toBe(expected.day);
      if (segment.months !== 'None') expect(part.date!.month).toBe(expected.month);
      if (segment.years === '0000-9999') expect(part.date!.year).toBe(expected.year);
      if (segment.years === '00-99') expect(part.date!.year % 100).toBe(expected.year % 100);
    }
  });
  // And the engine makes the same name again from what was read.
  expect(suggestName({ delimiter: c.delimiter, segments: c.segments }, parse.parts)).toEqual({
    ok: true,
    code: c.code,
  });
}

describe('names read back into their segments (property: parse(generate(x)) = x)', () => {
  it('with a delimiter: every kind, list values with spaces and the delimiter, free values', () => {
    const shapes = (delimiter: string) =>
      fc.array(
        fc.oneof(
          constantShape(delimiter),
          fc.constant({ kind: 'listed' as const }),
          fc.constant({ kind: 'free' as const }),
          autonumberShape,
          dateShape,
          randomShape(true),
        ),
        { minLength: 1, maxLength: LIST_MARKERS.length },
      );
    const delimited = fc
      .constantFrom(...DELIMITED)
      .chain((delimiter) =>
        fc.tuple(fc.constant(delimiter), shapes(delimiter), inputs([' ', DELIMITER_TEXT[delimiter]])),
      );
    fc.assert(
      fc.property(delimited, ([delimiter, shapeList, data]) => {
        const c = generate(shapeList, delimiter, data);
        const parse = compileNameParser({ delimiter, segments: c.segments }, c.options)(c.code);
        expectRoundTrip(c, parse, data.today);
      }),
      { numRuns: 300 },
    );
  });

  it("with the delimiter 'none': listed values anywhere, at most one other segment of varying width", () => {
    const fixedDate = dateFormat
      .filter((d) => d.months !== '1-12' && d.months !== 'January-December' && d.days !== '1-31')
      .map((format) => ({ kind: 'date' as const, format }));
    const fixed = fc.array(
      fc.oneof(constantShape(''), fc.constant({ kind: 'listed' as const }), fixedDate, randomShape(false)),
      { maxLength: 6 },
    );
    const varying = fc.option(fc.oneof(fc.constant({ kind: 'free' as const }), autonumberShape, dateShape), {
      nil: undefined,
    });
    fc.assert(
      fc.property(fixed, varying, fc.nat(), inputs([' ']), (fixedShapes, varyingShape, at, data) => {
        const shapeList: Shape[] = [...fixedShapes];
        if (varyingShape) shapeList.splice(at % (shapeList.length + 1), 0, varyingShape);
        fc.pre(shapeList.length > 0);
        // A free value beside a list value of several words could end with its first words: the
        // reader takes the longest free value, so that mix is left out.
        fc.pre(varyingShape?.kind !== 'free' || !fixedShapes.some((shape) => shape.kind === 'listed'));
        const c = generate(shapeList, 'none', data);
        const parse = compileNameParser({ delimiter: 'none', segments: c.segments }, c.options)(c.code);
        expectRoundTrip(c, parse, data.today);
      }),
      { numRuns: 300 },
    );
  });
});

describe('broken names (property)', () => {
  const withListed = (delimiter: string) =>
    fc
      .array(
        fc.oneof(
          constantShape(delimiter),
          fc.constant({ kind: 'listed' as const }),
          autonumberShape,
          dateShape,
        ),
        { minLength: 0, maxLength: 5 },
      )
      .chain((shapes) =>
        fc.nat(shapes.length).map((at) => {
          const list = [...shapes];
          list.splice(at, 0, { kind: 'listed' as const });
          return list;
        }),
      );

  it('a listed value with a stray space or another case is not in the list, with the value meant', () => {
    const cases = fc
      .constantFrom(...DELIMITED)
      .chain((delimiter) =>
        fc.tuple(
          fc.constant(delimiter),
          withListed(delimiter),
          inputs([' ', DELIMITER_TEXT[delimiter]]),
          fc.constantFrom('space', 'case'),
        ),
      );
    fc.assert(
      fc.property(cases, ([delimiter, shapes, data, damage]) => {
        const c = generate(shapes, delimiter, data);
        const parser = compileNameParser({ delimiter, segments: c.segments }, c.options);
        const read = parser(c.code);
        expect(read.ok).toBe(true);
        const index = shapes.findIndex((shape) => shape.kind === 'listed');
        const part = read.parts[index]!;
        const broken = damage === 'space' ? `${part.value} ` : part.value.toLowerCase();
        const name = c.code.slice(0, part.at) + broken + c.code.slice(part.at + part.value.length);
        const parse = parser(name);
        expect(parse.ok).toBe(false);
        if (parse.ok) return;
        expect(parse.failure).toMatchObject({
          segmentId: index + 1,
          at: part.at,
          reason: 'not_in_list',
          found: broken,
          suggestion: part.value,
        });
        expect(suggestName({ delimiter, segments: c.segments }, parse.parts)).toEqual({
          ok: true,
          code: c.code,
        });
      }),
      { numRuns: 200 },
    );
  });

  it('a name cut short or run on never reads as whole, and the failure lies inside the name', () => {
    const cases = fc.constantFrom(...SEGMENT_DELIMITERS).chain((delimiter) =>
      fc.tuple(
        fc.constant(delimiter),
        fc.array(fc.oneof(constantShape(DELIMITER_TEXT[delimiter]), randomShape(true), autonumberShape), {
          minLength: 1,
          maxLength: 5,
        }),
        inputs([' ']),
        fc.nat(),
      ),
    );
    fc.assert(
      fc.property(cases, ([delimiter, shapes, data, cut]) => {
        const c = generate(shapes, delimiter, data);
        const parser = compileNameParser({ delimiter, segments: c.segments }, c.options);
        const short = c.code.slice(0, cut % c.code.length);
        for (const name of [short, `${c.code}${DELIMITER_TEXT[delimiter]}x`]) {
          const parse = parser(name);
          if (parse.ok) {
            // Only possible where the pattern itself varies in width (an autonumber's digits).
            expect(shapes.some((shape) => shape.kind === 'autonumber')).toBe(true);
            continue;
          }
          expect(parse.failure.at).toBeGreaterThanOrEqual(0);
          expect(parse.failure.at).toBeLessThanOrEqual(name.length);
          expect(['too_short', 'no_match', 'trailing_text']).toContain(parse.failure.reason);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('any string (fuzz)', () => {
  it('never throws; a name read whole joins back to itself, a failure points inside it', () => {
    const shapes = fc.array(
      fc.oneof(
        constantShape('_'),
        fc.constant({ kind: 'listed' as const }),
        fc.constant({ kind: 'free' as const }),
        autonumberShape,
        dateShape,
        randomShape(true),
      ),
      { minLength: 0, maxLength: 6 },
    );
    const names = fc.oneof(
      fc.string({ maxLength: 80, unit: 'grapheme' }),
      fc.stringMatching(/^[0-9A-Za-z _:|-]{0,60}$/),
      fc.string({ maxLength: 3000, unit: fc.constantFrom('_', '-', 'a', '1', 'B', ' ') }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...SEGMENT_DELIMITERS),
        shapes,
        inputs(['_', ' ']),
        names,
        (d, s, data, name) => {
          const segments = s.map(segmentOf);
          const listed = s.flatMap((shape, i) => (shape.kind === 'listed' ? [String(i + 1)] : []));
          const allowed = Object.fromEntries(
            listed.map((key, i) => [key, data.lists[i % LIST_MARKERS.length]!]),
          );
          const parse = compileNameParser({ delimiter: d, segments }, { allowed })(name);
          if (parse.ok) {
            expect(parse.parts.map((p) => p.value).join(DELIMITER_TEXT[d])).toBe(name);
          } else {
            expect(parse.failure.at).toBeGreaterThanOrEqual(0);
            expect(parse.failure.at).toBeLessThanOrEqual(name.length);
            expect(parse.failure.message).not.toBe('');
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('the fast path (property)', () => {
  it('answers exactly what the full search answers, ambiguous splits included', () => {
    let reads = 0;
    // Few letters, list values that start one another ("a", "a_b", "a b_a"), free values,
    // autonumbers and dates of varying width: names that many splits could read. Each segment's
    // text is mostly what it would print, sometimes another list's value or a stray token.
    const piece = fc.stringMatching(/^[ab]{1,2}$/);
    const list = (joint: string) =>
      fc.uniqueArray(
        fc
          .array(piece, { minLength: 1, maxLength: 3 })
          .chain((words) =>
            fc
              .array(fc.constantFrom(' ', joint), { minLength: words.length, maxLength: words.length })
              .map((glue) => words.map((w, i) => (i === 0 ? '' : glue[i]!) + w).join('')),
          ),
        { minLength: 0, maxLength: 8 },
      );
    const shapes = (delimiter: string) =>
      fc.array(
        fc.oneof(
          fc.constant({ kind: 'listed' as const }),
          fc.constant({ kind: 'listed' as const }),
          fc.constant({ kind: 'free' as const }),
          fc.constantFrom('a', `a${delimiter}b`).map((text) => ({ kind: 'constant' as const, text })),
          fc.integer({ min: 1, max: 3 }).map((width) => ({ kind: 'autonumber' as const, width })),
          dateShape,
        ),
        { minLength: 1, maxLength: 4 },
      );
    const cases = fc.constantFrom(...SEGMENT_DELIMITERS).chain((delimiter) => {
      const joint = DELIMITER_TEXT[delimiter];
      return fc.tuple(
        fc.constant(delimiter),
        shapes(joint),
        fc.array(list(joint), { minLength: 4, maxLength: 4 }),
        fc.array(fc.oneof(piece, fc.stringMatching(/^[ab0-9 ]{0,3}$/), fc.constantFrom('0', '12')), {
          minLength: 6,
          maxLength: 6,
        }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        calendarDate,
      );
    });
    fc.assert(
      fc.property(cases, ([delimiter, shapeList, lists, tokens, picks, date]) => {
        const segments = shapeList.map(segmentOf);
        const allowed: Record<string, string[]> = {};
        shapeList.forEach((shape, i) => {
          if (shape.kind === 'listed') allowed[String(i + 1)] = lists[i % lists.length]!;
        });
        const everyValue = lists.flat();
        const text = (shape: Shape, i: number): string => {
          const pick = picks[i]!;
          if (pick % 5 === 0) return tokens[i]!;
          if (pick % 5 === 1 && everyValue.length > 0) return everyValue[pick % everyValue.length]!;
          const segment = segments[i]!;
          if (shape.kind === 'listed') {
            const values = allowed[String(i + 1)]!;
            return values.length > 0 ? values[pick % values.length]! : tokens[i]!;
          }
          if (shape.kind === 'constant') return shape.text;
          if (shape.kind === 'autonumber') return String(pick % 2000).padStart(shape.width, '0');
          if (segment.segment_type === 'date') return formatDateSegment(segment, date);
          return tokens[i]!;
        };
        const name = shapeList.map(text).join(DELIMITER_TEXT[delimiter]);
        const pattern = { delimiter, segments };
        const full = compileFullNameParser(pattern, { allowed })(name);
        expect(compileNameParser(pattern, { allowed })(name)).toStrictEqual(full);
        if (full.ok) reads++;
      }),
      { numRuns: 500 },
    );
    // Enough names read whole for the fast path to have answered many of them.
    expect(reads).toBeGreaterThan(100);
  }, 60_000);
});
