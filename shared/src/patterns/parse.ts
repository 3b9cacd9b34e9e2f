/**
 * Reading a live name back into its segments: the inverse of the code engine (codegen.ts) for one
 * pattern (spec 02 §3, §9). Ad platforms hold names made by hand, by older templates or by Nomen;
 * an audit reads each of them against the pattern its template names objects with, and either
 * gets every segment's value or the first point where the name stops following the pattern.
 *
 * How a name is read (decisions where spec 02 is silent):
 * - Segments in code order, joined by the pattern's delimiter ('none' joins with nothing).
 *   Constants match literally (they may contain the delimiter); autonumbers as digits of at least
 *   min_width with no superfluous leading zero; dates in the segment's own format (every order,
 *   1-12 / 01-12 / Jan-Dec / January-December months, 1-31 / 01-31 days, 2- and 4-digit years,
 *   the segment's own delimiter), English month names in the engine's case; randoms as exactly
 *   max_length characters of the enabled classes.
 * - A variable with a list of allowed values (`options.allowed`) reads one of its values (trimmed
 *   as the engine prints them), which may contain spaces or the delimiter ("North America",
 *   "EMEA_North"). When several splits are possible the reader backtracks over the candidate
 *   positions and keeps a split in which every listed variable's value is in its list, trying
 *   longer list values first.
 * - A variable without a list reads one or more characters up to the next delimiter. It may
 *   contain the delimiter only when no split is possible otherwise (the split with the fewest
 *   such values is kept). With the delimiter 'none' it reads as much as the rest of the pattern
 *   allows, longest first; beside a list value of several words it may then take the first words
 *   ("F0" + "Ba Ba" reads as "F0Ba " + "Ba" when "Ba" is in the list too).
 * - When no split keeps every listed value in its list and the name stops matching where a
 *   listed value should stand (or after a listed value that starts a longer one, "EMEA" of
 *   "EMEA_North"), the name is read again letting listed variables take values outside their
 *   lists, tried after their list values. Such a value may hold the delimiter as often as the
 *   list's values do ("display_programmatic" for "Display_Programmatic"). The split kept has the
 *   fewest values outside their lists (one that no allowed value is close to counting twice), then
 *   the fewest values holding the delimiter beyond that. The answer is `not_in_list` for the first
 *   variable (in code order) whose value is not allowed, with every segment's value and, where one
 *   is close, the allowed value meant (`suggestValue`).
 * - Otherwise the answer names the first point where the name stops matching with every listed
 *   value in its list: of all the ways tried, the one that reads furthest into the name while
 *   using the fewest variable values that contain the delimiter. Reasons: `no_match` (a
 *   segment's text has the wrong shape or, for a listed variable, is no value of the list),
 *   `invalid_date` (a date's shape matches but the day does not exist, e.g. 2026-02-30 or month
 *   13), `too_short` (the name ends before the last segment), `trailing_text` (text after the last
 *   segment), `too_long` (longer than NAME_PARSE_MAX_LENGTH, not read), `invalid_pattern` (the
 *   pattern cannot make codes at all).
 * - Dates come back as a CalendarDate that prints as the text read: parts the segment does not
 *   show are filled with year 2000, month 1 and day 1, and a 2-digit year yy is read as 20yy. A
 *   day that exists in some year (Feb 29) is accepted when the year is not shown. A date format
 *   without a delimiter that shows both 1-12 months and 1-31 days prints some texts for two days
 *   (Jan 11 and Nov 1 are both "111" as M|D): the reader takes the longer first part.
 * - Autonumbers come back as the number (safe integers only).
 * - The reader never throws on any string; it reads up to NAME_PARSE_MAX_LENGTH characters.
 *   Compile once per pattern and list set (`compileNameParser`); the compiled reader is
 *   synchronous and not re-entrant (it reuses its buffers between names).
 * - Most live names follow their pattern: the reader first tries one regular expression that
 *   takes the same readings in the same order as the search below (without values outside their
 *   lists or values holding the delimiter where there is no list) and answers its match when the
 *   dates and numbers in it hold; every other name goes through the search (`fastReaderOf`,
 *   parse-fast-path.ts).
 */
import { DELIMITER_TEXT } from '../governance/formats';
import { type AllowedList, closest, indexHolds, prepareList } from './allowed-list';
import {
  type CalendarDate,
  type CodeError,
  type CodePattern,
  type CodeResult,
  compilePattern,
  createSessionCache,
  dateParts,
  describeSegment,
  MONTH_LONG_NAMES,
  MONTH_SHORT_NAMES,
  patternProblems,
  randomAlphabet,
  segmentLabel,
  segmentsInCodeOrder,
} from './codegen';
import { dateOf, decodeDate } from './parse-dates';
import { fastReaderOf } from './parse-fast-path';
import type {
  AutonumberSegment,
  DateSegment,
  PatternSegment,
  RandomSegment,
  SegmentId,
  SegmentType,
} from './patterns.contract';

export { suggestValue } from './allowed-list';

/** Longest name the reader reads; a longer one answers `too_long`. Ad platforms allow far less. */
export const NAME_PARSE_MAX_LENGTH = 2048;

/** Options of `compileNameParser` and `parseName`. Keys are segment ids (`String(id)`). */
export interface NameParserOptions {
  /** Allowed values per variable segment id (the list behind the template's field for it). */
  readonly allowed?: Readonly<Record<string, readonly string[]>>;
  /** A display name per variable segment id for messages, e.g. the list's name ("Countries"). */
  readonly listNames?: Readonly<Record<string, string>>;
}

