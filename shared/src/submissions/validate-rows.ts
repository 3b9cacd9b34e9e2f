import type { MessageParams } from '../integrations/messages';
import {
  type CalendarDate,
  compilePattern,
  compileSplitCode,
  createSessionCache,
  formatDateSegment,
  padAutonumber,
  type RandomIntSource,
  type RandomSessionCache,
  seededRandomInt,
} from '../patterns/codegen';
import type { PatternSegment } from '../patterns/patterns.contract';
import type { TemplateField, TemplateFieldId, TemplateGovernanceType } from '../templates/templates.contract';
import { dateCodec } from './dates';
import { compileLinkBuilder } from './links';
import {
  indexList,
  type ListChoice,
  type ListIndex,
  listSpelling,
  matchKey,
  rowsMatching,
  suggestListValue,
} from './list-lookup';
import { boundedMemo, memoByText } from './memo';
import { fieldKey, type SubmissionForm, type SubmissionPattern, type SubmissionRow } from './submission-form';
import type { SubmissionMessageId } from './submission-messages';
import { compileTextCheck, transformText } from './text-rules';

/**
 * The per-cell rules of every governance type (spec 02 §3, spec 03 §3, §5), as
 * one registry (`CELL_RULES`, one row per type) and one runner (`compileSubmissionForm`). The
 * browser runs them on every change of the submission table; the server runs them again on every
 * save and submit and refuses what fails. Codes come from the one code engine (`../patterns/codegen`).
 *
 * A row goes through four phases:
 * 1. input: entered cells are normalised and checked (text transformation and validation, list
 *    membership with the list's spelling, dates in the field's format, the cv_id), constants and
 *    defaults fill themselves (a default fills an empty cell of a hidden field, or of any field
 *    with apply_default_value_to_empty_values);
 * 2. lists: drill-down columns must sit under the earlier columns' values, and a dependent list's
 *    choices must fit one of its rows, whose values then fill the other mapped fields;
 * 3. computed, in dependency order: autofill, concatenation, pattern codes (with their hidden
 *    segment fields), standalone autonumbers and the link;
 * 4. checks: required, and (over all rows) must_be_unique within the submission and against the
 *    dataset (`isTaken`, answered by the server).
 *
 * Decisions (ours where the specs are silent):
 * - What a person types into a computed cell (constant, autofill, concatenation, pattern,
 *   autonumber) is replaced by the computed value.
 * - Without an `autonumber` source the rows are a preview: autonumbers are not issued, the
 *   autonumber parts of codes print `AUTONUMBER_PREVIEW_TEXT`, random parts are a fixed draw per
 *   row, and such values are `provisional` (never checked for uniqueness or required).
 * - A code is not generated while one of its entered segments is empty or wrong; that segment's
 *   own problem is reported, not the code's.
 * - Concatenation joins the non-empty values in the configured order.
 * - A row whose entered cells are all empty answers one `rowEmpty` problem and nothing else.
 * - Multi-value list cells (a list delimiter other than none) check each value; they take no part
 *   in drill-down or dependent relations.
 * - The integration-made link kinds (shortened, deep, custom Bitly, smart links) are kept as given.
 */

/** What a field delimiter (list values, concatenation) puts between values: '' for none. */
function delimiterText(delimiter: string | null | undefined, fallback: string): string {
  if (delimiter == null) return fallback;
  return delimiter === 'none' ? '' : delimiter;
}

/** What an autonumber segment prints in a preview, where the server has issued no number yet. */
export const AUTONUMBER_PREVIEW_TEXT = 'next';

/** One problem of a submission: the row (0-based), the template field (null: the row), the message. */
export interface SubmissionProblem {
  readonly row: number;
  readonly fieldId: TemplateFieldId | null;
  readonly messageId: SubmissionMessageId;
  readonly params: MessageParams;
}

/**
 * What the rules draw on besides the rows. With `autonumber` (the server, after reserving numbers)
 * the rows are final; without, a preview (see the notes at the top of this file).
 */
export interface RowSources {
  /** The day auto-populated dates print. */
  readonly today: CalendarDate;
  /** The number of autonumber counter `counterId` (a segment's or a field's id) for row `row`. */
  readonly autonumber?: (counterId: number, row: number) => number;
  /** Uniform integers for random segments; a preview without it draws a fixed value per row. */
  readonly randomInt?: RandomIntSource;
  /** Per-session random values; one per submission. */
  readonly session?: RandomSessionCache;
  /** A new row identifier for an empty cv_id cell; without it the cell stays empty. */
  readonly newCvId?: () => string;
  /** Whether `value` of the field `fieldKey` is already in the template's dataset (must_be_unique). */
  readonly isTaken?: (fieldKey: string, value: string) => boolean;
}

/** The answer of a validation: the governed rows, every problem, and which cells are previews. */
export interface ValidatedRows {
  readonly rows: SubmissionRow[];
  readonly problems: SubmissionProblem[];
  /** Per row, the keys of cells holding a preview value (autonumbers not yet issued). */
  readonly provisional: ReadonlyArray<ReadonlySet<string>>;
}

/** An autonumber counter a submission draws from: a pattern's autonumber segment or a field-set autonumber field. */
export interface AutonumberCounter {
  /** The counter's id: the segment's id, or the autonumber field's id (both are field ids). */
  readonly counterId: number;
  readonly startValue: number;
  readonly minWidth: number;
}

