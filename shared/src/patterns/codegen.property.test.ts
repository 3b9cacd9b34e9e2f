import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_ORDERS,
  DAY_FORMATS,
  MONTH_FORMATS,
  SEGMENT_DELIMITERS,
  YEAR_FORMATS,
} from '../governance/formats';
import { AUTONUMBER_MAX_WIDTH } from '../governance/governance.contract';
import {
  bufferedRandomInt,
  type CalendarDate,
  compilePattern,
  createSessionCache,
  formatDateSegment,
  seededRandomInt,
  splitCode,
  utcCalendarDate,
} from './codegen';
import { type PatternSegment, RANDOM_MAX_LENGTH_LIMIT, RANDOM_MIN_LENGTH } from './patterns.contract';

const DELIMITED = SEGMENT_DELIMITERS.filter((d) => d !== 'none');

const calendarDate: fc.Arbitrary<CalendarDate> = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map(utcCalendarDate);

const classes = fc
  .record({ include_numeric: fc.boolean(), include_uppercase: fc.boolean(), include_lowercase: fc.boolean() })
  .filter((c) => c.include_numeric || c.include_uppercase || c.include_lowercase);

/** Segment settings without id and precedence, one arbitrary per kind. */
const constantSettings = fc.record({
  segment_type: fc.constant('constant' as const),
  name: fc.constant('Constant'),
  constant_value: fc.stringMatching(/^[A-Za-z0-9 \-_:|]{1,12}$/),
});
const variableSettings = fc.record({
  segment_type: fc.constant('variable' as const),
  name: fc.constant('Variable'),
});
const autonumberSettings = fc.record({
  segment_type: fc.constant('autonumber' as const),
  name: fc.constant('Number'),
  start_value: fc.constant(1),
  min_width: fc.integer({ min: 1, max: AUTONUMBER_MAX_WIDTH }),
});
const dateSettings = fc
  .record({
    segment_type: fc.constant('date' as const),
    name: fc.constant('Date'),
    order: fc.constantFrom(...DATE_ORDERS),
    months: fc.constantFrom(...MONTH_FORMATS),
    days: fc.constantFrom(...DAY_FORMATS),
    years: fc.constantFrom(...YEAR_FORMATS),
    delimiter: fc.constantFrom(...SEGMENT_DELIMITERS),
    auto_populate: fc.boolean(),
  })
  .filter((d) => d.months !== 'None' || d.days !== 'None' || d.years !== 'None');
const randomSettings = fc
  .record({
    segment_type: fc.constant('random' as const),
    name: fc.constant(''),
    max_length: fc.integer({ min: RANDOM_MIN_LENGTH, max: RANDOM_MAX_LENGTH_LIMIT }),
    frequency: fc.constantFrom('row' as const, 'session' as const),
  })
  .chain((r) => classes.map((c) => ({ ...r, ...c })));

/** A segment without id and precedence, kind by kind. */
type Settings = PatternSegment extends infer S
  ? S extends PatternSegment
    ? Omit<S, 'id' | 'segment_precedence'>
    : never
  : never;
const withIds = (settings: readonly Settings[]): PatternSegment[] =>
  settings.map((s, index) => ({ ...s, id: index + 1, segment_precedence: index }) as PatternSegment);

/** Everything a generation needs, for any pattern: values, dates, numbers and a seed. */
const inputs = fc.record({
  values: fc.array(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .]{0,15}$/), { minLength: 8, maxLength: 8 }),
  numbers: fc.array(fc.maxSafeNat(), { minLength: 8, maxLength: 8 }),
  today: calendarDate,
  chosen: calendarDate,
  seed: fc.integer(),
});

type Inputs = typeof inputs extends fc.Arbitrary<infer T> ? T : never;

