import { compileNameParser, type NameParse, suggestName, suggestValue } from '../patterns/parse';
import { isHostAllowed } from '../submissions/links';
import type { SubmissionForm, SubmissionList, SubmissionPattern } from '../submissions/submission-form';
import type { TemplateField } from '../templates/templates.contract';
import type { AuditReason } from './audits.contract';

/**
 * The rules an audit checks each live object against (README "Audits"), compiled once per run
 * from the template's submission form (the shape the submission table governs with, so an audit
 * judges names exactly as a submission would make them):
 * - the name: parsed against the pattern of the chosen pattern field with the lists behind its
 *   variable segments' fields (`compileNameParser`); the first point where it stops matching is
 *   the reason, and, when the parser suggests a value, the name the template would produce with it;
 * - the link: each link parameter of the template must be in the URL's query, and a parameter whose
 *   field draws from a list must carry a value of that list; the host must pass the link field's
 *   domain restrictions. A URL without scheme and host (Meta's `url_tags`) is read as its query.
 * Pure: no I/O; the landing page's status is the run's own check.
 */

/** A link parameter as an audit checks it. */
interface ParameterRule {
  name: string;
  /** Allowed values (the list behind the parameter's field), or null when any value goes. */
  allowed: ReadonlySet<string> | null;
  allowedList: readonly string[];
  listName: string | null;
  /** Where the value the template would put here comes from: the name, a segment, or nothing known. */
  source: { kind: 'name' } | { kind: 'segment'; segmentId: string } | null;
}

/** The compiled rules of one audit run. */
export interface AuditRules {
  readonly pattern: SubmissionPattern;
  /** The template field of each of the pattern's segments, by segment id (as text). */
  readonly segmentFields: ReadonlyMap<string, TemplateField>;
  readonly parse: (name: string) => NameParse;
  readonly parameters: readonly ParameterRule[];
  readonly domains: readonly string[];
}

/** What checking one object found: its reasons (none: compliant) and the suggestions. */
export interface AuditVerdict {
  reasons: AuditReason[];
  suggestedName: string | null;
  suggestedUrl: string | null;
}

/** The values of a list field's column (distinct, non-empty, in list order), with the list's name. */
function listValuesOf(field: TemplateField | undefined, lists: readonly SubmissionList[]) {
  const governance = field?.list_governance;
  if (!governance?.list_id) return null;
  const list = lists.find((l) => l.id === governance.list_id);
  if (!list) return null;
  const column = Math.max(
    0,
    list.columns.findIndex((c) => c.id === governance.list_column_id),
  );
  const values = [...new Set(list.rows.map((r) => r[column] ?? '').filter((v) => v !== ''))];
  return { values, name: list.name };
}

/** The field a template field takes its value from when it is autofilled (one hop), else itself. */
function governingField(field: TemplateField | undefined, fields: readonly TemplateField[]) {
  if (field?.governance_type !== 'autofill' || !field.autofill?.field_id) return field;
  return fields.find((f) => String(f.field_id) === String(field.autofill?.field_id)) ?? field;
}

/**
 * Compiles the rules of `form` for the pattern field `patternFieldId` (its first pattern when
 * null). Throws an Error naming the problem when the template has no such pattern.
 */
export function compileAuditRules(form: SubmissionForm, patternFieldId: number | null): AuditRules {
  const pattern =
    patternFieldId === null ? form.patterns[0] : form.patterns.find((p) => p.field_id === patternFieldId);
  if (!pattern) throw new Error(`${form.template_name} has no pattern field to read names with`);
  const segmentFields = new Map<string, TemplateField>();
  for (const f of form.fields)
    if (String(f.field.segment_parent_field_id) === String(pattern.field_id) && f.field.segment_id !== null)
      segmentFields.set(String(f.field.segment_id), f);
  const allowed: Record<string, string[]> = {};
  const listNames: Record<string, string> = {};
  for (const segment of pattern.segments) {
    if (segment.segment_type !== 'variable') continue;
    const values = listValuesOf(
      governingField(segmentFields.get(String(segment.id)), form.fields),
      form.lists,
    );
    if (!values) continue;
    allowed[String(segment.id)] = values.values;
    listNames[String(segment.id)] = values.name;
  }
  const patternTemplateField = form.fields.find((f) => String(f.field_id) === String(pattern.field_id));
  const parameters = form.parameters
    .filter((p) => p.name.trim() !== '')
    .map((p): ParameterRule => {
      const field = form.fields.find((f) => String(f.id) === String(p.template_field_id));
      const values = listValuesOf(governingField(field, form.fields), form.lists);
      const segmentEntry = [...segmentFields].find(([, f]) => f === field);
      return {
        name: p.name.trim(),
        allowed: values ? new Set(values.values) : null,
        allowedList: values?.values ?? [],
        listName: values?.name ?? null,
        source:
          field && field === patternTemplateField
            ? { kind: 'name' }
            : segmentEntry
              ? { kind: 'segment', segmentId: segmentEntry[0] }
              : null,
      };
    });
  const linkField = form.fields.find((f) => f.governance_type === 'link');
  return {
    pattern,
    segmentFields,
    parse: compileNameParser(pattern, { allowed, listNames }),
    parameters,
    domains: linkField?.link_governance?.domain_restrictions ?? [],
  };
}