/** Why a name does not follow its pattern (see the notes at the top of this file). */
export type NameParseReason =
  | 'no_match'
  | 'not_in_list'
  | 'invalid_date'
  | 'too_short'
  | 'trailing_text'
  | 'too_long'
  | 'invalid_pattern';

/** One segment's value read from a name. */
export interface ParsedPart {
  readonly segmentId: SegmentId;
  readonly segmentType: SegmentType;
  /** The segment's text as it stands in the name. */
  readonly value: string;
  /** Where the text starts in the name (0-based UTF-16 offset). */
  readonly at: number;
  /** Date segments: the date read (parts not shown filled, see the notes at the top of this file). */
  readonly date?: CalendarDate;
  /** Autonumber segments: the number read. */
  readonly number?: number;
  /** Variables with a list: whether the value is one of the allowed values. */
  readonly inList?: boolean;
  /** Variables whose value is not allowed: the allowed value probably meant, when one is close. */
  readonly suggestion?: string;
}

/** The first point where a name stops following its pattern. */
export interface NameParseFailure {
  /** The segment that does not match there; null for the pattern or the name as a whole. */
  readonly segmentId: SegmentId | null;
  /** 0-based offset in the name where the problem starts. */
  readonly at: number;
  readonly reason: NameParseReason;
  /** A sentence for people, e.g. "Segment Region: 'EMEA ' is not in Countries; did you mean 'EMEA'?". */
  readonly message: string;
  /** The text found there (up to the next delimiter, at most 60 characters). */
  readonly found: string;
  /** For `not_in_list`: the allowed value probably meant, when one is close. */
  readonly suggestion?: string;
}

/**
 * What a name reads as: every segment's value in code order, or the failure and the values read
 * before it (all of them for `not_in_list`).
 */
export type NameParse =
  | { readonly ok: true; readonly parts: readonly ParsedPart[] }
  | { readonly ok: false; readonly parts: readonly ParsedPart[]; readonly failure: NameParseFailure };

/** A compiled reader of names for one pattern. */
export type NameParser = (name: string) => NameParse;

const FOUND_MAX_LENGTH = 60;
/** A budget of values outside their lists that never runs out (a pattern has at most 50 segments). */
const MAX_BUDGET = 255;
/** Candidate flag: a variable's value without a list that contains the delimiter. */
const FALLBACK = 1;
/** Candidate flag: a listed variable's value that is not in its list (lenient pass only). */
const NOT_LISTED = 2;
/** Candidate flag: a value not in its list that no allowed value is close to (no suggestion). */
const FAR = 4;

/**
 * What a candidate costs the lenient passes' budget: nothing when listed, 1 for a value outside
 * its list that is close to an allowed value, 2 for one that is not (so "EMEA_Nrth" + "Display"
 * beats "EMEA" + "Nrth_Display").
 */
function costOf(flag: number): number {
  if ((flag & NOT_LISTED) === 0) return 0;
  return (flag & FAR) === 0 ? 1 : 2;
}

/**
 * The flags of a value outside `list`: NOT_LISTED, and FAR when the search weighs closeness and
 * no allowed value is close. Texts far shorter or longer (not counting spaces, which normalising
 * may drop) than every allowed value are far without a look at the values.
 */
function unlistedFlag(list: AllowedList, search: Search, pos: number, end: number): number {
  if (!search.weighFar) return NOT_LISTED;
  const { name } = search;
  if (end - pos < list.minLength - 2) return NOT_LISTED | FAR;
  let solid = 0;
  for (let i = pos; i < end; i++) if (name.charCodeAt(i) > 32) solid++;
  if (solid > list.maxLength + 2) return NOT_LISTED | FAR;
  return closest(name.slice(pos, end), list) === undefined ? NOT_LISTED | FAR : NOT_LISTED;
}

type FailureKind = Exclude<NameParseReason, 'not_in_list' | 'too_long' | 'invalid_pattern'>;
const KIND_RANK: Readonly<Record<FailureKind, number>> = {
  invalid_date: 3,
  no_match: 2,
  trailing_text: 1,
  too_short: 1,
};

/** The values read up to a level: per level its start, end, auxiliary number and flags. */
interface Path {
  readonly length: number;
  readonly starts: ArrayLike<number>;
  readonly ends: ArrayLike<number>;
  readonly aux: ArrayLike<number>;
  readonly flags: ArrayLike<number>;
}

/** A copy of the readings chosen (`snapshot`), its flags open to marking. */
interface SavedPath extends Path {
  readonly flags: number[];
}

/** The buffers `record` keeps the best failure's readings in. */
interface RecordedPath {
  length: number;
  readonly starts: number[];
  readonly ends: number[];
  readonly aux: number[];
  readonly flags: number[];
}

interface BestFailure {
  level: number;
  at: number;
  end: number;
  kind: FailureKind;
  fallbacks: number;
  path: Path;
}

