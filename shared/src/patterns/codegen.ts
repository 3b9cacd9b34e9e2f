/**
 * The code-generation engine for naming patterns (spec 02 §2, §3, §9): a pattern's segments, the
 * values chosen for its variables, a date, an autonumber source and a random source in; a coded
 * value such as `US_SUMMER_0001_2026-11-21_X7K2QP` out. Pure: no I/O, no clock, no Math.random;
 * everything that varies comes in as an argument.
 *
 * Decisions where spec 02 is silent or ambiguous:
 * - Dates are plain calendar dates `{year, month (1-12), day (1-31)}`; the engine knows no time
 *   zones. The caller decides which day "today" is (`utcCalendarDate` reads a Date in UTC). Years
 *   outside 0..9999 and impossible days (Feb 30) are invalid.
 * - Segments are joined in ascending `segment_precedence`; equal precedences keep array order.
 * - The delimiter `'none'` joins with `''`. A date segment's own delimiter comes from the same set
 *   (none - _ : |); the spec names only its default '-'.
 * - Year format 00-99 is the year modulo 100, zero-padded ("2026" → "26", "2005" → "05");
 *   0000-9999 is the year zero-padded to 4. Month names are English ("Nov", "November").
 * - Variable values are trimmed; an absent, empty or blank value is an error naming the segment.
 *   A value may contain the delimiter (then `splitCode` cannot recover it). `data_type` is not
 *   interpreted.
 * - A date segment with auto_populate on prints `today` unless the caller passes a date for it in
 *   `dates`; with auto_populate off it needs a date in `dates`, else an error names the segment.
 * - Autonumber: the source gives the number to print (the server owns the counters and start
 *   values). It is zero-padded to min_width and never truncated (12345 at width 3 is "12345").
 *   A missing, negative or non-integer number is a programming error and throws RangeError.
 * - Random: one alphabet of the enabled classes in the order digits, A-Z, a-z; each character is
 *   drawn uniformly from the whole alphabet, so a code need not contain every enabled class. The
 *   random source returns uniform integers in [0, bound). Session values live in a cache the
 *   caller passes, keyed by segment id: one cache per session of one pattern.
 * - Configuration problems (a random segment without a character class, a date showing no part,
 *   an empty constant, an unknown segment kind or delimiter, widths out of range) are reported as
 *   `invalid_segment` / `invalid_pattern` errors on every call rather than thrown, because an
 *   admin caused them. Missing sources (no autonumber source for an autonumber segment, no
 *   session cache for a per-session segment, no `today` for an auto-populated date) and sources
 *   answering out of range throw TypeError / RangeError: those are programming errors.
 * - User-caused errors are found before any source is consumed, so a refused code burns no
 *   autonumber and draws no random value.
 * - Uniqueness (`compileUniquePattern`): only when the pattern's must_be_unique is true. A taken
 *   candidate is retried by redrawing its random-per-row segments only; variables, dates,
 *   autonumbers and per-session randoms are kept (no counter is burned). Without a random-per-row
 *   segment, or after `maxAttempts` candidates (default 10), the answer is a `not_unique` error.
 * - `exampleCode` (the builder's live preview) never fails: variables show their name upper-cased
 *   (or VAR), autonumbers their start_value padded, dates the given day, randoms a fixed sample
 *   that honours the length and classes; settings out of range are clamped.
 * - `splitCode` matches the whole code against the pattern: constants literally, autonumbers as
 *   digits of at least min_width (no superfluous leading zero), dates by their formats, randoms by
 *   length and classes, variables as one or more characters other than the delimiter. With the
 *   delimiter 'none' it needs at most one segment of varying width, else it answers `ambiguous`.
 */
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
  type AutonumberSegment,
  type DateSegment,
  type PatternSegment,
  RANDOM_MAX_LENGTH_LIMIT,
  type RandomSegment,
  type SegmentId,
  VARIABLE_DEFAULT_NAME,
  type VariableSegment,
} from './patterns.contract';

/** A calendar date without time or zone: `month` 1-12, `day` 1-31, `year` 0-9999. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/**
 * A source of uniform random integers: called with `bound` (an integer 1..2^32), it returns an
 * integer in [0, bound). `seededRandomInt` and `bufferedRandomInt` make one; Node's
 * `crypto.randomInt` fits too.
 */
export type RandomIntSource = (bound: number) => number;

/**
 * Where autonumbers come from: a function giving the number for an autonumber segment id (called
 * once per code and segment), or a record of numbers by segment id. Numbers are non-negative
 * safe integers; the server owns the counters.
 */
export type AutonumberSource = ((segmentId: SegmentId) => number) | Readonly<Record<string, number>>;