/** The name check: reasons and the suggested name. */
function checkName(rules: AuditRules, name: string) {
  if (name.trim() === '')
    return {
      parse: null,
      reasons: [{ kind: 'missing_name', message: 'The object has no name' }],
      suggested: null,
    };
  const parse = rules.parse(name);
  if (parse.ok) return { parse, reasons: [], suggested: null };
  const { failure } = parse;
  const segment = failure.segmentId === null ? null : String(failure.segmentId);
  const reasons: AuditReason[] = [{ kind: failure.reason, message: failure.message, segment }];
  let suggested: string | null = null;
  // Every segment was read: the name the template makes with the allowed values meant.
  if (failure.reason === 'not_in_list' && parse.parts.some((p) => p.suggestion !== undefined)) {
    const rebuilt = suggestName(rules.pattern, parse.parts);
    if (rebuilt.ok) suggested = rebuilt.code;
  }
  return { parse, reasons, suggested };
}

/** The query of a URL or of a bare query string (`url_tags`), and the URL when it is one. */
function readUrl(text: string): { url: URL | null; query: URLSearchParams } | null {
  const trimmed = text.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    try {
      const url = new URL(trimmed);
      return { url, query: url.searchParams };
    } catch {
      return null;
    }
  }
  return { url: null, query: new URLSearchParams(trimmed.replace(/^\?/, '')) };
}

/** The value the template would put in a parameter, from the (suggested) name and its parsed segments. */
function expectedValue(rule: ParameterRule, name: string, parse: NameParse | null): string | null {
  if (rule.source?.kind === 'name') return name;
  if (rule.source?.kind === 'segment' && parse) {
    const id = rule.source.segmentId;
    const part = parse.parts.find((p) => String(p.segmentId) === id);
    return part?.value ?? null;
  }
  return null;
}

/** The link check: reasons and the suggested URL (or query) with what could be corrected. */
function checkLink(rules: AuditRules, text: string, name: string, parse: NameParse | null) {
  const reasons: AuditReason[] = [];
  if (text.trim() === '' || (rules.parameters.length === 0 && rules.domains.length === 0))
    return { reasons, suggested: null };
  const read = readUrl(text);
  if (!read)
    return { reasons: [{ kind: 'invalid_url', message: `'${text}' is not a URL` }], suggested: null };
  if (read.url && rules.domains.length > 0 && !isHostAllowed(read.url.hostname, rules.domains))
    reasons.push({
      kind: 'domain_not_allowed',
      message: `${read.url.hostname} is not an allowed domain (${rules.domains.join(', ')})`,
    });
  const fixed = new URLSearchParams(read.query);
  let changed = false;
  for (const rule of rules.parameters) {
    const value = read.query.get(rule.name);
    if (value === null) {
      reasons.push({ kind: 'missing_parameter', message: `missing ${rule.name}` });
      const expected = expectedValue(rule, name, parse);
      if (expected) {
        fixed.set(rule.name, expected);
        changed = true;
      }
      continue;
    }
    if (rule.allowed && !rule.allowed.has(value)) {
      const suggestion = suggestValue(value, rule.allowedList) ?? null;
      reasons.push({
        kind: 'disallowed_value',
        message: `${rule.name}: '${value}' is not in ${rule.listName}${suggestion === null ? '' : `; did you mean '${suggestion}'?`}`,
      });
      if (suggestion !== null) {
        fixed.set(rule.name, suggestion);
        changed = true;
      }
    }
  }
  if (!changed) return { reasons, suggested: null };
  if (!read.url) return { reasons, suggested: fixed.toString() };
  const url = new URL(read.url.href);
  url.search = fixed.toString();
  return { reasons, suggested: url.href };
}

/**
 * Checks one live object: its `name` against the pattern and lists, its `url` (a URL, a query
 * string, or '' when the platform has none) against the link governance. No reasons: compliant.
 */
export function checkAuditObject(rules: AuditRules, name: string, url: string): AuditVerdict {
  const named = checkName(rules, name);
  const link = checkLink(rules, url, named.suggested ?? name, named.parse);
  return {
    reasons: [...named.reasons, ...link.reasons],
    suggestedName: named.suggested,
    suggestedUrl: link.suggested,
  };
}
