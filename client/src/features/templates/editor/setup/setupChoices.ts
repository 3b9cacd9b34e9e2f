import type {
  AccountSettings,
  FeatureFlag,
  TemplateIssue,
  TemplatePerson,
  TemplateSettings,
} from '@nomen/shared';
import { templateMessageText } from '@nomen/shared';

/**
 * The name's hint (spec 03 §2 "The name hint asks for a name with all important identifiable
 * details"; the wording is ours).
 */
export const TEMPLATE_NAME_HINT =
  'Give the template a name with all the important identifiable details, such as brand, channel, region and purpose (e.g. "Acme paid social, EMEA, always-on"), so people pick the right one.';

/** The failure toast of the approvers' load (spec 03 §8, 5 s). */
export const APPROVERS_LOAD_FAILED_MESSAGE = 'Failed to load approvers';

/** The setup step's issues, by the input they concern (spec 03 §5 "Whole-template validation"). */
export const SETUP_MESSAGE_IDS = [
  'templateNameRequired',
  'templateFolderRequired',
  'approversRequired',
] as const;
/** One setup issue's message id. */
export type SetupMessageId = (typeof SETUP_MESSAGE_IDS)[number];

/**
 * The text of each setup issue present in `issues` (spec 03 §5), by message id, from the one
 * catalogue (`templateMessageText`). An input shows its entry as its error.
 */
export function setupIssueTexts(issues: readonly TemplateIssue[]): Partial<Record<SetupMessageId, string>> {
  const texts: Partial<Record<SetupMessageId, string>> = {};
  for (const issue of issues) {
    if (issue.step !== 'setup' || issue.type !== 'ERROR') continue;
    const id = issue.messageId as SetupMessageId;
    if (SETUP_MESSAGE_IDS.includes(id)) texts[id] ??= templateMessageText(issue.messageId, issue.params);
  }
  return texts;
}

/**
 * Whether the setup step shows the require-approval switch (spec 03 §2: "shown only when the
 * account setting allow_approval is on", spec 03 §6 the approval flag): with both on; also while
 * the template already requires approval, so that an admin can turn it off after the account
 * turned approval off (otherwise Save would stay blocked on approvers nobody can choose).
 */
export function showsApprovalSwitch(
  settings: Pick<AccountSettings, 'allow_approval'>,
  features: readonly FeatureFlag[],
  templateSettings: TemplateSettings,
): boolean {
  return (
    (settings.allow_approval && features.includes('approval')) || templateSettings.require_approval === 1
  );
}

/**
 * Whether the setup step shows the auto-submit switch (spec 03 §2, §6 ENABLE_AUTO_SUBMIT): with the
 * auto-submit flag; also while the template has it on, so that it can be turned off.
 */
export function showsAutoSubmitSwitch(
  features: readonly FeatureFlag[],
  templateSettings: TemplateSettings,
): boolean {
  return features.includes('auto-submit') || templateSettings.enable_auto_submit === 1;
}

/** One option of a people picker: the user's id and a label with name and email. */
export interface PersonOption {
  value: number;
  label: string;
}

const labelOf = (person: { name: string; email: string }) =>
  person.email ? `${person.name} (${person.email})` : person.name;

/**
 * The approvers picker's options (spec 03 §2 "Approvers: only owners can be chosen, or managers
 * too when the manager-approvals feature is on"; spec 01 §5): the people who may approve, then
 * the template's chosen approvers who no longer may (`current`, from GET approvers; offered only
 * while chosen, so they show by name and can be removed), then any chosen id neither list knows
 * ("User {id}"). Sorted by label within each group; no duplicates.
 */
export function approverOptions(
  people: readonly TemplatePerson[],
  current: readonly { id: number; name: string; email: string }[],
  selected: readonly number[],
): PersonOption[] {
  const byLabel = (a: PersonOption, b: PersonOption) => a.label.localeCompare(b.label);
  const options = people
    .filter((p) => p.can_approve)
    .map((p) => ({ value: p.id, label: labelOf(p) }))
    .sort(byLabel);
  const known = new Set(options.map((o) => o.value));
  const stale = current
    .filter((c) => !known.has(c.id) && selected.includes(c.id))
    .map((c) => ({ value: c.id, label: `${labelOf(c)}, may no longer approve` }))
    .sort(byLabel);
  for (const o of stale) known.add(o.value);
  const unknown = selected.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `User ${id}` }));
  return [...options, ...stale, ...unknown];
}

/** A submission status recipient (spec 03 §3 submissionStatusRecipients). */
export interface Recipient {
  userId: number;
  email: string;
}

/**
 * The recipients picker's options (spec 03 §2 "a picker of users who receive submission status
 * notices"): every enabled user of the account, then the chosen recipients the list does not
 * hold (a user disabled since), labelled with the email the template keeps.
 */
export function recipientOptions(
  people: readonly TemplatePerson[],
  chosen: readonly Recipient[],
): PersonOption[] {
  const options = people.map((p) => ({ value: p.id, label: labelOf(p) }));
  const known = new Set(options.map((o) => o.value));
  for (const r of chosen) if (!known.has(r.userId)) options.push({ value: r.userId, label: r.email });
  return options;
}

/**
 * The recipients for the chosen user ids (spec 03 §3 {userId, email}), in the order chosen:
 * each person's current email, or the email the template kept for one the list no longer holds.
 */
export function recipientsFor(
  ids: readonly number[],
  people: readonly TemplatePerson[],
  current: readonly Recipient[],
): Recipient[] {
  const emails = new Map<number, string>();
  for (const r of current) emails.set(r.userId, r.email);
  for (const p of people) emails.set(p.id, p.email);
  return ids.flatMap((userId) => {
    const email = emails.get(userId);
    return email === undefined ? [] : [{ userId, email }];
  });
}