/** The state of one row while its steps run. */
interface RowState {
  readonly row: number;
  readonly values: Map<string, string>;
  readonly dates: Map<string, CalendarDate>;
  readonly provisional: Set<string>;
  readonly failed: Set<string>;
  readonly problems: SubmissionProblem[];
  readonly sources: RowSources;
  readonly session: RandomSessionCache;
}

/** One field's work on a row, in one phase. */
interface FieldStep {
  readonly key: string;
  readonly phase: 'input' | 'computed';
  /** Keys of the fields a computed step reads (they are computed first). */
  readonly reads: readonly string[];
  run(state: RowState): void;
}

/** What a cell rule can see of the form, indexed once. */
interface FormEnv {
  readonly form: SubmissionForm;
  readonly byKey: ReadonlyMap<string, TemplateField>;
  /** The first template field standing for each field id. */
  readonly byFieldId: ReadonlyMap<string, TemplateField>;
  readonly lists: ReadonlyMap<number, ListIndex>;
  readonly patterns: ReadonlyMap<number, SubmissionPattern>;
  readonly autonumbers: ReadonlyMap<number, { start_value: number; min_width: number }>;
}

/** Makes a field's step from its settings; one per governance type. */
type CellRule = (field: TemplateField, env: FormEnv) => FieldStep | null;

function nameOf(field: TemplateField): string {
  return field.field.name.trim() || `Field ${field.precedence + 1}`;
}

function report(
  state: RowState,
  field: TemplateField,
  messageId: SubmissionMessageId,
  params: Record<string, string | number> = {},
): void {
  state.failed.add(fieldKey(field));
  state.problems.push({
    row: state.row,
    fieldId: field.id,
    messageId,
    params: { field: nameOf(field), ...params },
  });
}

function cellOf(state: RowState, key: string): string {
  return state.values.get(key) ?? '';
}

/** Whether a default fills this field's empty cell: hidden fields, or apply_default_value_to_empty_values. */
function defaultApplies(field: TemplateField): boolean {
  return field.default_value !== '' && (field.apply_default_value_to_empty_values || !field.visible_on_form);
}

function withDefault(field: TemplateField, value: string): string {
  return value.trim() === '' && defaultApplies(field) ? field.default_value : value;
}

/** A problem a rule found in one cell text: the message and its parameters (without the field's name). */
interface CellFinding {
  readonly messageId: SubmissionMessageId;
  readonly params: Record<string, string | number>;
}

/** An input step that trims the value (after the default) and checks nothing else. */
function trimmed(field: TemplateField): FieldStep {
  const key = fieldKey(field);
  return {
    key,
    phase: 'input',
    reads: [],
    run(state) {
      state.values.set(key, withDefault(field, cellOf(state, key)).trim());
    },
  };
}

/** The segment of a pattern a segment field stands for, or undefined. */
function segmentOf(field: TemplateField, env: FormEnv): PatternSegment | undefined {
  const parent = field.field.segment_parent_field_id;
  if (typeof parent !== 'number') return undefined;
  return env.patterns.get(parent)?.segments.find((s) => String(s.id) === String(field.field.segment_id));
}

/** The pattern field whose code fills a segment field, or undefined. */
function patternFieldOf(field: TemplateField, env: FormEnv): TemplateField | undefined {
  const parent = field.field.segment_parent_field_id;
  if (parent === null) return undefined;
  for (const f of env.form.fields) if (f.field.is_pattern && String(f.field_id) === String(parent)) return f;
  return undefined;
}

const textRule: CellRule = (field) => {
  const key = fieldKey(field);
  const check = compileTextCheck(field.validation, field.min_length, field.max_length);
  const outcome = memoByText((cell): { value: string; finding: CellFinding | null } => {
    const value = transformText(withDefault(field, cell), field.transformation);
    const problem = value === '' ? null : check(value);
    return {
      value,
      finding: problem ? { messageId: problem.messageId, params: { ...problem.params, value } } : null,
    };
  });
  return {
    key,
    phase: 'input',
    reads: [],
    run(state) {
      const { value, finding } = outcome(cellOf(state, key));
      state.values.set(key, value);
      if (finding) report(state, field, finding.messageId, finding.params);
    },
  };
};

const listRule: CellRule = (field, env) => {
  const key = fieldKey(field);
  const governance = field.list_governance;
  const index = governance?.list_id != null ? env.lists.get(governance.list_id) : undefined;
  const column =
    governance?.list_column_id != null ? index?.columnIndex.get(governance.list_column_id) : undefined;
  const separator = delimiterText(governance?.delimiter, '');
  const isMulti = separator !== '';
  const outcome = memoByText((cell): { value: string; finding: CellFinding | null } => {
    const raw = withDefault(field, cell).trim();
    if (raw === '' || !index || column === undefined) return { value: raw, finding: null };
    const parts = isMulti
      ? raw
          .split(separator)
          .map((p) => p.trim())
          .filter((p) => p !== '')
      : [raw];
    const spelled: string[] = [];
    for (const part of parts) {
      const spelling = listSpelling(index, column, part);
      if (spelling === null) {
        const suggestion = suggestListValue(index, column, part);
        const params = { value: part, list: index.list.name };
        return {
          value: raw,
          finding: suggestion
            ? { messageId: 'listValueDidYouMean', params: { ...params, suggestion } }
            : { messageId: 'listValueUnknown', params },
        };
      }
      spelled.push(spelling);
    }
    return { value: spelled.join(separator), finding: null };
  });
  return {
    key,
    phase: 'input',
    reads: [],
    run(state) {
      const { value, finding } = outcome(cellOf(state, key));
      state.values.set(key, value);
      if (finding) report(state, field, finding.messageId, finding.params);
    },
  };
};

