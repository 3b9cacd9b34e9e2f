import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from './database.generated';

export type { IntegrationRunLogEntry } from './column-types';

/**
 * The typed database Kysely works with (ARCHITECTURE.md, Data). Generated from the migrations by
 * `npm run db:types` into database.generated.ts, which CI checks (README.md here); this file only
 * names and documents its tables. Timestamps read as Date and take Date or ISO text; jsonb columns
 * read as their shape (.kysely-codegenrc.json) and take JSON text; text columns a CHECK limits to
 * a list read as the union of its values.
 */
export type Database = DB;

/** accounts: one tenant (spec 01 §1). `settings` holds allow_approval and allow_self_approval. */
export type AccountsTable = Database['accounts'];

/** users: people who sign in (spec 01 §3.1). `email` is unique across accounts and lower-case. */
export type UsersTable = Database['users'];

/** sessions: signed-in browsers; `id` is the SHA-256 of the cookie's token. */
export type SessionsTable = Database['sessions'];

/** auth_tokens: single-use activation and reset links; `token_hash` is the SHA-256 of the token. */
export type AuthTokensTable = Database['auth_tokens'];

/** folders (spec 01 §3.1). */
export type FoldersTable = Database['folders'];

/** groups (spec 01 §3.1); members, folders and templates sit in the group_* link tables. */
export type GroupsTable = Database['groups'];

/** group_users: the members of a group. */
export type GroupUsersTable = Database['group_users'];

/** group_folders: the folders a group may use. */
export type GroupFoldersTable = Database['group_folders'];

/** group_templates: the templates a group may use. */
export type GroupTemplatesTable = Database['group_templates'];

/**
 * templates: a template (spec 03 §3); its fields, field sets, approvers, links and integrations sit
 * in their own tables. `settings`: require_identifier, require_approval, enable_auto_submit, each
 * 0/1; `submission_status_recipients`: `{userId, email}[]`; `creative_configuration`:
 * `{categoryId, threshold, templateClassificationId}[]`.
 */
export type TemplatesTable = Database['templates'];

/**
 * activities: the user activity log (spec 01 §2.10), written in the transaction of each change;
 * `operation` by name since migration 0025 (created, updated, deleted, submitted, approved,
 * rejected, delivered, failed).
 */
export type ActivitiesTable = Database['activities'];

/** lists (spec 02 §3). */
export type ListsTable = Database['lists'];

/** list_columns (spec 02 §3). */
export type ListColumnsTable = Database['list_columns'];

/** list_values: one cell (spec 02 §3). */
export type ListValuesTable = Database['list_values'];

/** fieldsets: groups of governed fields (spec 02 §3). */
export type FieldsetsTable = Database['fieldsets'];

/**
 * fields: governed fields of field sets, patterns (is_pattern) and pattern segments
 * (segment_parent_field_id) in one table (spec 02 §3); kind-specific settings in `settings`.
 */
export type FieldsTable = Database['fields'];

/** autonumber_counters: the next number of each autonumber segment, owned by the server. */
export type AutonumberCountersTable = Database['autonumber_counters'];

/** issued_codes: codes already issued for patterns that require unique values. */
export type IssuedCodesTable = Database['issued_codes'];

/**
 * template_fields: a field used by a template with its template-level attributes (spec 03 §3).
 * Kind-specific `settings`: list_governance, autofill, date, validation, transformation,
 * concatenation_governance, segments, link_governance.
 */
export type TemplateFieldsTable = Database['template_fields'];

/** template_fieldsets: the field sets a template uses (spec 03 §3 fieldsets). */
export type TemplateFieldsetsTable = Database['template_fieldsets'];

/** template_approvers: who approves a template's submissions (spec 03 §3, §7). */
export type TemplateApproversTable = Database['template_approvers'];

/** template_link_parameters: `name=[field]` parameters of a template's link (spec 03 §3). */
export type TemplateLinkParametersTable = Database['template_link_parameters'];

/** template_link_validations: a template's link validations, options keyed by option slug (spec 03 §3). */
export type TemplateLinkValidationsTable = Database['template_link_validations'];

/**
 * integration_assignments: an integration assigned to a template (spec 03 §3); the rest of its
 * shape in `settings`; `missing_settings`: what the assignment lacks, in words, as its template's
 * save found it, empty when ready (migration 0026).
 */