/** The reader's state for one name; the candidate buffers live on, one per level. */
interface Search {
  name: string;
  length: number;
  lenient: boolean;
  /** Whether lenient candidates are weighed by closeness (FAR), which costs a look at the list. */
  weighFar: boolean;
  /** How many more listed values not in their lists the reading may take (lenient passes). */
  budget: number;
  /** Most values holding the delimiter the reading may take. */
  fallbackCap: number;
  fallbacks: number;
  /**
   * Dead ends by level and position (`level * (length + 1) + pos`), valid where `memoPass` is the
   * current `pass`: the fallbacks + 1 and the budget they were reached with. Reused between names.
   */
  pass: number;
  memoPass: Int32Array;
  memoFallbacks: Uint8Array;
  memoBudget: Uint8Array;
  /** Where the delimiters stand in the name, then its length; worked out once a name needs it. */
  readonly stops: number[];
  stopCount: number;
  readonly starts: number[];
  /** The reading chosen per level: its end, auxiliary number and flags. */
  readonly chosen: Path;
  readonly chosenEnds: number[];
  readonly chosenAux: number[];
  readonly chosenFlags: number[];
  readonly ends: number[][];
  readonly aux: number[][];
  readonly flags: number[][];
  best: BestFailure | null;
  /** Where `record` keeps the best failure of the pass (`best` points to it once there is one). */
  readonly bestSlot: BestFailure & { path: RecordedPath };
}

/** Writes a level's candidates (ends, aux, flags) into the search's buffers; answers how many. */
type Matcher = (search: Search, pos: number, level: number) => number;
/** Writes more candidates after the first `from`; answers how many there are in all. */
type Widener = (search: Search, pos: number, level: number, from: number) => number;

interface Level {
  readonly segment: PatternSegment;
  readonly label: string;
  /** What the segment expects, for messages: "'US'", "at least 4 digits", … */
  readonly expects: string;
  readonly match: Matcher;
  /** A listed variable's values outside its list, tried in lenient passes once its values fail. */
  readonly widen: Widener | null;
  readonly list: AllowedList | null;
}

/** Whether `text` stands in `name` at `pos`: `name.startsWith(text, pos)`, which V8 does not inline. */
function startsAt(name: string, pos: number, text: string): boolean {
  if (pos + text.length > name.length) return false;
  for (let i = 0; i < text.length; i++) if (name.charCodeAt(pos + i) !== text.charCodeAt(i)) return false;
  return true;
}

// Matchers: each writes the candidate ends of its segment at `pos` into the level's buffers.

