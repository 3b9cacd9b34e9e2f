import { FILENAME_PLACEHOLDERS } from './file-settings';
import { type IntegrationAssignment, isMetadataFlagOn, parseRecipientList } from './integration-assignment';
import { type IntegrationIssue, integrationIssue } from './issues';

/**
 * The `{word}` placeholders of a filename pattern that are not one of spec 03 §5's four (template
 * name, submission name, submitted at, submitted by), each written as in the pattern (`{foo}`), in
 * order of appearance and without repeats. Text outside braces is free. Never throws.
 */
export function unknownFilenamePlaceholders(pattern: string): string[] {
  const known = new Set<string>(FILENAME_PLACEHOLDERS);
  const unknown: string[] = [];
  for (const [whole, word] of pattern.matchAll(/\{([^{}]*)\}/g))
    if (!known.has(word ?? '') && !unknown.includes(whole)) unknown.push(whole);
  return unknown;
}

/**
 * The file output checks of integrations that write files (spec 03 §3 file_type, delimiter,
 * filename_pattern; §5 "Filename pattern placeholders"; §9 delimiters and file types): at least one
 * file type, a delimiter when CSV is among them, a filename pattern that is not blank and holds only
 * the four placeholders. Pure; `a.name` is the name messages use.
 */
export function checkFileOutput(a: IntegrationAssignment): IntegrationIssue[] {
  const issues: IntegrationIssue[] = [];
  if (a.file_type.length === 0) issues.push(integrationIssue(a, 'fileTypeRequired'));
  if (a.file_type.includes('csv') && a.delimiter === null)
    issues.push(integrationIssue(a, 'delimiterRequired'));
  if (a.filename_pattern.trim() === '') issues.push(integrationIssue(a, 'filenamePatternRequired'));
  for (const placeholder of unknownFilenamePlaceholders(a.filename_pattern))
    issues.push(integrationIssue(a, 'filenamePlaceholderUnknown', { placeholder }));
  return issues;
}

/**
 * The email output needs someone to send to (ours; spec 03 §3 to, cc, bcc, sendToSubmitter): a
 * recipient in `to`, `cc` or `bcc`, or sendToSubmitter on. Lists that are not lists of texts count
 * as empty (their shape is the metadata schema's business).
 */
export function checkEmailRecipients(a: IntegrationAssignment): IntegrationIssue[] {
  const hasRecipient = ['to', 'cc', 'bcc'].some(
    (key) => (parseRecipientList(a.metadata[key]) ?? []).length > 0,
  );
  return hasRecipient || isMetadataFlagOn(a.metadata, 'sendToSubmitter')
    ? []
    : [integrationIssue(a, 'emailRecipientRequired')];
}

/**
 * A custom report needs at least one selected output field (spec 03 §3 report_type custom,
 * included_output_fields; ours: default reports hold every field of the template).
 */
export function checkOutputFields(a: IntegrationAssignment): IntegrationIssue[] {
  return a.report_type === 'custom' && !a.included_output_fields.some((f) => f.selected)
    ? [integrationIssue(a, 'outputFieldsRequired')]
    : [];
}
