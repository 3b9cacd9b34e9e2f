/**
 * The one catalogue of issue messages of the connect step (spec 03 §5 "Per-integration checks",
 * "Snowflake table name", "QR code settings"): message id → English text with `{param}`
 * placeholders. Issues carry the id and the params, never the text, so that the client can localise
 * them (spec 03 §5: "Messages are localized by id"); the later whole-template validation spreads
 * this object into its own catalogue. Quoted texts are the spec's words; the others are ours, since
 * the spec says "wording not shown".
 */
export const INTEGRATION_MESSAGES = {
  nameRequired: 'Name is required',
  integrationNotReady: 'Not ready: {missing}',
  accountRequired: 'Account is required',
  valueRequired: '{name}: {item} is required',
  linkFieldRequired: '{name} needs a link field in the template',
  dataTypeInvalid: '{name}: {dataType} is not a data type of this integration',
  mappingRequired: '{name}: map {item} to a template field',
  mappingsRequired: '{name}: map at least one field',
  mappingUnfilled: '{name}: choose a template field for {item}',
  filterValuesBlank: '{name}: the filter {filter} needs values that are not blank',
  dateFilterInvalid: '{name}: the filter {filter} needs dates',
  dateFilterTooOld: '{name}: the filter {filter} reaches back at most {years} years',
  folderRequired: '{name}: Folder is required',
  folderMustStartWithSlash: 'Folder must start with /',
  onlyOneAssignment: 'Only one {name} integration is allowed per template',
  notificationRecipientRequired: '{name}: add a recipient for the notification emails',
  identifierFieldsRequired: '{name}: choose identifier fields, since auto-submit is on',
  identifierFieldNotInTemplate: '{name}: identifier field {fieldId} is not in the template',
  perTargetWithoutTargets: '{name}: a per-target report needs at least one target',
  integrationNotAvailable: '{name} is not available for this account',
  metadataInvalid: '{name}: the setting {key} is not valid',
  contentIdNeedsCreativeField: 'Add a Content Comprehension field to this template to enable Content ID',
  classificationSourceUrlRequired: 'Choose a Classifications Source URL below.',
  classificationConfidenceInvalid: '{name}: the confidence must be a whole number from 0 to 100',
  snowflakeTableNameEmpty: 'Table Name cannot be empty.',
  snowflakeTableNameReserved: 'Cannot be a reserved SQL keyword.',
  snowflakeTableNameTooLong: 'Must be up to 255 characters.',
  snowflakeTableNameStartsWithDigit: 'Cannot start with a digit.',
  snowflakeTableNameInvalidCharacters: 'Must contain only letters, numbers, and underscores.',
  qrSizeTooSmall: '{name}: the QR code size must be at least {min}',
  qrValueRequired: '{name}: QR code {item} is required',
  qrConfigInvalidJson: '{name}: the QR code config is not valid JSON',
  qrConfigUnknownKey: '{name}: the QR code config key {key} is not allowed',
  qrConfigNotValidated: '{name}: the QR code config has not been validated yet',
  fileTypeRequired: '{name}: choose at least one file type',
  delimiterRequired: '{name}: choose a delimiter for the CSV file',
  filenamePatternRequired: '{name}: File name pattern is required',
  filenamePlaceholderUnknown:
    '{name}: {placeholder} is not a placeholder; use template name, submission name, submitted at or submitted by',
  emailRecipientRequired: '{name}: add a recipient, or send the email to the submitter',
  outputFieldsRequired: '{name}: choose at least one output field for the custom report',
  deleteIntegrationConfirm:
    'You are about to delete your connection to {name}, and will lose all mappings, filters and configuration for this integration. Are you sure you want to continue?',
  deletePairedIntegrationConfirm:
    'Are you sure? Deleting {name} also deletes its paired {pairDirection} integration {pairName}.',
  changeAccountConfirm:
    'Changing the account of {name} resets its mappings and filters. Are you sure you want to continue?',
  changeDataTypeConfirm:
    'Changing the {item} of {name} resets its mappings and filters. Are you sure you want to continue?',
  changeSourceConfirm:
    'Changing the {item} of {name} clears its mappings. Are you sure you want to continue?',
} as const satisfies Record<string, string>;

/** The id of one message of {@link INTEGRATION_MESSAGES}. */
export type IntegrationMessageId = keyof typeof INTEGRATION_MESSAGES;

/** Values put into a message's `{param}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Fills the `{param}` placeholders of a message text with `params`; a placeholder without a value
 * is left as written so that a missing param shows rather than vanishing. Never throws.
 */
export function formatMessage(text: string, params: MessageParams = {}): string {
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

/** The English text of an integration issue: its catalogue entry filled with its params. */
export function integrationMessageText(messageId: IntegrationMessageId, params: MessageParams = {}): string {
  return formatMessage(INTEGRATION_MESSAGES[messageId], params);
}