export type IntegrationAssignmentsTable = Database['integration_assignments'];

/** integration_notifications: email notices of an integration assignment (spec 03 §3). */
export type IntegrationNotificationsTable = Database['integration_notifications'];

/** template_logs: the slow part of a template save, Running then Success or Failed (spec 03 §4). */
export type TemplateLogsTable = Database['template_logs'];

/** collab_documents: the persisted Y.Doc state of each list room. */
export type CollabDocumentsTable = Database['collab_documents'];

/** collab_access: a user's access version; collaboration tokens carry it (issue 8 item 4). */
export type CollabAccessTable = Database['collab_access'];

/** collab_updates: acknowledged room updates (Yjs v2) not yet compacted into collab_documents. */
export type CollabUpdatesTable = Database['collab_updates'];

/** list_collab_state: the projection of each list room the lists page and REST saves read. */
export type ListCollabStateTable = Database['list_collab_state'];

/** feedback: messages from the list editor's feedback modal. */
export type FeedbackTable = Database['feedback'];

/**
 * connectors: connected accounts (spec 01 §3.1, issue 10). `metadata` holds the clear credential
 * fields; `secrets` each secret field as AES-256-GCM ciphertext; `oauth_tokens` the token set as one
 * ciphertext; `sftp_host_key` the pinned SHA-256 fingerprint of an SFTP server's host key (migration
 * 0023). Only server/src/entities/connectors reads them.
 */
export type ConnectorsTable = Database['connectors'];

/** connector_custom_fields: custom fields per connected account (spec 01 §2.3). */
export type ConnectorCustomFieldsTable = Database['connector_custom_fields'];

/** oauth_states: pending authorisations (spec 01 §4), bound to a session; `state_hash` is SHA-256 of the state. */
export type OAuthStatesTable = Database['oauth_states'];

/**
 * targets: analytics destinations (spec 01 §3.1, issue 10 item 6): the Adobe part (realm, report and
 * its classification names as Adobe answered them) or the Google part (account, property, custom
 * data source and schema text).
 */
export type TargetsTable = Database['targets'];

/** multi_targets: further report suites and reports an Adobe target feeds (spec 01 §3.1). */
export type MultiTargetsTable = Database['multi_targets'];

/** target_fields: which field feeds which classification of a target's report (spec 01 §3.1). */
export type TargetFieldsTable = Database['target_fields'];

/** datasets: the approved rows of a template's submissions (issue 11); `head_commit_id` is HEAD. */
export type DatasetsTable = Database['datasets'];

/** dataset_commits: each accepted submission, approval or edit of a dataset (issue 11). */
export type DatasetCommitsTable = Database['dataset_commits'];

/** submissions: one batch of rows entered through a template by one person (issue 11). */
export type SubmissionsTable = Database['submissions'];

/** submission_events: a submission's history, approval comments included (issue 11). */
export type SubmissionEventsTable = Database['submission_events'];

/** submission_rows: row versions; `from_commit`/`to_commit` place them in the dataset (issue 11). */
export type SubmissionRowsTable = Database['submission_rows'];

/** dataset_values: distinct values per template field over a dataset's HEAD, with row counts (issue 11). */
export type DatasetValuesTable = Database['dataset_values'];

/**
 * dataset_search_values: the text of each `dataset_values` row (`value_id`) under a trigram index,
 * filled after the commit by the `dataset-search` job (issue 11 search report; migration 0019).
 */
export type DatasetSearchValuesTable = Database['dataset_search_values'];

/**
 * dataset_search_backlog: commits whose values are not yet in `dataset_search_values` (the outbox
 * of the `dataset-search` job; migration 0019). `first_value_id`..`last_value_id`: the
 * `dataset_values.id` the commit's new values took; `job_id` and `dispatched_at` are set once
 * queued, and a row still here 15 minutes after `dispatched_at` is queued again.
 */
export type DatasetSearchBacklogTable = Database['dataset_search_backlog'];

/** api_tokens: personal API tokens (issue 11 item 10); `token_hash` is the SHA-256 of the secret. */
export type ApiTokensTable = Database['api_tokens'];