const dateRule: CellRule = (field, env) => {
  const key = fieldKey(field);
  const segment = segmentOf(field, env);
  if (segment?.segment_type === 'date' && segment.auto_populate) {
    // Filled with today by the pattern's step; nothing to enter.
    return { key, phase: 'computed', reads: patternReads(field, env), run() {} };
  }
  const format = field.date ?? (segment?.segment_type === 'date' ? segment : null);
  const codec = format ? dateCodec(format) : null;
  const outcome = memoByText(
    (cell): { value: string; date: CalendarDate | null; finding: CellFinding | null } => {
      const raw = withDefault(field, cell).trim();
      if (raw === '' || !codec) return { value: raw, date: null, finding: null };
      const date = codec.parse(raw);
      if (!date)
        return {
          value: raw,
          date: null,
          finding: { messageId: 'dateInvalid', params: { value: raw, example: codec.example } },
        };
      return { value: codec.format(date), date, finding: null };
    },
  );
  return {
    key,
    phase: 'input',
    reads: [],
    run(state) {
      const { value, date, finding } = outcome(cellOf(state, key));
      if (date) state.dates.set(key, date);
      state.values.set(key, value);
      if (finding) report(state, field, finding.messageId, finding.params);
    },
  };
};

const constantRule: CellRule = (field) => {
  const key = fieldKey(field);
  return {
    key,
    phase: 'input',
    reads: [],
    run(state) {
      state.values.set(key, field.constant_value ?? field.default_value);
    },
  };
};

const CV_ID = /^[A-Za-z0-9_-]{1,64}$/;

const cvIdRule: CellRule = (field) => {
  const key = fieldKey(field);
  return {
    key,
    phase: 'input',
    reads: [],
    run(state) {
      let value = cellOf(state, key).trim();
      if (value === '' && state.sources.newCvId) value = state.sources.newCvId();
      state.values.set(key, value);
      if (value !== '' && !CV_ID.test(value)) report(state, field, 'cvIdInvalid', { value });
    },
  };
};

/** The keys a segment field's value waits for: its pattern field's. */
function patternReads(field: TemplateField, env: FormEnv): string[] {
  const parent = patternFieldOf(field, env);
  return parent ? [fieldKey(parent)] : [];
}

const autonumberRule: CellRule = (field, env) => {
  const key = fieldKey(field);
  if (field.field.segment_parent_field_id !== null) {
    // A segment's number is written by its pattern's step.
    return { key, phase: 'computed', reads: patternReads(field, env), run() {} };
  }
  const settings = typeof field.field_id === 'number' ? env.autonumbers.get(field.field_id) : undefined;
  const counterId = typeof field.field_id === 'number' ? field.field_id : null;
  return {
    key,
    phase: 'computed',
    reads: [],
    run(state) {
      const { autonumber } = state.sources;
      if (!autonumber || counterId === null || !settings) {
        state.values.set(key, '');
        state.provisional.add(key);
        return;
      }
      state.values.set(key, padAutonumber(autonumber(counterId, state.row), settings.min_width));
    },
  };
};

const randomRule: CellRule = (field, env) => ({
  key: fieldKey(field),
  phase: 'computed',
  reads: patternReads(field, env),
  run() {},
});

const autofillRule: CellRule = (field, env) => {
  const key = fieldKey(field);
  const source =
    field.autofill?.field_id != null ? env.byFieldId.get(String(field.autofill.field_id)) : undefined;
  const sourceKey = source ? fieldKey(source) : null;
  return {
    key,
    phase: 'computed',
    reads: sourceKey ? [sourceKey] : [],
    run(state) {
      if (sourceKey === null) {
        state.values.set(key, withDefault(field, ''));
        return;
      }
      state.values.set(key, cellOf(state, sourceKey));
      // A date segment filled from a date field takes that date (spec 03 §2 "Autofill").
      const date = state.dates.get(sourceKey);
      if (date) state.dates.set(key, date);
      if (state.provisional.has(sourceKey)) state.provisional.add(key);
      if (state.failed.has(sourceKey)) state.failed.add(key);
    },
  };
};

const concatenationRule: CellRule = (field, env) => {
  const key = fieldKey(field);
  const governance = field.concatenation_governance;
  const separator = delimiterText(governance?.delimiter, '_');
  const parts = (governance?.field_ids ?? []).flatMap((id) => {
    const source = env.byFieldId.get(String(id));
    return source ? [fieldKey(source)] : [];
  });
  return {
    key,
    phase: 'computed',
    reads: parts,
    run(state) {
      const values: string[] = [];
      for (const part of parts) {
        const value = cellOf(state, part);
        if (value !== '') values.push(value);
        if (state.provisional.has(part)) state.provisional.add(key);
        if (state.failed.has(part)) state.failed.add(key);
      }
      state.values.set(key, values.join(separator));
    },
  };
};

/** A pattern field's pattern, compiled once per form for its rule (spec 02 §2 pattern builder). */
interface PatternPlan {
  readonly pattern: SubmissionPattern;
  /** The template field of each segment, by segment id. */
  readonly segmentFields: ReadonlyMap<string, TemplateField>;
  /** The segments a submitter enters: variables and dates not auto-populated. */
  readonly entered: readonly PatternSegmentOf[];
  /** The final generator (autonumbers issued) and the preview one (autonumbers as placeholder). */
  readonly final: ReturnType<typeof compilePattern>;
  readonly preview: ReturnType<typeof compilePattern>;
  readonly splitFinal: ReturnType<typeof compileSplitCode>;
  readonly hasAutonumber: boolean;
  readonly hasRowRandom: boolean;
  readonly hasRandom: boolean;
  /** Ids of the autonumber segments, as text. */
  readonly autonumberIds: readonly string[];
}

