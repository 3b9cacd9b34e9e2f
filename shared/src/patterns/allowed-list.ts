/**
 * A variable's list of allowed values as the name reader (parse.ts) uses it: an index that finds
 * whether a cut of a name is a value without cutting the name, the values' heads before each
 * delimiter, and the allowed value probably meant by a value that is not in the list (spec 02 §3:
 * a segment's list of allowed values).
 */
/**
 * Texts by length, first and last character: finds whether name[start, end) is one of them
 * without cutting the name (`indexHolds`).
 */
export type TextIndex = ReadonlyMap<number, readonly string[]>;

function shapeKey(text: string, start: number, end: number): number {
  if (end <= start) return 0;
  return (
    (((end - start) & 0x3ff) << 20) |
    ((text.charCodeAt(start) & 0x3ff) << 10) |
    (text.charCodeAt(end - 1) & 0x3ff)
  );
}

function textIndex(texts: Iterable<string>): TextIndex {
  const index = new Map<number, string[]>();
  for (const text of texts) {
    const key = shapeKey(text, 0, text.length);
    const bucket = index.get(key);
    if (bucket === undefined) index.set(key, [text]);
    else if (!bucket.includes(text)) bucket.push(text);
  }
  return index;
}

/** Whether name[start, end) is one of the index's texts. */
export function indexHolds(index: TextIndex, name: string, start: number, end: number): boolean {
  const bucket = index.get(shapeKey(name, start, end));
  if (bucket === undefined) return false;
  // Comparing a cut is faster in V8 than comparing character by character.
  const text = name.slice(start, end);
  for (let i = 0; i < bucket.length; i++) if (bucket[i] === text) return true;
  return false;
}

/** A variable's allowed values prepared for reading and suggestions. */
export interface AllowedList {
  readonly name: string | null;
  readonly values: TextIndex;
  /** Values by normalised form (trimmed, spaces collapsed, lower case), first one kept. */
  readonly byNormal: ReadonlyMap<string, string>;
  readonly normals: readonly string[];
  readonly originals: readonly string[];
  /** Shortest and longest normalised value. */
  readonly minLength: number;
  readonly maxLength: number;
  /** Every value's text before each delimiter in it ("EMEA" of "EMEA_North"). */
  readonly heads: TextIndex;
  /** Most delimiters one value holds. */
  readonly maxDelimiters: number;
  /** Values by first character, longest first (for the delimiter 'none'). */
  readonly byFirst: ReadonlyMap<number, readonly string[]>;
  /** Suggestions already made, by value read (null: none is close). */
  readonly suggestions: Map<string, string | null>;
}

function normalize(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A variable's allowed `values` (trimmed, blanks and non-strings dropped, duplicates kept once)
 * prepared for reading names whose segments `separator` joins; `name` is the list's, for messages.
 */
export function prepareList(
  values: readonly string[],
  name: string | undefined,
  separator: string,
): AllowedList {
  const set = new Set<string>();
  for (const raw of values) {
    if (typeof raw !== 'string') continue;
    const value = raw.trim();
    if (value !== '') set.add(value);
  }
  const originals = [...set];
  const byNormal = new Map<string, string>();
  for (const value of originals) {
    const key = normalize(value);
    if (!byNormal.has(key)) byNormal.set(key, value);
  }
  const heads = new Set<string>();
  const byFirst = new Map<number, string[]>();
  let maxDelimiters = 0;
  for (const value of originals) {
    let held = 0;
    for (
      let at = separator === '' ? -1 : value.indexOf(separator);
      at >= 0;
      at = value.indexOf(separator, at + 1)
    ) {
      heads.add(value.slice(0, at));
      held++;
    }
    maxDelimiters = Math.max(maxDelimiters, held);
    const first = value.charCodeAt(0);
    const bucket = byFirst.get(first) ?? [];
    bucket.push(value);
    byFirst.set(first, bucket);
  }
  for (const bucket of byFirst.values()) bucket.sort((a, b) => b.length - a.length);
  const normals = originals.map(normalize);
  return {
    name: typeof name === 'string' && name.trim() !== '' ? name.trim() : null,
    values: textIndex(set),
    byNormal,
    normals,
    minLength: Math.min(...normals.map((value) => value.length)),
    maxLength: Math.max(0, ...normals.map((value) => value.length)),
    originals,
    heads: textIndex(heads),
    maxDelimiters,
    byFirst,
    suggestions: new Map(),
  };
}

// The two rows of the distance table, reused between calls.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/**
 * Levenshtein distance of `a` and `b` when it is at most `max`, else `max + 1`. Only the cells
 * within `max` of the diagonal can hold a distance of at most `max`, so only they are worked out
 * (the others count as `max + 1`); rows are cut short once every cell exceeds `max`.
 */
function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rowA.length <= b.length + 1) {
    rowA = new Int32Array(b.length * 2 + 2);
    rowB = new Int32Array(b.length * 2 + 2);
  }
  const over = max + 1;
  let previous = rowA;
  let current = rowB;
  for (let j = 0; j <= b.length; j++) previous[j] = j <= max ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    current[from - 1] = from === 1 ? (i <= max ? i : over) : over;
    let rowMin = current[from - 1]!;
    for (let j = from; j <= to; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const cell = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost, over);
      current[j] = cell;
      if (cell < rowMin) rowMin = cell;
    }
    if (to < b.length) current[to + 1] = over;
    if (rowMin > max) return over;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** Suggestions remembered per list: live names repeat the same few wrong values. */
const SUGGESTION_CACHE_SIZE = 4096;

/** The allowed value probably meant by `value` (as suggestValue), remembered per list. */
export function closest(value: string, list: AllowedList): string | undefined {
  const cached = list.suggestions.get(value);
  if (cached !== undefined) return cached ?? undefined;
  const suggestion = nearest(value, list);
  if (list.suggestions.size >= SUGGESTION_CACHE_SIZE) list.suggestions.clear();
  list.suggestions.set(value, suggestion ?? null);
  return suggestion;
}

function nearest(value: string, list: AllowedList): string | undefined {
  const key = normalize(value);
  const same = list.byNormal.get(key);
  if (same !== undefined) return same;
  const max = Math.min(2, Math.floor(key.length / 3));
  if (max === 0) return undefined;
  let best: string | undefined;
  let bestDistance = max + 1;
  for (let i = 0; i < list.normals.length; i++) {
    const distance = boundedDistance(key, list.normals[i]!, bestDistance - 1);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = list.originals[i];
      if (distance === 1) break;
    }
  }
  return best;
}

/**
 * The allowed value probably meant by `value`, or undefined: the same value once trimmed, with
 * spaces collapsed and case folded; else the nearest value at an edit distance of at most 2 (1 for
 * values of 3 to 5 characters, none for shorter ones), the first in list order on a tie.
 */
export function suggestValue(value: string, allowed: readonly string[]): string | undefined {
  return closest(value, prepareList(allowed, undefined, ''));
}