/**
 * integration_runs: the outbox and run log of outbound integrations (issue 12 items 4, 7; migration
 * 0011) and the run log of inbound pulls (item 5; migration 0014: `direction`, `requested_by`,
 * `submission_id` null until a pull made its submission). Migration 0017: `target_id`, the
 * analytics target the run uploads to (null for assignment runs), and `provider_jobs`, what the
 * provider made for the run so far, so a retry resumes. Migration 0020: `lease_token` and
 * `lease_until`, the attempt holding the run and until when unless renewed; `reading_file`, the
 * inbound file an attempt is reading, and `reading_deaths`, the attempts that died reading it.
 */
export type IntegrationRunsTable = Database['integration_runs'];

/** inbound_items: what an inbound assignment imported, by source key and version (issue 12 item 5; migration 0014). */
export type InboundItemsTable = Database['inbound_items'];

/**
 * integration_links: bitlinks and QR images the link integrations made from a row's link (issue 12
 * item 4; migration 0015). Unique per assignment, cv_id, template field and config_hash.
 */
export type IntegrationLinksTable = Database['integration_links'];

/** link_checks: one row per submission row with a link to check, and its results (issue 12 item 6; migration 0016). */
export type LinkChecksTable = Database['link_checks'];

/**
 * audits: an audit of the names and links live in an ad platform (migration 0029): the connected
 * account, inbound slug and data type read, the template whose pattern and link governance apply,
 * filters, schedule and digest recipients.
 */
export type AuditsTable = Database['audits'];

/** audit_runs: one run of an audit, its counts, score and breakdowns; the `audit-run` queue's outbox. */
export type AuditRunsTable = Database['audit_runs'];

/** audit_findings: the objects of a run that are not compliant, with reasons and suggestions. */
export type AuditFindingsTable = Database['audit_findings'];

/** audit_exceptions: objects an audit accepts as they are, with a comment. */
export type AuditExceptionsTable = Database['audit_exceptions'];

/**
 * identity_providers: an account's single sign-on providers (migration 0028): the protocol-free
 * routing, just-in-time creation and mapping, and each protocol's own columns (`oidc_*`, the
 * client secret encrypted; `saml_*`, migration 0030).
 */
export type IdentityProvidersTable = Database['identity_providers'];

/** sso_identities: a provider's subject linked to a user, once (migration 0028). */
export type SsoIdentitiesTable = Database['sso_identities'];

/**
 * sso_states: started sign-ins and tests, bound to the browser by a cookie's hash, single use,
 * short-lived; a test keeps its outcome (migration 0028).
 */
export type SsoStatesTable = Database['sso_states'];

/** saml_consumed_assertions: SAML assertion ids accepted, single use until they expire (migration 0030). */
export type SamlConsumedAssertionsTable = Database['saml_consumed_assertions'];

/**
 * rate_limits: the sign-in and forgot-password counters every REST process shares, one row per
 * limited key with the points used in its window and when the window ends (migration 0022).
 */
export type RateLimitsTable = Database['rate_limits'];

export type AccountRow = Selectable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type IdentityProviderRow = Selectable<IdentityProvidersTable>;
export type NewIdentityProvider = Insertable<IdentityProvidersTable>;
export type FolderRow = Selectable<FoldersTable>;
export type GroupRow = Selectable<GroupsTable>;
export type ActivityRow = Selectable<ActivitiesTable>;
export type FieldRow = Selectable<FieldsTable>;
export type FieldsetRow = Selectable<FieldsetsTable>;
export type TemplateRow = Selectable<TemplatesTable>;
export type TemplateFieldRow = Selectable<TemplateFieldsTable>;
export type IntegrationAssignmentRow = Selectable<IntegrationAssignmentsTable>;
export type TemplateLogRow = Selectable<TemplateLogsTable>;
export type ConnectorRow = Selectable<ConnectorsTable>;
export type ConnectorCustomFieldRow = Selectable<ConnectorCustomFieldsTable>;
export type OAuthStateRow = Selectable<OAuthStatesTable>;
export type TargetRow = Selectable<TargetsTable>;
export type MultiTargetRow = Selectable<MultiTargetsTable>;
export type SubmissionRecord = Selectable<SubmissionsTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type IntegrationRunRow = Selectable<IntegrationRunsTable>;
export type IntegrationLinkRow = Selectable<IntegrationLinksTable>;
export type AuditRow = Selectable<AuditsTable>;
export type AuditRunRow = Selectable<AuditRunsTable>;
export type AuditFindingRow = Selectable<AuditFindingsTable>;