/** One segment of a submission's pattern. */
type PatternSegmentOf = SubmissionPattern['segments'][number];

/** Compiles `pattern` for the form: its segment fields, entered segments and generators. */
function planPattern(pattern: SubmissionPattern, env: FormEnv): PatternPlan {
  const segmentFields = new Map<string, TemplateField>();
  for (const f of env.form.fields)
    if (String(f.field.segment_parent_field_id) === String(pattern.field_id) && f.field.segment_id !== null)
      segmentFields.set(String(f.field.segment_id), f);
  const preview = compilePattern({
    ...pattern,
    segments: pattern.segments.map((s) =>
      s.segment_type === 'autonumber'
        ? {
            id: s.id,
            name: s.name,
            segment_precedence: s.segment_precedence,
            segment_type: 'constant',
            constant_value: AUTONUMBER_PREVIEW_TEXT,
          }
        : s,
    ),
  });
  return {
    pattern,
    segmentFields,
    entered: pattern.segments.filter(
      (s) => s.segment_type === 'variable' || (s.segment_type === 'date' && !s.auto_populate),
    ),
    final: compilePattern(pattern),
    preview,
    splitFinal: compileSplitCode(pattern),
    hasAutonumber: pattern.segments.some((s) => s.segment_type === 'autonumber'),
    hasRowRandom: pattern.segments.some((s) => s.segment_type === 'random' && s.frequency === 'row'),
    hasRandom: pattern.segments.some((s) => s.segment_type === 'random'),
    autonumberIds: pattern.segments.flatMap((s) => (s.segment_type === 'autonumber' ? [String(s.id)] : [])),
  };
}

/**
 * The entered segments' values and dates by segment id, or null when one is empty or failed
 * (then no code can be made).
 */
function enteredSegments(
  plan: PatternPlan,
  state: RowState,
): { values: Record<string, string>; dates: Record<string, CalendarDate> } | null {
  const values: Record<string, string> = {};
  const dates: Record<string, CalendarDate> = {};
  for (const segment of plan.entered) {
    const f = plan.segmentFields.get(String(segment.id));
    if (!f) continue; // the engine names the missing segment
    const k = fieldKey(f);
    if (state.failed.has(k) || cellOf(state, k) === '') return null;
    if (segment.segment_type === 'variable') values[String(segment.id)] = cellOf(state, k);
    else {
      const date = state.dates.get(k);
      if (date) dates[String(segment.id)] = date;
    }
  }
  return { values, dates };
}

/**
 * Hidden segment fields take their part of `code`: an autonumber its padded number (provisional
 * without one), an auto-populated date its formatted day, a random segment its split part.
 */
function fillSegmentFields(
  plan: PatternPlan,
  state: RowState,
  code: string,
  numbers: Record<string, number> | undefined,
  dates: Record<string, CalendarDate>,
  isProvisional: boolean,
): void {
  let parts: Map<string, string> | null = null;
  for (const segment of plan.pattern.segments) {
    const f = plan.segmentFields.get(String(segment.id));
    if (!f) continue;
    const k = fieldKey(f);
    switch (segment.segment_type) {
      case 'autonumber': {
        const n = numbers?.[String(segment.id)];
        state.values.set(k, n === undefined ? '' : padAutonumber(n, segment.min_width));
        if (n === undefined) state.provisional.add(k);
        break;
      }
      case 'date':
        if (segment.auto_populate)
          state.values.set(k, formatDateSegment(segment, dates[String(segment.id)] ?? state.sources.today));
        break;
      case 'random': {
        parts ??= new Map(
          (() => {
            const split = plan.splitFinal(code);
            return split.ok ? split.parts.map((p) => [String(p.segmentId), p.value] as const) : [];
          })(),
        );
        state.values.set(k, parts.get(String(segment.id)) ?? '');
        if (isProvisional) state.provisional.add(k);
        break;
      }
      default:
        break;
    }
  }
}

/**
 * A pattern field's code from its segment fields (spec 02 §2 pattern builder): final when the
 * row's sources issue autonumbers, else a provisional preview; empty and failed when an entered
 * segment is missing; `codeNotGenerated` when the pattern cannot make one.
 */
const patternRule: CellRule = (field, env) => {
  const key = fieldKey(field);
  const pattern = typeof field.field_id === 'number' ? env.patterns.get(field.field_id) : undefined;
  if (!pattern) {
    return {
      key,
      phase: 'computed',
      reads: [],
      run(state) {
        state.values.set(key, '');
      },
    };
  }
  const plan = planPattern(pattern, env);
  const reads = plan.entered.flatMap((s) => {
    const f = plan.segmentFields.get(String(s.id));
    return f ? [fieldKey(f)] : [];
  });
  return {
    key,
    phase: 'computed',
    reads,
    run(state) {
      const entered = enteredSegments(plan, state);
      if (!entered) {
        state.values.set(key, '');
        state.failed.add(key);
        return;
      }
      const { values, dates } = entered;
      const { autonumber, randomInt, today } = state.sources;
      const isFinal = autonumber !== undefined;
      let numbers: Record<string, number> | undefined;
      if (isFinal) {
        numbers = {};
        for (const id of plan.autonumberIds) numbers[id] = autonumber(Number(id), state.row);
      }
      const result = (isFinal ? plan.final : plan.preview)({
        values,
        dates,
        today,
        autonumber: numbers,
        randomInt: randomInt ?? (plan.hasRandom ? seededRandomInt(state.row + 1) : undefined),
        session: state.session,
      });
      if (!result.ok) {
        state.values.set(key, '');
        report(state, field, 'codeNotGenerated', { reason: result.errors[0]?.message ?? 'no code' });
        return;
      }
      state.values.set(key, result.code);
      const isProvisional =
        !isFinal && (plan.hasAutonumber || (plan.hasRowRandom && randomInt === undefined));
      if (isProvisional) state.provisional.add(key);
      fillSegmentFields(plan, state, result.code, numbers, dates, isProvisional);
    },
  };
};

