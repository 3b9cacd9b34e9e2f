import { formatMessage, type MessageParams } from '../integrations/messages';

/**
 * The one catalogue of submission cell problems (issue 11 item 2; spec 03 §5 "messages are
 * localized by id"): message id → English text with `{param}` placeholders. Problems carry the id
 * and params, never the text, so the grid, the import and the server's 400 answer say the same
 * thing. `{field}` is the template field's name. The spec shows no wording; these texts are ours.
 */
export const SUBMISSION_MESSAGES = {
  required: '{field} is required',
  rowEmpty: 'The row is empty',
  textTooShort: '{field}: at least {min} characters',
  textTooLong: '{field}: at most {max} characters',
  textCharacters: '{field}: {allowed} only',
  textPattern: '{field}: "{value}" does not have the required format',
  listValueUnknown: '{field}: "{value}" is not in the list {list}',
  listValueDidYouMean: '{field}: "{value}" is not in the list {list}. Did you mean "{suggestion}"?',
  listValueNotUnder: '{field}: "{value}" is not under {parent} "{parentValue}"',
  listCombinationUnknown: '{field}: "{value}" does not go with {other} "{otherValue}"',
  dateInvalid: '{field}: "{value}" is not a date (use YYYY-MM-DD or {example})',
  linkInvalid: '{field}: enter a web address starting with http:// or https://',
  linkDomainNotAllowed: '{field}: the domain {domain} is not allowed (use {domains})',
  codeNotGenerated: '{field}: {reason}',
  notUniqueInSubmission: '{field}: "{value}" is also in row {otherRow}',
  alreadyTaken: '{field}: "{value}" is already in the dataset',
  cvIdInvalid: '{field}: "{value}" is not a row identifier',
  computedCycle: '{field}: it is computed from itself',
} as const satisfies Record<string, string>;

/** The id of one message of {@link SUBMISSION_MESSAGES}. */
export type SubmissionMessageId = keyof typeof SUBMISSION_MESSAGES;

/** The English text of a submission problem: its catalogue entry filled with its params. Never throws. */
export function submissionMessageText(messageId: SubmissionMessageId, params: MessageParams = {}): string {
  return formatMessage(SUBMISSION_MESSAGES[messageId], params);
}