/** The per-session values of random segments, by segment id (`String(id)`). One per session. */
export type RandomSessionCache = Map<string, string>;

/** What a pattern needs to generate one code. Keys of the records are segment ids. */
export interface CodeInput {
  /** The value chosen for each variable segment. */
  readonly values?: Readonly<Record<string, string | null | undefined>>;
  /** The day auto-populated date segments print. Needed when the pattern has one. */
  readonly today?: CalendarDate;
  /** A chosen date per date segment; overrides `today`, required when auto_populate is off. */
  readonly dates?: Readonly<Record<string, CalendarDate | null | undefined>>;
  /** The autonumber of each autonumber segment. Needed when the pattern has one. */
  readonly autonumber?: AutonumberSource;
  /** Uniform integers for random segments. Needed when the pattern has one. */
  readonly randomInt?: RandomIntSource;
  /** The session's random values. Needed when the pattern has a per-session random segment. */
  readonly session?: RandomSessionCache;
}

/**
 * Why a code could not be made or read: `missing_value` (a variable has no value),
 * `missing_date` / `invalid_date` (a date segment's chosen date), `invalid_segment` /
 * `invalid_pattern` (configuration), `not_unique` (uniqueness retries exhausted), `no_match` and
 * `ambiguous` (`splitCode`).
 */
export type CodeErrorReason =
  | 'missing_value'
  | 'missing_date'
  | 'invalid_date'
  | 'invalid_segment'
  | 'invalid_pattern'
  | 'not_unique'
  | 'no_match'
  | 'ambiguous';

/** One problem, naming the segment it belongs to (`null` for the pattern or code as a whole). */
export interface CodeError {
  readonly segmentId: SegmentId | null;
  readonly reason: CodeErrorReason;
  readonly message: string;
}

/** The answer of a generation: the code, or every problem found. */
export type CodeResult =
  | { readonly ok: true; readonly code: string }
  | { readonly ok: false; readonly errors: readonly CodeError[] };

/** The answer of a unique generation: the code and how many candidates were tried, or the problems. */
export type UniqueCodeResult =
  | { readonly ok: true; readonly code: string; readonly attempts: number }
  | { readonly ok: false; readonly errors: readonly CodeError[] };

/** One segment's value read back from a code by `splitCode`. */
export interface SplitPart {
  readonly segmentId: SegmentId;
  readonly segmentType: PatternSegment['segment_type'];
  readonly value: string;
}

/** The answer of `splitCode`: the values in segment order, or why the code cannot be read. */
export type SplitResult =
  | { readonly ok: true; readonly parts: readonly SplitPart[] }
  | { readonly ok: false; readonly errors: readonly CodeError[] };

/**
 * What the engine reads of a pattern (spec 02 §3): a `Pattern` or a builder draft fits.
 * `must_be_unique` is read by `compileUniquePattern` only.
 */
export interface CodePattern {
  readonly delimiter: SegmentDelimiter;
  readonly must_be_unique?: boolean;
  readonly segments: readonly PatternSegment[];
}

/** A compiled pattern: generates one code per call (spec 02 §9). */
export type CodeGenerator = (input: CodeInput) => CodeResult;

/**
 * A compiled pattern that honours must_be_unique: generates a code and asks `isTaken` about each
 * candidate (see `compileUniquePattern`).
 */
export type UniqueCodeGenerator = (input: CodeInput, isTaken: (code: string) => boolean) => UniqueCodeResult;

/** Options of `compileUniquePattern`. */
export interface UniqueCodeOptions {
  /** Most candidates to try, at least 1; default `DEFAULT_UNIQUE_ATTEMPTS`. */
  readonly maxAttempts?: number;
}

/** How many candidates a unique generation tries before it reports a conflict. */
export const DEFAULT_UNIQUE_ATTEMPTS = 10;

/** English month abbreviations for the Jan-Dec format, January first. */
export const MONTH_SHORT_NAMES = [
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
] as const;

/** English month names for the January-December format, January first. */
export const MONTH_LONG_NAMES = [
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
] as const;

const DIGITS = '0123456789';
const UPPERCASE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';
const TWO_POW_32 = 4294967296;

/** Whether `date` is a real day of the Gregorian calendar with a year in 0..9999. */
export function isValidCalendarDate(date: CalendarDate): boolean {
  const { year, month, day } = date;
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 0 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The calendar date of `date` in UTC, e.g. 2026-11-21T23:30:00Z → {year: 2026, month: 11, day: 21}. */
export function utcCalendarDate(date: Date): CalendarDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** A new, empty cache of per-session random values. */
export function createSessionCache(): RandomSessionCache {
  return new Map();
}

/**
 * `n` in decimal, zero-padded on the left to `minWidth` digits and never truncated
 * (spec 02 §9): (7, 4) → "0007", (12345, 3) → "12345". Throws RangeError unless `n` is a
 * non-negative safe integer.
 */
export function padAutonumber(n: number, minWidth: number): string {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`An autonumber must be a non-negative safe integer, got ${n}`);
  }
  return String(n).padStart(minWidth, '0');
}

