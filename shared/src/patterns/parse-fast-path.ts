import { DELIMITER_TEXT } from '../governance/formats';
import type { AllowedList } from './allowed-list';
import { dateParts, MONTH_LONG_NAMES, MONTH_SHORT_NAMES, randomAlphabet } from './codegen';
import type { ParsedPart } from './parse';
import { dateOf, decodeDate } from './parse-dates';
import type { DateSegment, PatternSegment } from './patterns.contract';

// The name reader's fast path (parse.ts): one regular expression per pattern that reads the names
// most live names are, every listed value in its list and no value holding the delimiter where it
// has no list.

/** What the fast path needs of one of the reader's levels: its segment and its allowed values. */
export interface FastPathLevel {
  readonly segment: PatternSegment;
  readonly list: AllowedList | null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * A listed variable's values as one expression: a trie of their characters, each node trying
 * longer values before the value ending there. The values standing at one position are prefixes
 * of one another, so the expression tries them longest first, as `listedMatcher` does.
 */
function listSource(values: readonly string[]): string {
  interface Node {
    readonly next: Map<string, Node>;
    end: boolean;
  }
  const root: Node = { next: new Map(), end: false };
  for (const value of values) {
    let node = root;
    for (const char of value) {
      let child = node.next.get(char);
      if (child === undefined) {
        child = { next: new Map(), end: false };
        node.next.set(char, child);
      }
      node = child;
    }
    node.end = true;
  }
  const sourceOf = (node: Node): string => {
    const branches = [...node.next].map(([char, child]) => escapeRegExp(char) + sourceOf(child));
    if (branches.length === 0) return '';
    if (node.end) branches.push('');
    return branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
  };
  return sourceOf(root);
}

function datePartSource(format: string): string {
  switch (format) {
    case '01-12':
    case '01-31':
    case '00-99':
      return '(\\d\\d)';
    case '0000-9999':
      return '(\\d{4})';
    case 'Jan-Dec':
      return `(${MONTH_SHORT_NAMES.join('|')})`;
    case 'January-December':
      return `(${MONTH_LONG_NAMES.join('|')})`;
    default:
      return '([1-9]\\d?)';
  }
}

function datePartValue(format: string, text: string): number {
  if (format === 'Jan-Dec') return (MONTH_SHORT_NAMES as readonly string[]).indexOf(text) + 1;
  if (format === 'January-December') return (MONTH_LONG_NAMES as readonly string[]).indexOf(text) + 1;
  return Number(text);
}

/**
 * One level of the fast path: its expression (the segment's text as the first group, date parts
 * as further groups) and how to read the groups into a part (null: ask the full search).
 */
interface FastLevel {
  readonly source: string;
  readonly groups: number;
  readonly read: (match: RegExpExecArray, group: number, at: number) => ParsedPart | null;
}

function fastDate(segment: DateSegment): FastLevel {
  const parts = dateParts(segment);
  const joint = escapeRegExp(DELIMITER_TEXT[segment.delimiter] ?? '');
  const values = new Int32Array(parts.length);
  const { id: segmentId } = segment;
  // Live names repeat their dates: the last text read and its date are kept.
  let lastText = '';
  let lastAux = -1;
  return {
    source: `(${parts.map((part) => datePartSource(part.format)).join(joint)})`,
    groups: parts.length + 1,
    read: (match, group, at) => {
      const value = match[group]!;
      if (value !== lastText) {
        for (let i = 0; i < parts.length; i++)
          values[i] = datePartValue(parts[i]!.format, match[group + 1 + i]!);
        lastAux = dateOf(parts, values);
        lastText = value;
      }
      if (lastAux < 0) return null;
      return { segmentId, segmentType: 'date', value, at, date: decodeDate(lastAux) };
    },
  };
}

function fastLevel(level: FastPathLevel, separator: string): FastLevel | null {
  const { segment, list } = level;
  const segmentId = segment.id;
  const plain = (source: string): FastLevel => ({
    source,
    groups: 1,
    read: (match, group, at) => ({ segmentId, segmentType: segment.segment_type, value: match[group]!, at }),
  });
  switch (segment.segment_type) {
    case 'constant':
      return plain(`(${escapeRegExp(segment.constant_value)})`);
    case 'random':
      return plain(`([${escapeRegExp(randomAlphabet(segment))}]{${segment.max_length}})`);
    case 'date':
      return fastDate(segment);
    case 'autonumber': {
      const width = segment.min_width;
      if (!(width >= 1)) return null;
      return {
        source: `(0\\d{${width - 1}}|[1-9]\\d{${width - 1},})`,
        groups: 1,
        read: (match, group, at) => {
          const value = match[group]!;
          const number = Number(value);
          // Past the safe integers the full search reads a shorter number: let it.
          if (number > Number.MAX_SAFE_INTEGER) return null;
          return { segmentId, segmentType: 'autonumber', value, at, number };
        },
      };
    }
    case 'variable': {
      if (list === null) return plain(separator === '' ? '([\\s\\S]+)' : `([^${escapeRegExp(separator)}]+)`);
      if (list.originals.length === 0) return null;
      return {
        source: `(${listSource(list.originals)})`,
        groups: 1,
        read: (match, group, at) => ({
          segmentId,
          segmentType: 'variable',
          value: match[group]!,
          at,
          inList: true,
        }),
      };
    }
    default:
      return null;
  }
}

/**
 * The fast path of a reader: one regular expression that tries, in the full search's order, the
 * readings of a strict pass that hold no fallback value (a value holding the delimiter where it has
 * no list); a few a reading cannot show (a day that does not exist, a number past the safe
 * integers) are checked after the match. Its first match is the full search's answer whenever
 * every check passes: the full search tries the same readings in the same order, less those the
 * checks refuse, and keeps the first reading without fallback values. Answers the parts, or null
 * when the full search must read the name.
 */
export function fastReaderOf(
  levels: readonly FastPathLevel[],
  separator: string,
): ((name: string) => ParsedPart[] | null) | null {
  const fast: FastLevel[] = [];
  for (const level of levels) {
    const one = fastLevel(level, separator);
    if (one === null) return null;
    fast.push(one);
  }
  const expression = new RegExp(`^${fast.map((one) => one.source).join(escapeRegExp(separator))}$`);
  const count = fast.length;
  const step = separator.length;
  return (name) => {
    const match = expression.exec(name);
    if (match === null) return null;
    const parts = new Array<ParsedPart>(count);
    let group = 1;
    let at = 0;
    for (let l = 0; l < count; l++) {
      const { read, groups } = fast[l]!;
      const part = read(match, group, at);
      if (part === null) return null;
      parts[l] = part;
      at += part.value.length + step;
      group += groups;
    }
    return parts;
  };
}
