import { formatMessage, INTEGRATION_MESSAGES, type MessageParams } from '../integrations/messages';

/**
 * The one catalogue of template editor issue messages (spec 03 §5 "Messages are localized by id"):
 * message id → English text with `{param}` placeholders, the connect step's integration messages
 * spread in. Issues carry the id and params, never the text. The spec shows no wording for the
 * template rules; these texts are ours. `{field}` is a template field's name, `{name}` an
 * integration's.
 */
export const TEMPLATE_MESSAGES = {
  ...INTEGRATION_MESSAGES,
  templateNameRequired: 'Template name is required',
  templateFolderRequired: 'Choose a folder for the template',
  approversRequired: 'Choose at least one approver, since approval is required',
  creativeNeedsConfigurationOrField:
    'Creative classification needs a category configuration or a creative field',
  creativeConfigurationNeedsSourceUrl: 'Creative classification needs a field marked as the source URL',
  creativeTypeTaken: '{field}: only one field may be the classification {classificationType}',
  segmentParentMissing: '{field}: its pattern field is not in the template',
  governanceTypeRequired: '{field}: choose a governance type',
  governanceRequired: '{field}: its field set is not in the template, so choose a governance for it',
  autofillSourceMissing: '{field}: the field it autofills from is not in the template',
  autofillSourceNotRequired:
    '{field}: it is required, so the field it autofills from ({source}) must be required too',
  requiredTextHidden: '{field}: a required text field must be visible on the form',
  concatenationPieceMissing: '{field}: it concatenates {missing}, not in the template',
  patternSegmentMissing: '{field}: the field of segment {segment} is not in the template',
  patternUpdated: '{field}: the pattern has been updated; refresh to use its new segments',
  listRequired: '{field}: choose a list',
  listColumnRequired: '{field}: choose a list column',
  earlierListColumnMissing: '{field}: the earlier column {column} of {list} is not in the template',
  dropDownHiddenWithoutDefault: '{field}: a drop-down list field that is hidden needs a default value',
  linkParameterNameRequired: 'Link parameter {position}: enter a name',
  linkParameterFieldRequired: 'Link parameter {position}: choose a field',
  linkValidationValueRequired: '{validation}: {item} is required',
  linkFieldOnlyOne: '{field}: a template has only one link field',
  // The link drawer's own messages, shown beside the input they are about (spec 03 §4 "Link drawer").
  linkFieldNameRequired: 'Enter a name for the link field',
  linkParameterNameMissing: 'Enter the parameter name',
  linkParameterFieldMissing: 'Choose a field',
  linkValidationValueMissing: '{item} is required',
  linkDomainInvalid: '{domain} is not a domain name, e.g. example.com',
  linkDomainDuplicate: '{domain} is already in the list',
} as const satisfies Record<string, string>;

/** The id of one message of {@link TEMPLATE_MESSAGES}. */
export type TemplateMessageId = keyof typeof TEMPLATE_MESSAGES;

/** The English text of a template issue: its catalogue entry filled with its params. Never throws. */
export function templateMessageText(messageId: TemplateMessageId, params: MessageParams = {}): string {
  return formatMessage(TEMPLATE_MESSAGES[messageId], params);
}