function generate(segments: PatternSegment[], delimiter: (typeof SEGMENT_DELIMITERS)[number], data: Inputs) {
  const values: Record<string, string> = {};
  const dates: Record<string, CalendarDate> = {};
  const numbers: Record<string, number> = {};
  for (const segment of segments) {
    const i = Number(segment.id) - 1;
    values[segment.id] = data.values[i]!;
    numbers[segment.id] = data.numbers[i]!;
    if (segment.segment_type === 'date' && !segment.auto_populate) dates[segment.id] = data.chosen;
  }
  const session = createSessionCache();
  const result = compilePattern({ delimiter, segments })({
    values,
    dates,
    today: data.today,
    autonumber: numbers,
    randomInt: seededRandomInt(data.seed),
    session,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return { code: result.code, values, dates, numbers, session };
}

function expectedPart(segment: PatternSegment, context: ReturnType<typeof generate>, today: CalendarDate) {
  const key = String(segment.id);
  switch (segment.segment_type) {
    case 'constant':
      return segment.constant_value;
    case 'variable':
      return context.values[key]!.trim();
    case 'autonumber':
      return String(context.numbers[key]).padStart(segment.min_width, '0');
    case 'date':
      return formatDateSegment(segment, context.dates[key] ?? today);
    case 'random':
      return segment.frequency === 'session' ? context.session.get(key) : undefined;
  }
}

function charsetOf(segment: {
  include_numeric: boolean;
  include_uppercase: boolean;
  include_lowercase: boolean;
}) {
  const source =
    (segment.include_numeric ? '0-9' : '') +
    (segment.include_uppercase ? 'A-Z' : '') +
    (segment.include_lowercase ? 'a-z' : '');
  return new RegExp(`^[${source}]*$`);
}

describe('codes split back into their segments (property)', () => {
  it('by the delimiter, when no segment can contain it', () => {
    const segments = fc.array(
      fc.oneof(constantSettings, variableSettings, autonumberSettings, dateSettings, randomSettings),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(segments, fc.constantFrom(...DELIMITED), inputs, (settings, delimiter, data) => {
        const pattern = withIds(settings);
        const context = generate(pattern, delimiter, data);
        const split = splitCode({ delimiter, segments: pattern }, context.code);
        expect(split.ok).toBe(true);
        if (!split.ok) return;
        expect(split.parts.map((p) => p.value).join(delimiter)).toBe(context.code);
        split.parts.forEach((part, index) => {
          const segment = pattern[index]!;
          expect(part.segmentId).toBe(segment.id);
          const expected = expectedPart(segment, context, data.today);
          if (expected !== undefined) expect(part.value).toBe(expected);
          if (segment.segment_type === 'random') {
            expect(part.value).toHaveLength(segment.max_length);
            expect(part.value).toMatch(charsetOf(segment));
          }
        });
      }),
    );
  });

  it('by widths, without a delimiter, when at most one segment varies in width', () => {
    const fixedDate = dateSettings.map((d) => ({
      ...d,
      months: d.months === '1-12' || d.months === 'January-December' ? ('01-12' as const) : d.months,
      days: d.days === '1-31' ? ('01-31' as const) : d.days,
    }));
    const fixed = fc.array(fc.oneof(constantSettings, randomSettings, fixedDate), { maxLength: 5 });
    const varying = fc.option(fc.oneof(variableSettings, autonumberSettings, dateSettings), {
      nil: undefined,
    });
    fc.assert(
      fc.property(fixed, varying, fc.nat(), inputs, (fixedSettings, varyingSettings, at, data) => {
        const settings: Settings[] = [...fixedSettings];
        if (varyingSettings) settings.splice(at % (settings.length + 1), 0, varyingSettings);
        fc.pre(settings.length > 0);
        const pattern = withIds(settings);
        const context = generate(pattern, 'none', data);
        const split = splitCode({ delimiter: 'none', segments: pattern }, context.code);
        expect(split.ok).toBe(true);
        if (!split.ok) return;
        expect(split.parts.map((p) => p.value).join('')).toBe(context.code);
        split.parts.forEach((part, index) => {
          const expected = expectedPart(pattern[index]!, context, data.today);
          if (expected !== undefined) expect(part.value).toBe(expected);
        });
      }),
    );
  });
});

describe('random segments (property)', () => {
  it('print exactly max_length characters of the enabled classes', () => {
    fc.assert(
      fc.property(randomSettings, fc.integer(), (settings, seed) => {
        const segment = { ...settings, id: 1, segment_precedence: 0 } as PatternSegment;
        const result = compilePattern({ delimiter: '_', segments: [segment] })({
          randomInt: seededRandomInt(seed),
          session: createSessionCache(),
        });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.code).toHaveLength(settings.max_length);
        expect(result.code).toMatch(charsetOf(settings));
      }),
    );
  });

  it('use only indexes the random source may answer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), fc.integer(), (bound, seed) => {
        const n = seededRandomInt(seed)(bound);
        expect(Number.isInteger(n) && n >= 0 && n < bound).toBe(true);
        const words = bufferedRandomInt((buffer) => {
          const next = seededRandomInt(seed);
          for (let i = 0; i < buffer.length; i++) buffer[i] = next(2 ** 32);
        }, 16)(bound);
        expect(Number.isInteger(words) && words >= 0 && words < bound).toBe(true);
      }),
    );
  });
});

describe('autonumber segments (property)', () => {
  it('are max(min_width, digits) long, digits only, and read back as the number', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 1, max: AUTONUMBER_MAX_WIDTH }), (n, width) => {
        const segment: PatternSegment = {
          id: 1,
          name: 'Number',
          segment_precedence: 0,
          segment_type: 'autonumber',
          start_value: 1,
          min_width: width,
        };
        const result = compilePattern({ delimiter: '_', segments: [segment] })({ autonumber: () => n });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.code).toHaveLength(Math.max(width, String(n).length));
        expect(result.code).toMatch(/^[0-9]+$/);
        expect(Number(result.code)).toBe(n);
      }),
    );
  });
});