function constantMatcher(text: string): Matcher {
  return (search, pos, level) => {
    if (!startsAt(search.name, pos, text)) return 0;
    search.ends[level]![0] = pos + text.length;
    search.flags[level]![0] = 0;
    return 1;
  };
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function autonumberMatcher(segment: AutonumberSegment): Matcher {
  const width = segment.min_width;
  return (search, pos, level) => {
    const { name, length } = search;
    let run = pos;
    while (run < length && isDigit(name.charCodeAt(run))) run++;
    if (run - pos < width) return 0;
    // Longer than min_width only without a leading zero, as the engine pads and never truncates.
    const longest = name.charCodeAt(pos) === 48 ? pos + width : run;
    const ends = search.ends[level]!;
    const aux = search.aux[level]!;
    const flags = search.flags[level]!;
    // Only safe integers are read: the number of the longest safe reading, then shorter ones.
    let n = 0;
    let end = pos;
    while (end < longest) {
      const next = n * 10 + (name.charCodeAt(end) - 48);
      if (next > Number.MAX_SAFE_INTEGER) break;
      n = next;
      end++;
    }
    let count = 0;
    for (; end >= pos + width; end--) {
      ends[count] = end;
      aux[count] = n;
      flags[count] = 0;
      count++;
      n = Math.floor(n / 10);
    }
    return count;
  };
}

function randomMatcher(segment: RandomSegment): Matcher {
  const allowed = new Uint8Array(128);
  for (const char of randomAlphabet(segment)) allowed[char.charCodeAt(0)] = 1;
  const size = segment.max_length;
  return (search, pos, level) => {
    const { name } = search;
    const end = pos + size;
    if (end > search.length) return 0;
    for (let i = pos; i < end; i++) {
      const code = name.charCodeAt(i);
      if (code >= 128 || allowed[code] === 0) return 0;
    }
    search.ends[level]![0] = end;
    search.flags[level]![0] = 0;
    return 1;
  };
}

/** Reads one date part at `pos`: writes up to two (length, value) readings, longest first. */
type PartReader = (name: string, pos: number, lengths: Int32Array, values: Int32Array) => number;

function fixedDigits(width: number): PartReader {
  return (name, pos, lengths, values) => {
    if (pos + width > name.length) return 0;
    let value = 0;
    for (let i = pos; i < pos + width; i++) {
      const code = name.charCodeAt(i);
      if (!isDigit(code)) return 0;
      value = value * 10 + (code - 48);
    }
    lengths[0] = width;
    values[0] = value;
    return 1;
  };
}

/** 1-12 and 1-31: one or two digits without a leading zero. */
const unpaddedDigits: PartReader = (name, pos, lengths, values) => {
  const first = name.charCodeAt(pos);
  if (!(first >= 49 && first <= 57)) return 0;
  let count = 0;
  const second = name.charCodeAt(pos + 1);
  if (isDigit(second)) {
    lengths[count] = 2;
    values[count++] = (first - 48) * 10 + second - 48;
  }
  lengths[count] = 1;
  values[count++] = first - 48;
  return count;
};

function monthNames(names: readonly string[]): PartReader {
  return (name, pos, lengths, values) => {
    for (let i = 0; i < names.length; i++) {
      if (startsAt(name, pos, names[i]!)) {
        lengths[0] = names[i]!.length;
        values[0] = i + 1;
        return 1;
      }
    }
    return 0;
  };
}

function partReader(format: string): PartReader {
  switch (format) {
    case '01-12':
    case '01-31':
    case '00-99':
      return fixedDigits(2);
    case '0000-9999':
      return fixedDigits(4);
    case 'Jan-Dec':
      return monthNames(MONTH_SHORT_NAMES);
    case 'January-December':
      return monthNames(MONTH_LONG_NAMES);
    default:
      return unpaddedDigits;
  }
}

function dateMatcher(segment: DateSegment, separator: string): Matcher {
  const parts = dateParts(segment);
  const readers = parts.map((part) => partReader(part.format));
  const joint = DELIMITER_TEXT[segment.delimiter] ?? '';
  const lengths = parts.map(() => new Int32Array(2));
  const readings = parts.map(() => new Int32Array(2));
  const chosen = new Int32Array(parts.length);
  const separatorCode = separator === '' ? -1 : separator.charCodeAt(0);
  let search: Search;
  let level = 0;
  let start = 0;
  let count = 0;
  const emit = (end: number) => {
    const aux = dateOf(parts, chosen);
    if (aux >= 0) {
      search.ends[level]![count] = end;
      search.aux[level]![count] = aux;
      search.flags[level]![count] = 0;
      count++;
    } else if (end === search.length || separatorCode < 0 || search.name.charCodeAt(end) === separatorCode) {
      record(search, level, start, end, 'invalid_date');
    }
  };
  const walk = (index: number, at: number): void => {
    const n = readers[index]!(search.name, at, lengths[index]!, readings[index]!);
    for (let k = 0; k < n; k++) {
      chosen[index] = readings[index]![k]!;
      const end = at + lengths[index]![k]!;
      if (index === parts.length - 1) emit(end);
      else if (startsAt(search.name, end, joint)) walk(index + 1, end + joint.length);
    }
  };
  // Parts of one reading each (all but 1-12 and 1-31) need no walk: read them in a row.
  const single = parts.every((part) => part.format !== '1-12' && part.format !== '1-31');
  return (current, pos, currentLevel) => {
    search = current;
    level = currentLevel;
    start = pos;
    count = 0;
    if (!single) {
      walk(0, pos);
      return count;
    }
    let at = pos;
    for (let index = 0; index < parts.length; index++) {
      if (index > 0) {
        if (!startsAt(current.name, at, joint)) return 0;
        at += joint.length;
      }
      if (readers[index]!(current.name, at, lengths[index]!, readings[index]!) === 0) return 0;
      chosen[index] = readings[index]![0]!;
      at += lengths[index]![0]!;
    }
    emit(at);
    return count;
  };
}

/** Where the next delimiter at or after `from` is, or the name's end. */
function nextStop(name: string, separator: string, from: number): number {
  const at = name.indexOf(separator, from);
  return at < 0 ? name.length : at;
}

/** The positions of the name's delimiters, then its length (found once per name). */
function stopsOf(search: Search, separator: string): number[] {
  if (search.stopCount < 0) {
    const { name, stops } = search;
    let n = 0;
    for (let at = name.indexOf(separator); at >= 0; at = name.indexOf(separator, at + 1)) stops[n++] = at;
    stops[n++] = name.length;
    search.stopCount = n;
  }
  return search.stops;
}

/** Whether one of the first `listed` candidates ends at `end` (a list value read there already). */
function isListedEnd(ends: readonly number[], listed: number, end: number): boolean {
  for (let j = 0; j < listed; j++) if (ends[j] === end) return true;
  return false;
}

/**
 * The listed readings at `pos`, longest first: the text up to the first, second, … delimiter
 * that is one of the list's values, read on past a delimiter only while the text so far starts
 * some value holding the delimiter.
 */
function listedEnds(list: AllowedList, separator: string, search: Search, pos: number, level: number) {
  const { name, length } = search;
  const ends = search.ends[level]!;
  const flags = search.flags[level]!;
  let count = 0;
  let stop = pos;
  for (;;) {
    stop = nextStop(name, separator, stop);
    if (stop > pos && indexHolds(list.values, name, pos, stop)) {
      ends[count] = stop;
      flags[count++] = 0;
    }
    if (stop === length || list.heads.size === 0 || !indexHolds(list.heads, name, pos, stop)) break;
    stop++;
  }
  for (let a = 0, b = count - 1; a < b; a++, b--) [ends[a], ends[b]] = [ends[b]!, ends[a]!];
  return count;
}

/** The readings of a listed variable at `pos`: its list's values standing there, longest first. */
function listedMatcher(list: AllowedList, separator: string): Matcher {
  if (separator !== '') return (search, pos, level) => listedEnds(list, separator, search, pos, level);
  return (search, pos, level) => {
    const { name } = search;
    const ends = search.ends[level]!;
    const flags = search.flags[level]!;
    let count = 0;
    for (const value of list.byFirst.get(name.charCodeAt(pos)) ?? []) {
      if (startsAt(name, pos, value)) {
        ends[count] = pos + value.length;
        flags[count++] = 0;
      }
    }
    return count;
  };
}

/**
 * The readings of a variable as free text at `pos`, written after the first `from` readings (a
 * listed variable's list values, not repeated): up to the next delimiter, then up to each later
 * one (values holding the delimiter), or with the delimiter 'none' every length, longest first.
 * For a listed variable they are values outside its list (NOT_LISTED).
 */
function freeReadings(list: AllowedList | null, separator: string): Widener {
  // A value outside its list may hold the delimiter as often as the list's values do.
  const room = list === null ? 0 : list.maxDelimiters;
  return (search, pos, level, from) => {
    const ends = search.ends[level]!;
    const flags = search.flags[level]!;
    let count = from;
    if (separator === '') {
      for (let end = search.length; end > pos; end--) {
        if (isListedEnd(ends, from, end)) continue;
        ends[count] = end;
        flags[count++] = list === null ? 0 : unlistedFlag(list, search, pos, end);
      }
      return count;
    }
    const stops = stopsOf(search, separator);
    let j = 0;
    while (stops[j]! < pos) j++;
    for (let held = stops[j]! > pos ? 0 : 1; j + held < search.stopCount; held++) {
      const end = stops[j + held]!;
      if (isListedEnd(ends, from, end)) continue;
      ends[count] = end;
      flags[count++] =
        (held > room ? FALLBACK : 0) | (list === null ? 0 : unlistedFlag(list, search, pos, end));
    }
    return count;
  };
}

/** Keeps the failure if it is the best so far: fewest fallbacks, then furthest, then most telling. */
function record(search: Search, level: number, at: number, end: number, kind: FailureKind): void {
  const best = search.best;
  if (best !== null) {
    if (search.fallbacks > best.fallbacks) return;
    if (search.fallbacks === best.fallbacks) {
      if (at < best.at || (at === best.at && KIND_RANK[kind] <= KIND_RANK[best.kind])) return;
    }
  }
  // The best failure is kept in the search's own buffers: a pass records many before it ends.
  const slot = search.bestSlot;
  const path = slot.path;
  for (let l = 0; l < level; l++) {
    path.starts[l] = search.starts[l]!;
    path.ends[l] = search.chosenEnds[l]!;
    path.aux[l] = search.chosenAux[l]!;
    path.flags[l] = search.chosenFlags[l]!;
  }
  path.length = level;
  slot.level = level;
  slot.at = at;
  slot.end = end;
  slot.kind = kind;
  slot.fallbacks = search.fallbacks;
  search.best = slot;
}

/** A copy of a failure recorded in the search's buffers, kept while later passes record theirs. */
function keptFailure(best: BestFailure): BestFailure {
  const { path } = best;
  const copy = (values: ArrayLike<number>) => Array.prototype.slice.call(values, 0, path.length) as number[];
  return {
    ...best,
    path: {
      length: path.length,
      starts: copy(path.starts),
      ends: copy(path.ends),
      aux: copy(path.aux),
      flags: copy(path.flags),
    },
  };
}

/** A copy of the readings chosen for the levels before `level`. */
function snapshot(search: Search, level: number): SavedPath {
  return {
    length: level,
    starts: search.starts.slice(0, level),
    ends: search.chosenEnds.slice(0, level),
    aux: search.chosenAux.slice(0, level),
    flags: search.chosenFlags.slice(0, level),
  };
}

function expectation(segment: PatternSegment, list: AllowedList | null, label: string): string {
  switch (segment.segment_type) {
    case 'constant':
      return `'${segment.constant_value}'`;
    case 'variable':
      return list === null ? 'a value' : `a value of ${list.name ?? label}`;
    case 'autonumber':
      return `at least ${segment.min_width} ${segment.min_width === 1 ? 'digit' : 'digits'}`;
    case 'date':
      return `a date like ${describeSegment(segment).replace(/^Date /, '')}`;
    case 'random':
      return `${segment.max_length} characters of ${describeSegment(segment).replace(/^Random \d+ of (.*), per \w+$/, '$1')}`;
    default:
      return 'nothing';
  }
}

function levelOf(
  segment: PatternSegment,
  position: number,
  separator: string,
  options: NameParserOptions,
): Level {
  const label = segmentLabel(segment, position);
  const key = String(segment.id);
  const values = segment.segment_type === 'variable' ? options.allowed?.[key] : undefined;
  const list = Array.isArray(values) ? prepareList(values, options.listNames?.[key], separator) : null;
  const match = (() => {
    switch (segment.segment_type) {
      case 'constant':
        return constantMatcher(segment.constant_value);
      case 'variable': {
        if (list !== null) return listedMatcher(list, separator);
        const free = freeReadings(null, separator);
        return (search: Search, pos: number, level: number) => free(search, pos, level, 0);
      }
      case 'autonumber':
        return autonumberMatcher(segment);
      case 'date':
        return dateMatcher(segment, separator);
      default:
        return randomMatcher(segment as RandomSegment);
    }
  })();
  const widen = list === null ? null : freeReadings(list, separator);
  return { segment, label, expects: expectation(segment, list, label), match, widen, list };
}

/** The depth-first search over the levels' candidates, remembering dead ends by (level, position). */
function explorer(levels: readonly Level[], separator: string) {
  const count = levels.length;
  const separatorCode = separator === '' ? -1 : separator.charCodeAt(0);
  const explore = (search: Search, level: number, pos: number): boolean => {
    if (level === count) {
      if (pos === search.length) return true;
      if (count > 0 && separatorCode >= 0 && search.name.charCodeAt(pos) !== separatorCode) {
        // The last segment runs on into more text: it does not match.
        record(search, count - 1, search.starts[count - 1]!, -1, 'no_match');
      } else {
        record(search, count, pos, -1, 'trailing_text');
      }
      return false;
    }
    const key = level * (search.length + 1) + pos;
    if (
      search.memoPass[key] === search.pass &&
      search.memoFallbacks[key]! <= search.fallbacks + 1 &&
      search.budget <= search.memoBudget[key]!
    ) {
      return false;
    }
    search.starts[level] = pos;
    const { match, widen } = levels[level]!;
    let n = match(search, pos, level);
    if (n === 0 && !search.lenient)
      record(search, level, pos, -1, pos === search.length ? 'too_short' : 'no_match');
    let widened = !search.lenient || widen === null;
    const ends = search.ends[level]!;
    const flags = search.flags[level]!;
    const last = level === count - 1;
    for (let k = 0; ; k++) {
      if (k === n) {
        // Lenient: values outside the list only once the list's values led nowhere.
        if (widened) break;
        n = widen!(search, pos, level, n);
        widened = true;
        if (k === n) break;
      }
      const end = ends[k]!;
      const fallback = flags[k]! & FALLBACK;
      const unlisted = costOf(flags[k]!);
      if (unlisted > search.budget || search.fallbacks + fallback > search.fallbackCap) continue;
      search.chosenEnds[level] = end;
      search.chosenAux[level] = search.aux[level]![k] ?? 0;
      search.chosenFlags[level] = flags[k]!;
      search.fallbacks += fallback;
      search.budget -= unlisted;
      let found = false;
      if (last) found = explore(search, level + 1, end);
      else if (end === search.length) record(search, level + 1, end, -1, 'too_short');
      else if (separatorCode < 0) found = explore(search, level + 1, end);
      else if (search.name.charCodeAt(end) === separatorCode) found = explore(search, level + 1, end + 1);
      else record(search, level, pos, -1, 'no_match');
      search.fallbacks -= fallback;
      search.budget += unlisted;
      if (found) return true;
    }
    search.memoPass[key] = search.pass;
    search.memoFallbacks[key] = Math.min(search.fallbacks + 1, 255);
    search.memoBudget[key] = search.budget;
    return false;
  };
  return explore;
}

function partOf(level: Level, name: string, path: Path, l: number): ParsedPart {
  const { segment, list } = level;
  const segmentId = segment.id;
  const at = path.starts[l]!;
  const value = name.slice(at, path.ends[l]);
  switch (segment.segment_type) {
    case 'date':
      return { segmentId, segmentType: 'date', value, at, date: decodeDate(path.aux[l]!) };
    case 'autonumber':
      return { segmentId, segmentType: 'autonumber', value, at, number: path.aux[l]! };
    case 'variable': {
      if (list === null) return { segmentId, segmentType: 'variable', value, at };
      if ((path.flags[l]! & NOT_LISTED) === 0)
        return { segmentId, segmentType: 'variable', value, at, inList: true };
      const suggestion = closest(value, list);
      return suggestion === undefined
        ? { segmentId, segmentType: 'variable', value, at, inList: false }
        : { segmentId, segmentType: 'variable', value, at, inList: false, suggestion };
    }
    default:
      return { segmentId, segmentType: segment.segment_type, value, at };
  }
}

function partsOf(levels: readonly Level[], name: string, path: Path): ParsedPart[] {
  const parts = new Array<ParsedPart>(path.length);
  for (let l = 0; l < path.length; l++) parts[l] = partOf(levels[l]!, name, path, l);
  return parts;
}

function tokenAt(name: string, at: number, separator: string): string {
  const stop = separator === '' ? -1 : name.indexOf(separator, at);
  const end = Math.min(stop < 0 ? name.length : stop, at + FOUND_MAX_LENGTH);
  return name.slice(at, end);
}

function quoted(text: string): string {
  return text === '' ? 'nothing' : `'${text}'`;
}

function failureOf(levels: readonly Level[], name: string, best: BestFailure, separator: string) {
  const level = levels[best.level];
  const segmentId = level?.segment.id ?? null;
  const label = level?.label ?? '';
  let found: string;
  let message: string;
  switch (best.kind) {
    case 'invalid_date':
      found = name.slice(best.at, best.end);
      message = `Segment ${label}: '${found}' is not a valid date`;
      break;
    case 'trailing_text':
      found = name.slice(best.at, best.at + FOUND_MAX_LENGTH);
      message = `Unexpected text after the last segment: ${quoted(found)}`;
      break;
    case 'too_short':
      found = '';
      message = `The name ends before segment ${label}`;
      break;
    default:
      found = tokenAt(name, best.at, separator);
      message = `Segment ${label}: expected ${level?.expects ?? 'nothing'}, found ${quoted(found)}`;
  }
  const failure: NameParseFailure = { segmentId, at: best.at, reason: best.kind, message, found };
  return { ok: false as const, parts: partsOf(levels, name, best.path), failure };
}

function notInList(levels: readonly Level[], parts: readonly ParsedPart[]): NameParse {
  const index = parts.findIndex((part) => part.inList === false);
  const part = parts[index]!;
  const { label, list } = levels[index]!;
  const where = list?.name ?? `the allowed values of ${label}`;
  const hint = part.suggestion === undefined ? '' : `; did you mean '${part.suggestion}'?`;
  const failure: NameParseFailure = {
    segmentId: part.segmentId,
    at: part.at,
    reason: 'not_in_list',
    message: `Segment ${label}: '${part.value}' is not in ${where}${hint}`,
    found: part.value,
    ...(part.suggestion === undefined ? {} : { suggestion: part.suggestion }),
  };
  return { ok: false, parts, failure };
}

function refusalOf(problem: CodeError): NameParse {
  const failure = { segmentId: problem.segmentId, at: 0, reason: 'invalid_pattern' as const, found: '' };
  return Object.freeze({ ok: false, parts: [], failure: { ...failure, message: problem.message } });
}

/**
 * Compiles a reader of names for `pattern` (spec 02 §3, §9), with the allowed values of its
 * variables in `options.allowed` and the lists' names for messages in `options.listNames` (both
 * keyed by segment id). The reader answers every segment's value, or the first point where the
 * name stops following the pattern (see the notes at the top of this file for the rules). A
 * pattern that cannot make codes (see `compilePattern`) answers `invalid_pattern` for every name.
 * Never throws.
 */
export function compileNameParser(pattern: CodePattern, options: NameParserOptions = {}): NameParser {
  return compileReader(pattern, options, true);
}

/**
 * The reader of `compileNameParser` without its fast path (one regular expression for the names
 * whose listed values are all in their lists): every name goes through the full search. It
 * answers exactly what `compileNameParser`'s reader answers, only slower; tests compare the two.
 */
export function compileFullNameParser(pattern: CodePattern, options: NameParserOptions = {}): NameParser {
  return compileReader(pattern, options, false);
}

function compileReader(pattern: CodePattern, options: NameParserOptions, withFastPath: boolean): NameParser {
  const segments = segmentsInCodeOrder(pattern.segments);
  const problems = patternProblems(pattern, segments);
  if (problems.length > 0) {
    const refusal = refusalOf(problems[0]!);
    return () => refusal;
  }
  const separator = DELIMITER_TEXT[pattern.delimiter];
  const levels = segments.map((segment, position) => levelOf(segment, position, separator, options));
  return readerOf(levels, separator, withFastPath ? fastReaderOf(levels, separator) : null);
}

/**
 * Whether a value outside its list may explain a name the strict pass could not read: when the
 * name stops matching where a listed value should stand, or after a listed value that starts a
 * longer one holding the delimiter ("EMEA" of "EMEA_North", which a typo may have cut short).
 */
function mayBeUnlisted(levels: readonly Level[], name: string, failure: BestFailure): boolean {
  if ((levels[failure.level]?.list ?? null) !== null) return true;
  const { path } = failure;
  for (let l = 0; l < path.length; l++) {
    const list = levels[l]!.list;
    if (list !== null && list.heads.size > 0 && indexHolds(list.heads, name, path.starts[l]!, path.ends[l]!))
      return true;
  }
  return false;
}

/** Readies the search for a new name: its text, no delimiters found yet, room in the memo. */
function prepare(search: Search, name: string, count: number): void {
  search.name = name;
  search.length = name.length;
  search.stopCount = -1;
  const size = (count + 1) * (name.length + 1);
  if (search.memoPass.length < size || search.pass > 0x3fffffff) {
    search.memoPass = new Int32Array(Math.max(size, search.memoPass.length * 2, 256));
    search.memoFallbacks = new Uint8Array(search.memoPass.length);
    search.memoBudget = new Uint8Array(search.memoPass.length);
    search.pass = 0;
  }
}

/** Adds FAR to the reading's values that no allowed value is close to; answers whether any is. */
function markFar(levels: readonly Level[], search: Search, path: SavedPath): boolean {
  let far = false;
  for (let l = 0; l < path.length; l++) {
    const list = levels[l]!.list;
    if (list === null || (path.flags[l]! & NOT_LISTED) === 0) continue;
    if (closest(search.name.slice(path.starts[l], path.ends[l]), list) === undefined) {
      path.flags[l]! |= FAR;
      far = true;
    }
  }
  return far;
}

/** How many of a reading's values carry `flag`. */
function tally(path: Path, flag: number): number {
  let n = 0;
  for (let l = 0; l < path.length; l++) if ((path.flags[l]! & flag) !== 0) n++;
  return n;
}

/** What the values outside their lists in a reading cost (`costOf`). */
function unlistedCost(path: Path): number {
  let cost = 0;
  for (let l = 0; l < path.length; l++) cost += costOf(path.flags[l]!);
  return cost;
}

/** A search with room for `count` levels, its memo empty. */
function newSearch(count: number): Search {
  const zeros = () => new Array<number>(count + 1).fill(0);
  const starts = zeros();
  const chosenEnds = zeros();
  const chosenAux = zeros();
  const chosenFlags = zeros();
  return {
    name: '',
    length: 0,
    lenient: false,
    weighFar: false,
    budget: 0,
    fallbackCap: 0,
    fallbacks: 0,
    pass: 0,
    memoPass: new Int32Array(0),
    memoFallbacks: new Uint8Array(0),
    memoBudget: new Uint8Array(0),
    stops: [],
    stopCount: -1,
    starts,
    chosen: { length: count, starts, ends: chosenEnds, aux: chosenAux, flags: chosenFlags },
    chosenEnds,
    chosenAux,
    chosenFlags,
    ends: Array.from({ length: count }, () => []),
    aux: Array.from({ length: count }, () => []),
    flags: Array.from({ length: count }, () => []),
    best: null,
    bestSlot: {
      level: 0,
      at: 0,
      end: -1,
      kind: 'no_match',
      fallbacks: 0,
      path: { length: 0, starts: zeros(), ends: zeros(), aux: zeros(), flags: zeros() },
    },
  };
}

/**
 * The passes over one name: strict (listed values only), then, when the strict pass found nothing
 * and a value outside its list may explain the name (`mayBeUnlisted`), lenient. A pass that finds
 * a reading is repeated with tighter budgets until the reading has the cheapest values outside
 * their lists (`costOf`), then the fewest values holding the delimiter.
 */
function readerOf(
  levels: readonly Level[],
  separator: string,
  fast: ((name: string) => ParsedPart[] | null) | null,
): NameParser {
  const count = levels.length;
  const explore = explorer(levels, separator);
  const search = newSearch(count);
  const run = (lenient: boolean, budget: number, fallbackCap: number) => {
    search.lenient = lenient;
    search.budget = budget;
    search.fallbackCap = fallbackCap;
    search.fallbacks = 0;
    search.pass++;
    search.best = null;
    return explore(search, 0, 0);
  };
  /** After a pass found a reading: the one with the fewest values not in lists, then fallbacks. */
  const least = (lenient: boolean): Path => {
    const found = search.chosen;
    if (tally(found, NOT_LISTED | FALLBACK) === 0) return found;
    let path = snapshot(search, count);
    for (let budget = 1; budget < unlistedCost(path); budget++) {
      if (run(lenient, budget, MAX_BUDGET)) path = snapshot(search, count);
    }
    // Only when a value of the reading is far from its list can a split of the same count with
    // closer values exist: weigh closeness then (it costs a look at the lists).
    if (markFar(levels, search, path)) {
      search.weighFar = true;
      const fewest = tally(path, NOT_LISTED);
      for (let budget = fewest; budget < unlistedCost(path); budget++) {
        if (run(lenient, budget, MAX_BUDGET)) path = snapshot(search, count);
      }
    }
    const unlisted = unlistedCost(path);
    for (let cap = 0; cap < tally(path, FALLBACK); cap++) {
      if (run(lenient, unlisted, cap)) path = snapshot(search, count);
    }
    search.weighFar = false;
    return path;
  };
  return (input) => {
    const name = typeof input === 'string' ? input : String(input);
    if (name.length > NAME_PARSE_MAX_LENGTH) return tooLong();
    const parts = fast === null ? null : fast(name);
    if (parts !== null) return { ok: true, parts };
    prepare(search, name, count);
    if (run(false, 0, MAX_BUDGET)) {
      const path = tally(search.chosen, FALLBACK) === 0 ? search.chosen : least(false);
      return { ok: true, parts: partsOf(levels, name, path) };
    }
    const strict: BestFailure =
      search.best !== null
        ? keptFailure(search.best)
        : {
            level: 0,
            at: 0,
            end: -1,
            kind: 'no_match',
            fallbacks: 0,
            path: snapshot(search, 0),
          };
    if (mayBeUnlisted(levels, name, strict) && run(true, MAX_BUDGET, MAX_BUDGET)) {
      return notInList(levels, partsOf(levels, name, least(true)));
    }
    return failureOf(levels, name, strict, separator);
  };
}

function tooLong(): NameParse {
  return {
    ok: false,
    parts: [],
    failure: {
      segmentId: null,
      at: NAME_PARSE_MAX_LENGTH,
      reason: 'too_long',
      message: `The name is longer than ${NAME_PARSE_MAX_LENGTH.toLocaleString('en-US')} characters`,
      found: '',
    },
  };
}

/** Reads one name: `compileNameParser(pattern, options)(name)`. Compile once to read many names. */
export function parseName(pattern: CodePattern, name: string, options?: NameParserOptions): NameParse {
  return compileNameParser(pattern, options)(name);
}

/**
 * The name the pattern makes from values read by the name parser, through the code engine (spec
 * 02 §9): what an audit shows as the corrected name. Each variable takes `corrections[id]` when
 * given, else the part's `suggestion` (the allowed value probably meant), else the value read;
 * dates, autonumbers and randoms print what was read. A segment that has no part and no correction
 * (the name stopped matching before it) answers a `missing_value` error naming it; other errors
 * are the engine's (e.g. a correction that is blank). Never throws.
 */
export function suggestName(
  pattern: CodePattern,
  parts: readonly ParsedPart[],
  corrections: Readonly<Record<string, string>> = {},
): CodeResult {
  const byId = new Map(parts.map((part) => [String(part.segmentId), part]));
  const values: Record<string, string> = {};
  const dates: Record<string, CalendarDate> = {};
  const numbers: Record<string, number> = {};
  const session = createSessionCache();
  const draws: number[] = [];
  const segments = segmentsInCodeOrder(pattern.segments);
  for (const [position, segment] of segments.entries()) {
    const key = String(segment.id);
    const part = byId.get(key);
    if (segment.segment_type === 'variable') {
      const value = corrections[key] ?? part?.suggestion ?? part?.value;
      if (value !== undefined) values[key] = value;
      continue;
    }
    if (segment.segment_type === 'constant') continue;
    if (part === undefined) {
      const message = `Segment ${segmentLabel(segment, position)} could not be read from the name`;
      return { ok: false, errors: [{ segmentId: segment.id, reason: 'missing_value', message }] };
    }
    if (segment.segment_type === 'date' && part.date) dates[key] = part.date;
    else if (segment.segment_type === 'autonumber' && part.number !== undefined) numbers[key] = part.number;
    else if (segment.segment_type === 'random') {
      if (segment.frequency === 'session') session.set(key, part.value);
      else for (const char of part.value) draws.push(randomAlphabet(segment).indexOf(char));
    }
  }
  let next = 0;
  // Replays the characters read: the engine draws row randoms in code order, one index a character.
  const randomInt = (bound: number) => {
    const index = draws[next++] ?? -1;
    return index >= 0 && index < bound ? index : 0;
  };
  try {
    return compilePattern(pattern)({ values, dates, autonumber: numbers, session, randomInt });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [{ segmentId: null, reason: 'invalid_pattern', message }] };
  }
}