/** One part a date segment shows: D, M or Y and its format, e.g. `{letter: 'M', format: 'Jan-Dec'}`. */
export type DatePartFormat = { readonly letter: 'D' | 'M' | 'Y'; readonly format: string };

/** The parts a date format shows, in its order, 'None' parts left out (spec 02 §9). */
export function dateParts(
  segment: Pick<DateSegment, 'order' | 'months' | 'days' | 'years'>,
): DatePartFormat[] {
  const formats = { D: segment.days, M: segment.months, Y: segment.years } as const;
  const parts: DatePartFormat[] = [];
  for (const letter of segment.order.split('|') as ('D' | 'M' | 'Y')[]) {
    const format = formats[letter];
    if (format !== 'None') parts.push({ letter, format });
  }
  return parts;
}

function formatDatePart(part: DatePartFormat, date: CalendarDate): string {
  switch (part.format) {
    case '1-12':
      return String(date.month);
    case '01-12':
      return String(date.month).padStart(2, '0');
    case 'Jan-Dec':
      return MONTH_SHORT_NAMES[date.month - 1] ?? '';
    case 'January-December':
      return MONTH_LONG_NAMES[date.month - 1] ?? '';
    case '1-31':
      return String(date.day);
    case '01-31':
      return String(date.day).padStart(2, '0');
    case '00-99':
      return String(date.year % 100).padStart(2, '0');
    case '0000-9999':
      return String(date.year).padStart(4, '0');
    default:
      return '';
  }
}

/**
 * A date as a date segment writes it (spec 02 §9): the parts in the segment's order, each in its
 * format, 'None' parts left out, joined by the segment's delimiter. For 2026-11-21 with order
 * Y|M|D, formats 0000-9999, Jan-Dec, 01-31 and delimiter '-': "2026-Nov-21". Does not check the
 * date (see `isValidCalendarDate`).
 */
export function formatDateSegment(
  segment: Pick<DateSegment, 'order' | 'months' | 'days' | 'years' | 'delimiter'>,
  date: CalendarDate,
): string {
  return compileDateFormat(segment)(date);
}

/**
 * `formatDateSegment` compiled once for a format (its parts read once), for printing many dates
 * in the same format; same answers.
 */
export function compileDateFormat(
  segment: Pick<DateSegment, 'order' | 'months' | 'days' | 'years' | 'delimiter'>,
): (date: CalendarDate) => string {
  const separator = DELIMITER_TEXT[segment.delimiter] ?? '';
  const parts = dateParts(segment);
  return (date) => {
    let text = '';
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) text += separator;
      text += formatDatePart(parts[i]!, date);
    }
    return text;
  };
}

/**
 * The alphabet of a random segment: digits, then A-Z, then a-z, each when enabled (spec 02 §9).
 * Empty when no class is enabled.
 */
export function randomAlphabet(
  segment: Pick<RandomSegment, 'include_numeric' | 'include_uppercase' | 'include_lowercase'>,
): string {
  return (
    (segment.include_numeric ? DIGITS : '') +
    (segment.include_uppercase ? UPPERCASE : '') +
    (segment.include_lowercase ? LOWERCASE : '')
  );
}

/**
 * Uniform integers from a stream of uniform 32-bit words, by rejection: a word at or above the
 * largest multiple of `bound` is discarded, so every result in [0, bound) is equally likely.
 */
function uniformFromWords(nextWord: () => number): RandomIntSource {
  // Segments ask for the same bound over and over: check it and derive its limit once.
  let lastBound = 0;
  let limit = 0;
  return (bound) => {
    if (bound !== lastBound) {
      if (!(Number.isInteger(bound) && bound >= 1 && bound <= TWO_POW_32)) {
        throw new RangeError(`A random bound must be an integer from 1 to 2^32, got ${bound}`);
      }
      limit = TWO_POW_32 - (TWO_POW_32 % bound);
      lastBound = bound;
    }
    let word = nextWord();
    while (word >= limit) word = nextWord();
    return word % bound;
  };
}

/**
 * A deterministic random source for tests, previews and benchmarks (mulberry32 over a 32-bit
 * `seed`, exact uniformity by rejection). Not for codes that must be unguessable: use
 * `bufferedRandomInt(crypto.getRandomValues)` for those.
 */
export function seededRandomInt(seed: number): RandomIntSource {
  let state = seed >>> 0;
  return uniformFromWords(() => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  });
}

