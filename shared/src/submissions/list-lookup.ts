import type { SubmissionList } from './submission-form';

/**
 * List lookups for list cells (spec 02 §1, §3: drop-down, drill-down and dependent lists; issue 11
 * items 2 and 3): case-insensitive membership with the list's own spelling, "did you mean" for
 * near misses, the values a drill-down column offers under the earlier columns' choices, and the
 * rows a set of choices fits (dependent fill). Indexes are built once per list; each lookup is a
 * map probe or a walk over the rows of the rarest chosen value, so validating 50,000 rows stays
 * linear.
 */
export interface ListIndex {
  readonly list: SubmissionList;
  /** Position of each column id in `list.columns`. */
  readonly columnIndex: ReadonlyMap<number, number>;
  /** Per column: the lower-cased value → the list's spelling. */
  readonly spellings: readonly ReadonlyMap<string, string>[];
  /** Per column: the lower-cased value → the rows holding it. */
  readonly postings: readonly ReadonlyMap<string, readonly number[]>[];
  /** Per row, per column: the cell's match key (`matchKey`), computed once. */
  readonly keys: readonly (readonly string[])[];
}

/** Lower case for matching (locale-independent). */
export function matchKey(value: string): string {
  return value.trim().toLowerCase();
}

/** Indexes a list's columns (see `ListIndex`). Empty cells are not values. */
export function indexList(list: SubmissionList): ListIndex {
  const columnIndex = new Map(list.columns.map((c, i) => [c.id, i]));
  const spellings = list.columns.map(() => new Map<string, string>());
  const postings = list.columns.map(() => new Map<string, number[]>());
  const keys = list.rows.map((row) => list.columns.map((_, c) => matchKey(row[c] ?? '')));
  list.rows.forEach((row, r) => {
    for (let c = 0; c < list.columns.length; c++) {
      const value = (row[c] ?? '').trim();
      if (value === '') continue;
      const key = keys[r]![c]!;
      if (!spellings[c]!.has(key)) spellings[c]!.set(key, value);
      const rows = postings[c]!.get(key);
      if (rows) rows.push(r);
      else postings[c]!.set(key, [r]);
    }
  });
  return { list, columnIndex, spellings, postings, keys };
}

/** The list's spelling of `value` in column position `column` (any case), or null when absent. */
export function listSpelling(index: ListIndex, column: number, value: string): string | null {
  return index.spellings[column]?.get(matchKey(value)) ?? null;
}

/**
 * The optimal-string-alignment distance of `a` and `b` (Damerau-Levenshtein without repeated
 * edits of one substring): insertions, deletions, substitutions and transpositions of two adjacent
 * characters each count one edit, so "itlay" is one edit from "italy" as "facebok" is from
 * "facebook" ("did you mean" for list values, spec 02 §3). Answers `limit + 1` as soon as the distance exceeds
 * `limit` (a row's minimum above it). Compares UTF-16 code units; never throws.
 */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows of the dynamic-programming table: two back (for transpositions), one back, this one.
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, twoBack[j - 2]! + 1);
      current.push(value);
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    twoBack = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/**
 * The list value closest to `value` in column position `column`, for "did you mean" (issue 11
 * item 3): the one value the typed text starts (or that starts the typed text, 3+ characters), else
 * the nearest by edit distance (`boundedDistance`: a swap of two neighbouring letters is one edit)
 * within a quarter of the length (at least 1, at most 3). Null when
 * nothing is near. Ties go to the list's order.
 */
export function suggestListValue(index: ListIndex, column: number, value: string): string | null {
  const key = matchKey(value);
  const spellings = index.spellings[column];
  if (!spellings || key === '') return null;
  if (key.length >= 3) {
    const prefixed = [...spellings.keys()].filter((k) => k.startsWith(key) || key.startsWith(k));
    if (prefixed.length === 1) return spellings.get(prefixed[0]!)!;
  }
  const limit = Math.min(3, Math.max(1, Math.floor(key.length / 4)));
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const [k, spelling] of spellings) {
    const d = boundedDistance(key, k, bestDistance - 1);
    if (d < bestDistance) {
      best = spelling;
      bestDistance = d;
      if (d === 1) break;
    }
  }
  return best;
}

/** A chosen value: a column position and the lower-cased value. */
export type ListChoice = readonly [column: number, key: string];

/**
 * The rows that hold every choice (columns compared case-insensitively): the postings of the rarest
 * choice filtered by the others. No choices: every row.
 */
export function rowsMatching(index: ListIndex, choices: readonly ListChoice[]): number[] {
  if (choices.length === 0) return index.list.rows.map((_, r) => r);
  let rarest: readonly number[] | undefined;
  for (const [column, key] of choices) {
    const rows = index.postings[column]?.get(key) ?? [];
    if (!rarest || rows.length < rarest.length) rarest = rows;
  }
  const matching: number[] = [];
  for (const r of rarest ?? []) {
    const cells = index.keys[r];
    let all = true;
    for (let i = 0; all && i < choices.length; i++) {
      const [column, key] = choices[i]!;
      if ((cells?.[column] ?? '') !== key) all = false;
    }
    if (all) matching.push(r);
  }
  return matching;
}

/**
 * The values column position `column` offers under the earlier choices (drill-down cascade, spec 02
 * §1): distinct, in list order, the list's spelling. With no choices, every value of the column.
 */
export function valuesUnder(index: ListIndex, column: number, choices: readonly ListChoice[]): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const r of rowsMatching(index, choices)) {
    const value = (index.list.rows[r]?.[column] ?? '').trim();
    const key = matchKey(value);
    if (value === '' || seen.has(key)) continue;
    seen.add(key);
    values.push(value);
  }
  return values;
}