const linkRule: CellRule = (field, env) => {
  const key = fieldKey(field);
  const governance = field.link_governance;
  const autofillSource =
    field.autofill?.field_id != null ? env.byFieldId.get(String(field.autofill.field_id)) : undefined;
  const parameters = [...env.form.parameters]
    .filter((p) => (p.name ?? '').trim() !== '')
    .sort((a, b) => a.precedence - b.precedence)
    .map((p) => {
      const source =
        (p.template_field_id !== null ? env.byKey.get(String(p.template_field_id)) : undefined) ??
        (p.field_id !== null ? env.byFieldId.get(String(p.field_id)) : undefined);
      return { parameter: p, sourceKey: source ? fieldKey(source) : null };
    });
  const reads = [
    ...(autofillSource ? [fieldKey(autofillSource)] : []),
    ...parameters.flatMap((p) => (p.sourceKey && p.sourceKey !== key ? [p.sourceKey] : [])),
  ];
  const build = compileLinkBuilder(
    parameters.map(({ parameter }) => ({
      name: parameter.name ?? '',
      url_encoding: parameter.url_encoding,
      url_name_encoding: parameter.url_name_encoding,
    })),
    {
      domainRestrictions: governance?.domain_restrictions ?? [],
      keepManualEncoding: governance?.do_not_encode_manually_entered_parameters ?? false,
    },
  );
  const values: string[] = new Array(parameters.length);
  return {
    key,
    phase: 'computed',
    reads,
    run(state) {
      const destination = withDefault(
        field,
        autofillSource ? cellOf(state, fieldKey(autofillSource)) : cellOf(state, key),
      ).trim();
      if (destination === '') {
        state.values.set(key, '');
        return;
      }
      for (let i = 0; i < parameters.length; i++) {
        const { sourceKey } = parameters[i]!;
        if (sourceKey && state.provisional.has(sourceKey)) state.provisional.add(key);
        values[i] = sourceKey && sourceKey !== key ? cellOf(state, sourceKey) : '';
      }
      const result = build(destination, values);
      if (result.ok) {
        state.values.set(key, result.link);
        return;
      }
      state.values.set(key, destination);
      if (result.reason === 'invalid') report(state, field, 'linkInvalid', { value: destination });
      else
        report(state, field, 'linkDomainNotAllowed', {
          domain: result.host,
          domains: (governance?.domain_restrictions ?? []).join(', '),
        });
    },
  };
};

/**
 * The rule of each governance type of a template field (spec 02 §3; spec 03 §1, §3): one row per
 * type, so a new type is a new row. A null step leaves the cell as given, trimmed.
 */
export const CELL_RULES: Readonly<Record<TemplateGovernanceType, CellRule>> = {
  text: textRule,
  list: listRule,
  date: dateRule,
  constant: constantRule,
  autonumber: autonumberRule,
  autofill: autofillRule,
  concatenation: concatenationRule,
  creative: trimmed,
  cv_id: cvIdRule,
  link: linkRule,
  random: randomRule,
  pattern: patternRule,
  'shortened-link': trimmed,
  'deep-link': trimmed,
  'custom-bitlink': trimmed,
  'smart-link': trimmed,
  variable: trimmed,
};

/** Governance types whose cells a person fills in (a row with all of them empty is empty). */
const ENTERED_TYPES: ReadonlySet<TemplateGovernanceType | null> = new Set([
  'text',
  'list',
  'date',
  'creative',
  'link',
  'variable',
]);

/** Whether a person fills a field's cells in (text, list, date, creative, link, variable), not the rules. */
export function isEnteredField(field: Pick<TemplateField, 'governance_type'>): boolean {
  return ENTERED_TYPES.has(field.governance_type);
}

/** One list field of a relation group and the list column it maps. */
interface RelatedField {
  readonly field: TemplateField;
  readonly column: number;
}

/** What the relations make of a group's cells: problems and dependent fills by group position. */
interface RelationDecision {
  problems: readonly { at: number; finding: CellFinding }[];
  fills: readonly { at: number; value: string }[];
}

/** A value a group's field holds, chosen for the relation checks. */
interface ChosenValue {
  choice: ListChoice;
  at: number;
  value: string;
}

/**
 * The drill-down and dependent relations of one list's single-value fields, in column order
 * (spec 02 §3 list types): a row step that reports their problems and fills
 * dependent fields, remembering each combination of cells it has decided.
 */
