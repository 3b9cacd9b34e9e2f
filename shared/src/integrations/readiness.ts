import { z } from 'zod';
import type { IntegrationAssignmentId } from './integration-assignment';
import type { IssueType } from './issues';
import { formatMessage, type IntegrationMessageId, type MessageParams } from './messages';

/**
 * "Connecting never loses work" (spec 03 §4 "Integrations", §5 "Per-integration checks"): an
 * integration assignment that still lacks a setting the admin has to choose — a connected account,
 * a required value, a mapping, a recipient — does not block the template's save. It is saved
 * "Not ready" and never runs until it is completed and saved again. The rule is derived, never
 * set by hand: the per-integration checks whose message says something is still to be filled in
 * are the *missing settings* below; any other integration error (a value of the wrong shape, a
 * date too old, a reserved table name) still blocks the save. The template validation
 * (`validateTemplate`) turns missing settings into warnings plus one `integrationNotReady` warning
 * per assignment; the editor shows them, and the server's save stores the result on the
 * assignment so that no run starts from it (submit, approval, schedule, "Sync now").
 */

/**
 * What each missing-setting check asks the admin to do, by message id: the words after
 * "Not ready: " (`{param}` placeholders as in the message catalogue). A message id not listed is
 * not a missing setting.
 */
export const INTEGRATION_MISSING_TEXTS: Partial<Record<IntegrationMessageId, string>> = {
  nameRequired: 'give it a name',
  accountRequired: 'choose a connected account',
  valueRequired: 'choose {item}',
  linkFieldRequired: 'add a link field to the template',
  mappingRequired: 'map {item} to a template field',
  mappingsRequired: 'map at least one field',
  mappingUnfilled: 'choose a template field for {item}',
  folderRequired: 'choose a folder',
  notificationRecipientRequired: 'add a recipient for the notification emails',
  identifierFieldsRequired: 'choose identifier fields',
  emailRecipientRequired: 'add a recipient, or send the email to the submitter',
  fileTypeRequired: 'choose a file type',
  delimiterRequired: 'choose a delimiter',
  filenamePatternRequired: 'fill in the file name pattern',
  outputFieldsRequired: 'choose at least one output field',
  qrValueRequired: 'fill in the QR code {item}',
  qrConfigNotValidated: 'validate the QR code config',
  snowflakeTableNameEmpty: 'fill in the table name',
  classificationSourceUrlRequired: 'choose a classifications source URL',
};

/** The part of an issue the readiness rule reads. */
export interface ReadinessIssue {
  type: IssueType;
  messageId: string;
  params: MessageParams;
  integrationId?: IntegrationAssignmentId;
}

/**
 * Whether an integration issue says a setting is still missing (one of
 * {@link INTEGRATION_MISSING_TEXTS}): it makes its assignment "Not ready" instead of blocking the
 * template's save. The per-integration checks answer it as an ERROR; `validateTemplate` as a
 * WARNING (it no longer blocks), so both count.
 */
export function isMissingSettingIssue(issue: Pick<ReadinessIssue, 'messageId'>): boolean {
  return Object.hasOwn(INTEGRATION_MISSING_TEXTS, issue.messageId);
}

/**
 * What a missing-setting issue asks for, in words ("choose a connected account"); the message's
 * own text for any other issue. Never throws.
 */
export function missingSettingText(issue: Pick<ReadinessIssue, 'messageId' | 'params'>): string {
  const text = (INTEGRATION_MISSING_TEXTS as Record<string, string | undefined>)[issue.messageId];
  return formatMessage(text ?? issue.messageId, issue.params);
}

/** "Not ready: choose a connected account; choose a folder" (the words of each missing setting). */
export function notReadyText(missing: readonly string[]): string {
  return `Not ready: ${missing.join('; ')}`;
}

/**
 * Whether an integration assignment may run (answered with the template, computed at its save):
 * `is_ready` false while `missing` names what the admin still has to choose, in the words of
 * {@link INTEGRATION_MISSING_TEXTS}. Read-only: a save ignores what it is sent.
 */
export const integrationReadinessSchema = z.object({
  is_ready: z.boolean(),
  missing: z.array(z.string().max(500)).max(100),
});
/** An integration assignment's readiness (see {@link integrationReadinessSchema}). */
export type IntegrationReadiness = z.infer<typeof integrationReadinessSchema>;

/** The readiness of a stored assignment from the missing settings recorded at its save. */
export function readinessOf(missing: readonly string[]): IntegrationReadiness {
  return { is_ready: missing.length === 0, missing: [...missing] };
}

/**
 * The missing settings of each integration assignment among `issues` (integration issues, as
 * `checkIntegrations` or `validateTemplate` answer them), in issue order and without repeats,
 * keyed by the text of the assignment id. An assignment with none is absent (it is ready).
 */
export function missingSettingsByIntegration(issues: readonly ReadinessIssue[]): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const issue of issues) {
    if (issue.integrationId === undefined || !isMissingSettingIssue(issue)) continue;
    const key = String(issue.integrationId);
    const list = byId.get(key) ?? [];
    const text = missingSettingText(issue);
    if (!list.includes(text)) list.push(text);
    byId.set(key, list);
  }
  return byId;
}