/**
 * A random source over a filler of 32-bit words, e.g. `(b) => crypto.getRandomValues(b)` (Web
 * Crypto, in browsers and Node): words are fetched `bufferSize` at a time (1..16384, default
 * 1024) so a cryptographic source stays fast; exact uniformity by rejection.
 */
export function bufferedRandomInt(
  fill: (buffer: Uint32Array) => unknown,
  bufferSize = 1024,
): RandomIntSource {
  if (!(Number.isInteger(bufferSize) && bufferSize >= 1 && bufferSize <= 16384)) {
    throw new RangeError(`bufferSize must be an integer from 1 to 16384, got ${bufferSize}`);
  }
  const buffer = new Uint32Array(bufferSize);
  let next = bufferSize;
  return uniformFromWords(() => {
    if (next === bufferSize) {
      fill(buffer);
      next = 0;
    }
    return buffer[next++]!;
  });
}

function drawRandom(alphabet: string, length: number, randomInt: RandomIntSource): string {
  const size = alphabet.length;
  let text = '';
  for (let i = 0; i < length; i++) {
    const index = randomInt(size);
    const char = alphabet[index];
    if (char === undefined) {
      throw new RangeError(`The random source answered ${index} for a bound of ${size}`);
    }
    text += char;
  }
  return text;
}

/** Segments in code order: ascending segment_precedence, ties in array order (spec 02 §3). */
export function segmentsInCodeOrder(segments: readonly PatternSegment[]): PatternSegment[] {
  return [...segments].sort((a, b) => a.segment_precedence - b.segment_precedence);
}