function listRelationStep(index: ListIndex, fields: readonly RelatedField[]) {
  const sorted = [...fields].sort((a, b) => a.column - b.column);
  const keys = sorted.map(({ field }) => fieldKey(field));
  const memo = boundedMemo<RelationDecision>();
  const cells: string[] = new Array(sorted.length);
  const failed: boolean[] = new Array(sorted.length);
  return (state: RowState) => {
    // The memo's key holds each cell with its length (and whether it failed), so no two differ.
    let memoKey = '';
    for (let at = 0; at < keys.length; at++) {
      const key = keys[at]!;
      const value = cellOf(state, key);
      cells[at] = value;
      failed[at] = state.failed.has(key);
      memoKey += `${failed[at] ? 'f' : 'v'}${value.length}:${value}`;
    }
    const { problems, fills } = memo(memoKey, () => decideListRelations(index, sorted, cells, failed));
    for (const { at, finding } of problems)
      report(state, sorted[at]!.field, finding.messageId, finding.params);
    for (const { at, value } of fills) state.values.set(keys[at]!, value);
  };
}

/**
 * What the relations make of the group's cells (`cells[i]` of `sorted[i]`; `failed[i]` when its
 * own rule refused it): the problems by group position and the dependent fills. A pure function
 * of the cells, so it is remembered per combination.
 */
function decideListRelations(
  index: ListIndex,
  sorted: readonly RelatedField[],
  cells: readonly string[],
  failed: readonly boolean[],
): RelationDecision {
  const problems: { at: number; finding: CellFinding }[] = [];
  const chosen = chooseValues(index, sorted, cells, failed, problems);
  if (index.list.type !== 'dependent' || chosen.length === 0) return { problems, fills: [] };
  const rows = rowsMatching(
    index,
    chosen.map((c) => c.choice),
  );
  if (rows.length === 0) {
    const [first, ...rest] = chosen;
    const last = rest[rest.length - 1]!;
    problems.push({
      at: last.at,
      finding: {
        messageId: 'listCombinationUnknown',
        params: { value: last.value, other: nameOf(sorted[first!.at]!.field), otherValue: first!.value },
      },
    });
    return { problems, fills: [] };
  }
  return { problems, fills: dependentFills(index, sorted, rows, cells, failed) };
}

/**
 * The group's filled, not failed values in column order; in a drill-down list a value not under
 * the values chosen before it is left out and reported (`listValueNotUnder`) onto `problems`.
 */
function chooseValues(
  index: ListIndex,
  sorted: readonly RelatedField[],
  cells: readonly string[],
  failed: readonly boolean[],
  problems: { at: number; finding: CellFinding }[],
): ChosenValue[] {
  const chosen: ChosenValue[] = [];
  for (let at = 0; at < sorted.length; at++) {
    const value = cells[at]!;
    if (value === '' || failed[at]) continue;
    const choice: ListChoice = [sorted[at]!.column, matchKey(value)];
    if (index.list.type === 'drill-down' && chosen.length > 0) {
      if (rowsMatching(index, [...chosen.map((c) => c.choice), choice]).length === 0) {
        const parent = chosen[chosen.length - 1]!;
        problems.push({
          at,
          finding: {
            messageId: 'listValueNotUnder',
            params: { value, parent: nameOf(sorted[parent.at]!.field), parentValue: parent.value },
          },
        });
        continue;
      }
    }
    chosen.push({ choice, at, value });
  }
  return chosen;
}

/** Dependent fill: an empty mapped field takes the one value its column has in the fitting `rows`. */
function dependentFills(
  index: ListIndex,
  sorted: readonly RelatedField[],
  rows: readonly number[],
  cells: readonly string[],
  failed: readonly boolean[],
): { at: number; value: string }[] {
  const fills: { at: number; value: string }[] = [];
  for (let at = 0; at < sorted.length; at++) {
    if (cells[at] !== '' || failed[at]) continue;
    let only: string | null = null;
    for (const r of rows) {
      const value = (index.list.rows[r]?.[sorted[at]!.column] ?? '').trim();
      if (value === '' || (only !== null && matchKey(only) !== matchKey(value))) {
        only = null;
        break;
      }
      only ??= value;
    }
    if (only !== null) fills.push({ at, value: only });
  }
  return fills;
}

/** Computed steps in dependency order; steps caught in a cycle are answered separately. */
function orderComputed(steps: readonly FieldStep[]): { ordered: FieldStep[]; cyclic: FieldStep[] } {
  const byKey = new Map(steps.map((s) => [s.key, s]));
  const state = new Map<string, 'visiting' | 'done'>();
  const ordered: FieldStep[] = [];
  const cyclic = new Set<FieldStep>();
  const visit = (step: FieldStep, path: FieldStep[]): void => {
    const mark = state.get(step.key);
    if (mark === 'done') return;
    if (mark === 'visiting') {
      for (const s of path.slice(path.indexOf(step))) cyclic.add(s);
      return;
    }
    state.set(step.key, 'visiting');
    for (const read of step.reads) {
      const dependency = byKey.get(read);
      if (dependency && dependency !== step) visit(dependency, [...path, step]);
    }
    state.set(step.key, 'done');
    ordered.push(step);
  };
  for (const step of steps) visit(step, []);
  return { ordered: ordered.filter((s) => !cyclic.has(s)), cyclic: [...cyclic] };
}

/** A compiled submission form: validates rows against its template's rules. */
export interface SubmissionValidator {
  /** The form it was compiled from. */
  readonly form: SubmissionForm;
  /** The autonumber counters a final validation draws from (the server reserves them). */
  readonly counters: readonly AutonumberCounter[];
  /**
   * One row: the governed row, its problems and its preview cells. Uniqueness is not checked here.
   * `row` is read, never kept (a caller may reuse it for the next row); '' is an empty cell.
   */
  validateRow(
    row: Readonly<Record<string, string | null | undefined>>,
    index: number,
    sources: RowSources,
    session?: RandomSessionCache,
  ): { row: SubmissionRow; problems: SubmissionProblem[]; provisional: Set<string> };
  /** Every row, then must_be_unique across them and against the dataset (`sources.isTaken`). */
  validateRows(
    rows: readonly Readonly<Record<string, string | null | undefined>>[],
    sources: RowSources,
  ): ValidatedRows;
  /** The must_be_unique problems of governed rows: duplicates within them and values `isTaken` knows. */
  uniquenessProblems(
    rows: readonly SubmissionRow[],
    provisional: ReadonlyArray<ReadonlySet<string>>,
    isTaken?: RowSources['isTaken'],
  ): SubmissionProblem[];
  /** Keys of the fields whose values must be unique (template must_be_unique, or a unique pattern's code). */
  readonly uniqueKeys: readonly string[];
}

/**
 * Compiles a submission form: indexes its lists, compiles its patterns once and
 * orders its computed fields, so each row costs only its own cells. Never throws on a form the
 * template editor allows or on any row; what cannot be governed is a problem of the row.
 */
export function compileSubmissionForm(form: SubmissionForm): SubmissionValidator {
  const env = formEnv(form);
  const { fields } = env.form;
  const uniqueFields = uniqueFieldsOf(fields, env);
  const validateRow = rowValidator(rowPlan(fields, env));
  const uniquenessProblems = uniquenessChecker(uniqueFields);
  return {
    form: env.form,
    counters: autonumberCounters(form, fields, env),
    uniqueKeys: uniqueFields.map(fieldKey),
    validateRow,
    uniquenessProblems,
    validateRows: rowsValidator(validateRow, uniquenessProblems),
  };
}

/** The form's fields in precedence order, indexed by key and field id, with its lists, patterns and autonumbers indexed. */
function formEnv(form: SubmissionForm): FormEnv {
  const fields = [...form.fields].sort((a, b) => a.precedence - b.precedence);
  const byFieldId = new Map<string, TemplateField>();
  for (const f of fields)
    if (f.field_id !== null && !byFieldId.has(String(f.field_id))) byFieldId.set(String(f.field_id), f);
  return {
    form: { ...form, fields },
    byKey: new Map(fields.map((f) => [fieldKey(f), f])),
    byFieldId,
    lists: new Map(form.lists.map((l) => [l.id, indexList(l)])),
    patterns: new Map(form.patterns.map((p) => [p.field_id, p])),
    autonumbers: new Map(form.autonumbers.map((a) => [a.field_id, a])),
  };
}

/** What governing one row runs, in order, compiled once per form (see {@link rowPlan}). */
interface RowPlan {
  readonly env: FormEnv;
  /** Every field's key: the cells a row is read from. */
  readonly keys: readonly string[];
  /** Keys of the fields a user enters: a row with all of them blank is empty. */
  readonly enteredKeys: readonly string[];
  readonly required: readonly { field: TemplateField; key: string }[];
  readonly inputs: readonly FieldStep[];
  readonly relations: readonly ((state: RowState) => void)[];
  /** Computed steps in dependency order, then those caught in a cycle. */
  readonly computed: readonly FieldStep[];
  readonly cyclic: readonly FieldStep[];
}

/** Each field's step from its governance type's rule (`CELL_RULES`), input steps apart from computed ones in order. */
function rowPlan(fields: readonly TemplateField[], env: FormEnv): RowPlan {
  const steps = fields.flatMap((f) => {
    const rule = f.governance_type ? CELL_RULES[f.governance_type] : trimmed;
    const step = (rule ?? trimmed)(f, env);
    return step ? [step] : [];
  });
  const { ordered: computed, cyclic } = orderComputed(steps.filter((s) => s.phase === 'computed'));
  return {
    env,
    keys: fields.map(fieldKey),
    enteredKeys: fields.filter((f) => ENTERED_TYPES.has(f.governance_type)).map(fieldKey),
    required: fields.filter((f) => f.required).map((f) => ({ field: f, key: fieldKey(f) })),
    inputs: steps.filter((s) => s.phase === 'input'),
    relations: listRelations(fields, env),
    computed,
    cyclic,
  };
}

/** Single-value list fields grouped by list, for drill-down and dependent relations: one step per list. */
function listRelations(fields: readonly TemplateField[], env: FormEnv): ((state: RowState) => void)[] {
  const groups = new Map<number, { field: TemplateField; column: number }[]>();
  for (const f of fields) {
    const g = f.list_governance;
    if (f.governance_type !== 'list' || !g || g.list_id === null || g.list_column_id === null) continue;
    if (delimiterText(g.delimiter, '') !== '') continue;
    const index = env.lists.get(g.list_id);
    const column = index?.columnIndex.get(g.list_column_id);
    if (!index || column === undefined || index.list.type === 'drop-down') continue;
    const group = groups.get(g.list_id) ?? [];
    group.push({ field: f, column });
    groups.set(g.list_id, group);
  }
  return [...groups].map(([listId, group]) => listRelationStep(env.lists.get(listId)!, group));
}

/** The fields whose values must be unique: template must_be_unique, or a unique pattern's code. */
function uniqueFieldsOf(fields: readonly TemplateField[], env: FormEnv): TemplateField[] {
  return fields.filter(
    (f) =>
      f.must_be_unique ||
      (f.governance_type === 'pattern' &&
        typeof f.field_id === 'number' &&
        env.patterns.get(f.field_id)?.must_be_unique === true),
  );
}