/** A segment's name for messages: its trimmed name, or `segment N` (1-based code position) without one. */
export function segmentLabel(segment: PatternSegment, position: number): string {
  const name = typeof segment.name === 'string' ? segment.name.trim() : '';
  return name === '' ? `segment ${position + 1}` : name;
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Configuration problems of one segment that stop it from printing anything sensible. */
function segmentProblem(segment: PatternSegment, position: number): CodeError | null {
  const fail = (message: string): CodeError => ({
    segmentId: segment.id,
    reason: 'invalid_segment',
    message,
  });
  const name = segmentLabel(segment, position);
  switch (segment.segment_type) {
    case 'constant':
      return typeof segment.constant_value === 'string' && segment.constant_value !== ''
        ? null
        : fail(`Constant ${name} has no value`);
    case 'variable':
      return null;
    case 'autonumber':
      return isIntegerIn(segment.min_width, 1, AUTONUMBER_MAX_WIDTH)
        ? null
        : fail(`Autonumber ${name} needs a minimum width from 1 to ${AUTONUMBER_MAX_WIDTH}`);
    case 'date':
      if (
        !DATE_ORDERS.includes(segment.order) ||
        !MONTH_FORMATS.includes(segment.months) ||
        !DAY_FORMATS.includes(segment.days) ||
        !YEAR_FORMATS.includes(segment.years) ||
        !SEGMENT_DELIMITERS.includes(segment.delimiter)
      ) {
        return fail(`Date ${name} has an unknown order, format or delimiter`);
      }
      return dateParts(segment).length > 0 ? null : fail(`Date ${name} shows no day, month or year`);
    case 'random':
      if (!isIntegerIn(segment.max_length, 1, RANDOM_MAX_LENGTH_LIMIT)) {
        return fail(`Random ${name} needs a length from 1 to ${RANDOM_MAX_LENGTH_LIMIT}`);
      }
      return randomAlphabet(segment) === '' ? fail(`Random ${name} has no character class`) : null;
    default: {
      const unknown = segment as { id: SegmentId; segment_type?: unknown };
      return {
        segmentId: unknown.id,
        reason: 'invalid_segment',
        message: `Segment ${position + 1} has an unknown type ${String(unknown.segment_type)}`,
      };
    }
  }
}

/**
 * Configuration problems of the pattern as a whole and of each segment (`segments` in code
 * order), as `invalid_pattern` / `invalid_segment` errors; empty when the pattern can make codes.
 */
export function patternProblems(pattern: CodePattern, segments: readonly PatternSegment[]): CodeError[] {
  const problems: CodeError[] = [];
  if (!SEGMENT_DELIMITERS.includes(pattern.delimiter)) {
    problems.push({
      segmentId: null,
      reason: 'invalid_pattern',
      message: `Unknown delimiter ${String(pattern.delimiter)}`,
    });
  }
  segments.forEach((segment, position) => {
    const problem = segmentProblem(segment, position);
    if (problem) problems.push(problem);
  });
  return problems;
}

/** A check of the caller's input for one segment, run before anything is drawn. */
type Check = (input: CodeInput) => CodeError | null;
/** Prints one segment for one code. */
type Render = (input: CodeInput) => string;

type Refusal = { readonly ok: false; readonly errors: readonly CodeError[] };

interface Compiled {
  readonly problems: Refusal | null;
  readonly checks: readonly Check[];
  readonly renders: readonly Render[];
  readonly separator: string;
  /** Positions (in code order) of random-per-row segments. */
  readonly rowRandom: readonly number[];
}

function missing(what: string): never {
  throw new TypeError(`The pattern has ${what}, but the input does not provide it`);
}

function compileVariable(segment: VariableSegment, position: number): [Check, Render] {
  const key = String(segment.id);
  const error: CodeError = Object.freeze({
    segmentId: segment.id,
    reason: 'missing_value',
    message: `Enter a value for ${segmentLabel(segment, position)}`,
  });
  return [
    (input) => {
      const value = input.values?.[key];
      return typeof value === 'string' && value.trim() !== '' ? null : error;
    },
    (input) => (input.values![key] as string).trim(),
  ];
}

function compileAutonumber(segment: AutonumberSegment): Render {
  const { id, min_width: minWidth } = segment;
  const key = String(id);
  return (input) => {
    const source = input.autonumber ?? missing('an autonumber segment');
    const n = typeof source === 'function' ? source(id) : source[key];
    if (n === undefined) throw new RangeError(`No autonumber was given for segment ${key}`);
    return padAutonumber(n, minWidth);
  };
}

function compileDate(segment: DateSegment, position: number): [Check, Render] {
  const key = String(segment.id);
  const autoPopulate = segment.auto_populate;
  const parts = dateParts(segment);
  const separator = DELIMITER_TEXT[segment.delimiter];
  // A pattern prints the same day for many codes in a row: keep the last one printed.
  let lastYear = Number.NaN;
  let lastMonth = Number.NaN;
  let lastDay = Number.NaN;
  let lastText = '';
  const render: Render = (input) => {
    const chosen = input.dates?.[key];
    const date = chosen ?? input.today ?? missing("an auto-populated date segment ('today')");
    if (date.year === lastYear && date.month === lastMonth && date.day === lastDay) return lastText;
    if (!chosen && !isValidCalendarDate(date)) {
      throw new RangeError(`'today' is not a valid date: ${JSON.stringify(date)}`);
    }
    let text = formatDatePart(parts[0]!, date);
    for (let i = 1; i < parts.length; i++) text += separator + formatDatePart(parts[i]!, date);
    lastYear = date.year;
    lastMonth = date.month;
    lastDay = date.day;
    lastText = text;
    return text;
  };
  const name = segmentLabel(segment, position);
  const missingDate: CodeError = Object.freeze({
    segmentId: segment.id,
    reason: 'missing_date',
    message: `Choose a date for ${name}`,
  });
  const invalidDate: CodeError = Object.freeze({
    segmentId: segment.id,
    reason: 'invalid_date',
    message: `The date for ${name} is not a valid date`,
  });
  const check: Check = (input) => {
    const chosen = input.dates?.[key];
    if (chosen == null) return autoPopulate ? null : missingDate;
    return isValidCalendarDate(chosen) ? null : invalidDate;
  };
  return [check, render];
}

function compileRandom(segment: RandomSegment): Render {
  const alphabet = randomAlphabet(segment);
  const length = segment.max_length;
  if (segment.frequency === 'session') {
    const key = String(segment.id);
    return (input) => {
      const cache = input.session ?? missing("a per-session random segment ('session')");
      let value = cache.get(key);
      if (value === undefined) {
        value = drawRandom(alphabet, length, input.randomInt ?? missing("a random segment ('randomInt')"));
        cache.set(key, value);
      }
      return value;
    };
  }
  return (input) =>
    drawRandom(alphabet, length, input.randomInt ?? missing("a random segment ('randomInt')"));
}

function compile(pattern: CodePattern): Compiled {
  const segments = segmentsInCodeOrder(pattern.segments);
  const separator = DELIMITER_TEXT[pattern.delimiter] ?? '';
  const problems = patternProblems(pattern, segments);
  if (problems.length > 0) {
    // Every call answers this same refusal, so nobody may change it.
    const refusal: Refusal = Object.freeze({
      ok: false,
      errors: Object.freeze(problems.map((problem) => Object.freeze(problem))),
    });
    return { problems: refusal, checks: [], renders: [], separator, rowRandom: [] };
  }
  const checks: Check[] = [];
  const renders: Render[] = [];
  const rowRandom: number[] = [];
  segments.forEach((segment, position) => {
    switch (segment.segment_type) {
      case 'constant': {
        const text = segment.constant_value;
        renders.push(() => text);
        break;
      }
      case 'variable': {
        const [check, render] = compileVariable(segment, position);
        checks.push(check);
        renders.push(render);
        break;
      }
      case 'autonumber':
        renders.push(compileAutonumber(segment));
        break;
      case 'date': {
        const [check, render] = compileDate(segment, position);
        checks.push(check);
        renders.push(render);
        break;
      }
      case 'random':
        if (segment.frequency !== 'session') rowRandom.push(position);
        renders.push(compileRandom(segment));
        break;
    }
  });
  return { problems: null, checks, renders, separator, rowRandom };
}

function runChecks(checks: readonly Check[], input: CodeInput): Refusal | null {
  let errors: CodeError[] | null = null;
  for (let i = 0; i < checks.length; i++) {
    const error = checks[i]!(input);
    if (error) {
      errors ??= [];
      errors.push(error);
    }
  }
  return errors ? { ok: false, errors } : null;
}

/**
 * Compiles a pattern (spec 02 §3, §9) into a generator: `compilePattern(p)(input)` gives one code.
 * Sort, validation and per-segment set-up happen once here; each call only checks the input,
 * draws and concatenates. Errors in the answer: `invalid_pattern` / `invalid_segment` for a bad
 * configuration, `missing_value` for a variable without a value, `missing_date` / `invalid_date`
 * for a date segment's chosen date; all are reported together and nothing is drawn then. Throws
 * TypeError when the input lacks a source the pattern needs and RangeError when a source answers
 * out of range (see the notes at the top of this file).
 */
export function compilePattern(pattern: CodePattern): CodeGenerator {
  return generatorOf(compile(pattern));
}

function generatorOf({ problems, checks, renders, separator }: Compiled): CodeGenerator {
  if (problems) return () => problems;
  const count = renders.length;
  if (count === 0) return () => ({ ok: true, code: '' });
  const first = renders[0]!;
  return (input) => {
    if (checks.length > 0) {
      const refused = runChecks(checks, input);
      if (refused) return refused;
    }
    let code = first(input);
    for (let i = 1; i < count; i++) code += separator + renders[i]!(input);
    return { ok: true, code };
  };
}

/** One code from a pattern: `compilePattern(pattern)(input)`. Compile once to make many codes. */
export function generateCode(pattern: CodePattern, input: CodeInput): CodeResult {
  return compilePattern(pattern)(input);
}

/**
 * Compiles a pattern into a generator that honours must_be_unique (spec 02 §2, §3; flag
 * require-uniqueness). When the pattern's `must_be_unique` is not true it is `compilePattern` and
 * never calls `isTaken`. Otherwise each call builds a candidate, asks `isTaken(candidate)`, and
 * while the candidate is taken redraws only the random-per-row segments and asks again, up to
 * `maxAttempts` candidates. It answers `not_unique` (segmentId null) when the last candidate is
 * taken or when the pattern has no random-per-row segment to vary. Autonumbers are drawn once
 * per call, so retries burn no counter. `isTaken` must also know codes made earlier in the same
 * batch. Throws RangeError for a `maxAttempts` below 1; other errors as `compilePattern`.
 */
export function compileUniquePattern(
  pattern: CodePattern,
  options: UniqueCodeOptions = {},
): UniqueCodeGenerator {
  const maxAttempts = options.maxAttempts ?? DEFAULT_UNIQUE_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be a positive integer, got ${maxAttempts}`);
  }
  const compiled = compile(pattern);
  const { problems, checks, renders, separator, rowRandom } = compiled;
  if (problems) return () => problems;
  if (pattern.must_be_unique !== true) {
    const plain = generatorOf(compiled);
    return (input) => {
      const result = plain(input);
      return result.ok ? { ok: true, code: result.code, attempts: 1 } : result;
    };
  }
  return (input, isTaken) => {
    const refused = runChecks(checks, input);
    if (refused) return refused;
    const parts = renders.map((render) => render(input));
    for (let attempt = 1; ; attempt++) {
      const code = parts.join(separator);
      if (!isTaken(code)) return { ok: true, code, attempts: attempt };
      if (rowRandom.length === 0 || attempt >= maxAttempts) {
        const why =
          rowRandom.length === 0
            ? 'the pattern has no random-per-row segment to vary'
            : `no free code was found in ${attempt} attempts`;
        return {
          ok: false,
          errors: [
            { segmentId: null, reason: 'not_unique', message: `The code ${code} is already taken: ${why}` },
          ],
        };
      }
      for (const position of rowRandom) parts[position] = renders[position]!(input);
    }
  };
}

/**
 * A short human label of a segment for the builder (spec 02 §2), e.g. `Constant "US"`,
 * `Variable Campaign`, `Autonumber from 1, 4 digits`, `Date DD-MM-YYYY` (D, DD, M, MM, MMM, MMMM,
 * YY, YYYY as the formats), `Random 10 of 0-9 A-Z, per row`.
 */
export function describeSegment(segment: PatternSegment): string {
  switch (segment.segment_type) {
    case 'constant':
      return `Constant "${segment.constant_value}"`;
    case 'variable':
      return `Variable ${segment.name.trim() || VARIABLE_DEFAULT_NAME}`;
    case 'autonumber':
      return `Autonumber from ${segment.start_value}, ${segment.min_width} ${segment.min_width === 1 ? 'digit' : 'digits'}`;
    case 'date': {
      const tokens: Record<string, string> = {
        '1-12': 'M',
        '01-12': 'MM',
        'Jan-Dec': 'MMM',
        'January-December': 'MMMM',
        '1-31': 'D',
        '01-31': 'DD',
        '00-99': 'YY',
        '0000-9999': 'YYYY',
      };
      const shape = dateParts(segment)
        .map((part) => tokens[part.format] ?? '?')
        .join(DELIMITER_TEXT[segment.delimiter] ?? '');
      return shape === '' ? 'Date (no part shown)' : `Date ${shape}`;
    }
    case 'random': {
      const classes = [
        segment.include_numeric ? '0-9' : '',
        segment.include_uppercase ? 'A-Z' : '',
        segment.include_lowercase ? 'a-z' : '',
      ].filter((c) => c !== '');
      const of = classes.length > 0 ? classes.join(' ') : 'no characters';
      return `Random ${segment.max_length} of ${of}, ${segment.frequency === 'session' ? 'per session' : 'per row'}`;
    }
    default:
      return 'Unknown segment';
  }
}

// Fixed sample characters for previews: cycled per class, classes taken in turn.
const SAMPLE_DIGITS = '7295318406';
const SAMPLE_UPPERCASE = 'XKQPMRZTWBNVHJ';
const SAMPLE_LOWERCASE = 'kqpmrztwbnvhjx';

/** How far each further preview row moves into the sample characters, so rows differ. */
const SAMPLE_ROW_SHIFT = 3;

/**
 * The builder's preview of a random segment: `length` fixed characters that honour the enabled
 * classes, the classes taking turns in the order A-Z, 0-9, a-z. Numbers and upper case, 6 →
 * "X7K2Q9". `row` (0, 1, …) is the preview row: each further row starts three characters further
 * into every class, so two example rows show different samples (row 1 → "P5M3R1"), as a per-row
 * random segment draws anew for every row (issue 8 item 22). Empty when no class is enabled.
 */
export function sampleRandomValue(
  segment: Pick<RandomSegment, 'max_length' | 'include_numeric' | 'include_uppercase' | 'include_lowercase'>,
  row = 0,
): string {
  const pools = [
    segment.include_uppercase ? SAMPLE_UPPERCASE : '',
    segment.include_numeric ? SAMPLE_DIGITS : '',
    segment.include_lowercase ? SAMPLE_LOWERCASE : '',
  ].filter((pool) => pool !== '');
  const length = Math.min(Math.max(Math.trunc(segment.max_length) || 0, 0), RANDOM_MAX_LENGTH_LIMIT);
  if (pools.length === 0) return '';
  let text = '';
  for (let i = 0; i < length; i++) {
    const pool = pools[i % pools.length]!;
    text += pool[(Math.floor(i / pools.length) + row * SAMPLE_ROW_SHIFT) % pool.length];
  }
  return text;
}

function exampleSegment(segment: PatternSegment, now: CalendarDate, row: number): string {
  switch (segment.segment_type) {
    case 'constant':
      return segment.constant_value ?? '';
    case 'variable':
      return segment.name.trim().toUpperCase() || VARIABLE_DEFAULT_NAME;
    case 'autonumber': {
      const start =
        Number.isSafeInteger(segment.start_value) && segment.start_value >= 0 ? segment.start_value : 1;
      const width = isIntegerIn(segment.min_width, 1, AUTONUMBER_MAX_WIDTH) ? segment.min_width : 1;
      return padAutonumber(start, width);
    }
    case 'date':
      return formatDateSegment(segment, now);
    case 'random':
      // A per-session random keeps one value for every row; a per-row random varies by row.
      return sampleRandomValue(segment, segment.frequency === 'session' ? 0 : row);
    default:
      return '';
  }
}

/**
 * The builder's live preview of a pattern (spec 02 §2): every segment with a sample value, in
 * code order, joined by the delimiter. Variables show their name upper-cased (or VAR),
 * autonumbers their start_value padded to min_width, dates `now` in their formats, randoms
 * `sampleRandomValue` for preview row `row` (0 for the first; per-row randoms differ by row,
 * per-session ones do not). Never fails: a draft with settings out of range still previews.
 * E.g. US + Campaign + autonumber(1, 4) + date Y|M|D + random 6 with '_' on 2026-11-21:
 * "US_CAMPAIGN_0001_2026-11-21_X7K2Q9".
 */
export function exampleCode(pattern: CodePattern, now: CalendarDate, row = 0): string {
  const separator = DELIMITER_TEXT[pattern.delimiter] ?? '';
  return segmentsInCodeOrder(pattern.segments)
    .map((segment) => exampleSegment(segment, now, row))
    .join(separator);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

const DATE_PART_SOURCES: Readonly<Record<string, string>> = {
  '1-12': '(?:1[0-2]|[1-9])',
  '01-12': '(?:0[1-9]|1[0-2])',
  'Jan-Dec': `(?:${MONTH_SHORT_NAMES.join('|')})`,
  'January-December': `(?:${MONTH_LONG_NAMES.join('|')})`,
  '1-31': '(?:3[01]|[12][0-9]|[1-9])',
  '01-31': '(?:0[1-9]|[12][0-9]|3[01])',
  '00-99': '[0-9]{2}',
  '0000-9999': '[0-9]{4}',
};

const FIXED_WIDTH_FORMATS = new Set(['01-12', 'Jan-Dec', '01-31', '00-99', '0000-9999']);

/** Whether a segment's printed width can vary between codes. */
function hasVaryingWidth(segment: PatternSegment): boolean {
  switch (segment.segment_type) {
    case 'constant':
    case 'random':
      return false;
    case 'date':
      return dateParts(segment).some((part) => !FIXED_WIDTH_FORMATS.has(part.format));
    default:
      return true;
  }
}

function segmentSource(segment: PatternSegment, separator: string): string {
  switch (segment.segment_type) {
    case 'constant':
      return escapeRegExp(segment.constant_value);
    case 'variable':
      return separator === '' ? '[\\s\\S]+' : `[^${escapeRegExp(separator)}]+`;
    case 'autonumber': {
      const width = segment.min_width;
      return `(?:[0-9]{${width}}|[1-9][0-9]{${width},})`;
    }
    case 'date':
      return dateParts(segment)
        .map((part) => DATE_PART_SOURCES[part.format])
        .join(escapeRegExp(DELIMITER_TEXT[segment.delimiter]));
    case 'random': {
      const classes =
        (segment.include_numeric ? '0-9' : '') +
        (segment.include_uppercase ? 'A-Z' : '') +
        (segment.include_lowercase ? 'a-z' : '');
      return `[${classes}]{${segment.max_length}}`;
    }
    default:
      return '(?!)';
  }
}

/**
 * Reads a code back into its segments' values, in code order (spec 02 §3). Works when no segment
 * can contain the pattern's delimiter where it is not a literal: constants are matched literally
 * (they may contain it), variables as one or more characters other than the delimiter, and
 * autonumbers, dates and randoms by their shapes (see the notes at the top of this file). With the
 * delimiter 'none' at most one segment may vary in width. Answers `no_match` when the code does
 * not fit the pattern, `ambiguous` when a 'none' pattern cannot be split, and the configuration
 * errors of `compilePattern`. Never throws.
 */
export function splitCode(pattern: CodePattern, code: string): SplitResult {
  return compileSplitCode(pattern)(code);
}

/**
 * `splitCode` compiled once for a pattern (its segments ordered, checked and turned into one
 * regular expression), for reading many codes of the same pattern; same answers as `splitCode`.
 */
export function compileSplitCode(pattern: CodePattern): (code: string) => SplitResult {
  const segments = segmentsInCodeOrder(pattern.segments);
  const problems = patternProblems(pattern, segments);
  if (problems.length > 0) return () => ({ ok: false, errors: problems });
  const separator = DELIMITER_TEXT[pattern.delimiter];
  if (separator === '' && segments.filter(hasVaryingWidth).length > 1) {
    return () => ({
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
  }
  const source = segments
    .map((segment) => `(${segmentSource(segment, separator)})`)
    .join(escapeRegExp(separator));
  const expression = new RegExp(`^${source}$`);
  return (code) => {
    const match = expression.exec(code);
    if (!match) {
      return {
        ok: false,
        errors: [{ segmentId: null, reason: 'no_match', message: 'The code does not fit the pattern' }],
      };
    }
    return {
      ok: true,
      parts: segments.map((segment, index) => ({
        segmentId: segment.id,
        segmentType: segment.segment_type,
        value: match[index + 1] ?? '',
      })),
    };
  };
}