/** The autonumber counters of the form: its patterns' autonumber segments, then its own autonumber fields. */
function autonumberCounters(
  form: SubmissionForm,
  fields: readonly TemplateField[],
  env: FormEnv,
): AutonumberCounter[] {
  const counters: AutonumberCounter[] = [];
  for (const p of form.patterns)
    for (const s of p.segments)
      if (s.segment_type === 'autonumber' && typeof s.id === 'number')
        counters.push({ counterId: s.id, startValue: s.start_value, minWidth: s.min_width });
  for (const f of fields) {
    if (f.governance_type !== 'autonumber' || f.field.segment_parent_field_id !== null) continue;
    const settings = typeof f.field_id === 'number' ? env.autonumbers.get(f.field_id) : undefined;
    if (settings && typeof f.field_id === 'number')
      counters.push({
        counterId: f.field_id,
        startValue: settings.start_value,
        minWidth: settings.min_width,
      });
  }
  return counters;
}

/**
 * The `validateRow` of a compiled form: reads the row's cells, answers an empty row as such, else
 * runs the input steps, the list relations, the computed steps, reports cycles and required cells.
 */
function rowValidator(plan: RowPlan): SubmissionValidator['validateRow'] {
  const { env, keys, enteredKeys, required, inputs, relations, computed, cyclic } = plan;
  // One row's working maps, reused row after row (every key is written again first, the others
  // cleared), so governing many rows does not allocate and grow them for each one.
  const values = new Map<string, string>();
  const dates = new Map<string, CalendarDate>();
  const failed = new Set<string>();
  return (input, index, sources, session) => {
    dates.clear();
    failed.clear();
    if (values.size > keys.length) values.clear();
    const state: RowState = {
      row: index,
      values,
      dates,
      provisional: new Set(),
      failed,
      problems: [],
      sources,
      session: session ?? sources.session ?? createSessionCache(),
    };
    for (const key of keys) {
      const value = input[key];
      state.values.set(key, typeof value === 'string' ? value : '');
    }
    let isEmpty = enteredKeys.length > 0;
    for (let i = 0; isEmpty && i < enteredKeys.length; i++)
      if (cellOf(state, enteredKeys[i]!).trim() !== '') isEmpty = false;
    if (isEmpty) {
      state.problems.push({ row: index, fieldId: null, messageId: 'rowEmpty', params: {} });
    } else {
      for (const step of inputs) step.run(state);
      for (const relation of relations) relation(state);
      for (const step of computed) step.run(state);
      for (const step of cyclic) report(state, env.byKey.get(step.key)!, 'computedCycle');
      for (const { field: f, key } of required) {
        if (cellOf(state, key) === '' && !state.failed.has(key) && !state.provisional.has(key))
          report(state, f, 'required');
      }
    }
    const row: SubmissionRow = {};
    state.values.forEach((value, key) => {
      row[key] = value;
    });
    return { row, problems: state.problems, provisional: state.provisional };
  };
}

/** The `uniquenessProblems` of a compiled form over `uniqueFields`: duplicates within the rows, then values `isTaken` knows. */
function uniquenessChecker(
  uniqueFields: readonly TemplateField[],
): SubmissionValidator['uniquenessProblems'] {
  return (rows, provisional, isTaken) => {
    const problems: SubmissionProblem[] = [];
    for (const field of uniqueFields) {
      const key = fieldKey(field);
      const firstRow = new Map<string, number>();
      rows.forEach((row, r) => {
        const value = row[key] ?? '';
        if (value === '' || provisional[r]?.has(key)) return;
        const seen = firstRow.get(value);
        const params = { field: nameOf(field), value };
        if (seen !== undefined)
          problems.push({
            row: r,
            fieldId: field.id,
            messageId: 'notUniqueInSubmission',
            params: { ...params, otherRow: seen + 1 },
          });
        else {
          firstRow.set(value, r);
          if (isTaken?.(key, value))
            problems.push({ row: r, fieldId: field.id, messageId: 'alreadyTaken', params });
        }
      });
    }
    return problems;
  };
}

/** The `validateRows` of a compiled form: every row in one random session, then uniqueness, problems by row. */
function rowsValidator(
  validateRow: SubmissionValidator['validateRow'],
  uniquenessProblems: SubmissionValidator['uniquenessProblems'],
): SubmissionValidator['validateRows'] {
  return (rows, sources) => {
    const session = sources.session ?? createSessionCache();
    const out: SubmissionRow[] = [];
    const problems: SubmissionProblem[] = [];
    const provisional: Set<string>[] = [];
    rows.forEach((input, i) => {
      const result = validateRow(input, i, sources, session);
      out.push(result.row);
      provisional.push(result.provisional);
      for (const p of result.problems) problems.push(p);
    });
    for (const p of uniquenessProblems(out, provisional, sources.isTaken)) problems.push(p);
    problems.sort((a, b) => a.row - b.row);
    return { rows: out, problems, provisional };
  };
}

/** Validates one row of `form` (see `compileSubmissionForm`); compile once to validate many. */
export function validateRow(
  form: SubmissionForm,
  row: Readonly<Record<string, string | null | undefined>>,
  sources: RowSources,
  index = 0,
): { row: SubmissionRow; problems: SubmissionProblem[]; provisional: Set<string> } {
  return compileSubmissionForm(form).validateRow(row, index, sources);
}

/** Validates the rows of a submission of `form` (see `compileSubmissionForm`). */
export function validateRows(
  form: SubmissionForm,
  rows: readonly Readonly<Record<string, string | null | undefined>>[],
  sources: RowSources,
): ValidatedRows {
  return compileSubmissionForm(form).validateRows(rows, sources);
}
