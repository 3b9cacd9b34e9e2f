import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO text, defaulted by the database. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A jsonb column: read as T, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;
/** A jsonb column with a database default: optional on insert. */
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

/** accounts: one tenant (spec 01 §1). `settings` holds allow_approval and allow_self_approval. */
export interface AccountsTable {
  id: Generated<number>;
  uuid: Generated<string>;
  name: string;
  settings: Json<{ allow_approval?: boolean; allow_self_approval?: boolean }>;
  feature_flags: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** users: people who sign in (spec 01 §3.1). `email` is unique across accounts and lower-case. */
export interface UsersTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  email: string;
  title: Generated<string>;
  role: 'ADMIN' | 'MANAGER' | 'USER';
  permissions: ColumnType<string[], string[] | undefined, string[]>;
  location: Generated<string>;
  password_hash: string | null;
  super_admin: Generated<boolean>;
  disabled: Generated<boolean>;
  activated_at: NullableTimestamp;
  last_login: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** sessions: signed-in browsers; `id` is the SHA-256 of the cookie's token. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

/** auth_tokens: single-use activation and reset links; `token_hash` is the SHA-256 of the token. */
export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  purpose: 'activation' | 'reset';
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** folders (spec 01 §3.1). */
export interface FoldersTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  description: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** groups (spec 01 §3.1); members, folders and templates sit in the group_* link tables. */
export interface GroupsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  notes: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface GroupUsersTable {
  group_id: number;
  user_id: number;
}
export interface GroupFoldersTable {
  group_id: number;
  folder_id: number;
}
export interface GroupTemplatesTable {
  group_id: number;
  template_id: number;
}

/** templates: a template (spec 03 §3); its fields, field sets, approvers, links and integrations sit in their own tables. */
export interface TemplatesTable {
  id: Generated<number>;
  account_id: number;
  uuid: Generated<string>;
  name: string;
  description: Generated<string>;
  folder_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** require_identifier, require_approval, enable_auto_submit, each 0/1. */
  settings: JsonWithDefault<Record<string, unknown>>;
  /** `{userId, email}[]`. */
  submission_status_recipients: JsonWithDefault<unknown[]>;
  is_creative_classification_enabled: Generated<boolean>;
  /** `{categoryId, threshold, templateClassificationId}[]`. */
  creative_configuration: JsonWithDefault<unknown[]>;
  rollup_dataset_id: number | null;
}

/** activities: the user activity log (spec 01 §2.10), written in the transaction of each change. */
export interface ActivitiesTable {
  id: Generated<number>;
  account_id: number;
  created_at: CreatedAt;
  user_id: number | null;
  username: string;
  configured_object: string;
  object_name: string;
  /** By name (migration 0025): created, updated, deleted, submitted, approved, rejected, delivered, failed. */
  operation:
    | 'created'
    | 'updated'
    | 'deleted'
    | 'submitted'
    | 'approved'
    | 'rejected'
    | 'delivered'
    | 'failed';
  object_id: number | null;
  changes: Json<{ field: string; old: unknown; new: unknown }[]>;
}

/** lists (spec 02 §3). */
export interface ListsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  notes: Generated<string>;
  type: 'drop-down' | 'drill-down' | 'dependent';
  powered_template_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** list_columns (spec 02 §3). */
export interface ListColumnsTable {
  id: Generated<number>;
  list_id: number;
  name: string;
  precedence: number;
  powered_template_field_id: number | null;
}

/** list_values: one cell (spec 02 §3). */
export interface ListValuesTable {
  id: Generated<number>;
  list_column_id: number;
  row_number: number;
  value: string;
}

/** fieldsets: groups of governed fields (spec 02 §3). */
export interface FieldsetsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  description: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/**
 * fields: governed fields of field sets, patterns (is_pattern) and pattern segments
 * (segment_parent_field_id) in one table (spec 02 §3); kind-specific settings in `settings`.
 */
export interface FieldsTable {
  id: Generated<number>;
  account_id: number;
  fieldset_id: number | null;
  segment_parent_field_id: number | null;
  is_pattern: Generated<boolean>;
  name: string;
  description: Generated<string>;
  governance_type: string | null;
  segment_type: string | null;
  precedence: Generated<number>;
  required: Generated<boolean>;
  must_be_unique: Generated<boolean>;
  settings: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** autonumber_counters: the next number of each autonumber segment, owned by the server. */
export interface AutonumberCountersTable {
  field_id: number;
  next_value: number;
}

/** issued_codes: codes already issued for patterns that require unique values. */
export interface IssuedCodesTable {
  field_id: number;
  code: string;
  created_at: CreatedAt;
}

/** template_fields: a field used by a template with its template-level attributes (spec 03 §3). */
export interface TemplateFieldsTable {
  id: Generated<number>;
  account_id: number;
  template_id: number;
  field_id: number;
  precedence: Generated<number>;
  governance_type: string | null;
  required: Generated<boolean>;
  visible_on_form: Generated<boolean>;
  default_value: Generated<string>;
  apply_default_value_to_empty_values: Generated<boolean>;
  must_be_unique: Generated<boolean>;
  is_preview_url: Generated<boolean>;
  generates_creative_classification: Generated<boolean>;
  classification_parameter_type: string | null;
  constant_value: string | null;
  max_length: number | null;
  min_length: number | null;
  color: string | null;
  pattern_updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Kind-specific settings: list_governance, autofill, date, validation, transformation, concatenation_governance, segments, link_governance. */
  settings: JsonWithDefault<Record<string, unknown>>;
}

/** template_fieldsets: the field sets a template uses (spec 03 §3 fieldsets). */
export interface TemplateFieldsetsTable {
  account_id: number;
  template_id: number;
  fieldset_id: number;
}

/** template_approvers: who approves a template's submissions (spec 03 §3, §7). */
export interface TemplateApproversTable {
  account_id: number;
  template_id: number;
  user_id: number;
}

/** template_link_parameters: `name=[field]` parameters of a template's link (spec 03 §3). */
export interface TemplateLinkParametersTable {
  id: Generated<number>;
  account_id: number;
  template_id: number;
  name: Generated<string>;
  field_id: number | null;
  template_field_id: number | null;
  precedence: Generated<number>;
  url_encoding: string;
  url_name_encoding: string;
  fieldset_ids: Generated<number[]>;
  transform: Generated<string>;
}

/** template_link_validations: a template's link validations, options keyed by option slug (spec 03 §3). */
export interface TemplateLinkValidationsTable {
  id: Generated<number>;
  account_id: number;
  template_id: number;
  slug: string;
  uuid: string;
  options: JsonWithDefault<Record<string, unknown>>;
  precedence: Generated<number>;
}

/** integration_assignments: an integration assigned to a template (spec 03 §3); the rest of its shape in `settings`. */
export interface IntegrationAssignmentsTable {
  id: Generated<number>;
  account_id: number;
  template_id: number;
  slug: string;
  name: Generated<string>;
  integration_type: string;
  integration_id: number | null;
  connector_id: number | null;
  connector_type_id: number | null;
  metadata: JsonWithDefault<Record<string, unknown>>;
  settings: JsonWithDefault<Record<string, unknown>>;
  precedence: Generated<number>;
  /** What the assignment lacks, in words, as its template's save found it; empty: ready (0026). */
  missing_settings: JsonWithDefault<string[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** integration_notifications: email notices of an integration assignment (spec 03 §3). */
export interface IntegrationNotificationsTable {
  id: Generated<number>;
  account_id: number;
  integration_assignment_id: number;
  email_to: JsonWithDefault<string[]>;
  subject: Generated<string>;
  email_on_failure: Generated<boolean>;
  email_on_success: Generated<boolean>;
}

/** template_logs: the slow part of a template save, Running then Success or Failed (spec 03 §4). */
export interface TemplateLogsTable {
  id: Generated<number>;
  account_id: number;
  template_id: number;
  status: 'Running' | 'Success' | 'Failed';
  message: Generated<string>;
  created_at: CreatedAt;
}

/** collab_documents: the persisted Y.Doc state of each list room. */
export interface CollabDocumentsTable {
  name: string;
  state: Uint8Array;
  updated_at: CreatedAt;
}

/** collab_access: a user's access version; collaboration tokens carry it (issue 8 item 4). */
export interface CollabAccessTable {
  user_id: number;
  version: Generated<number>;
}

/** collab_updates: acknowledged room updates (Yjs v2) not yet compacted into collab_documents. */
export interface CollabUpdatesTable {
  id: Generated<number>;
  name: string;
  data: Uint8Array;
  created_at: CreatedAt;
}

/** list_collab_state: the projection of each list room the lists page and REST saves read. */
export interface ListCollabStateTable {
  list_id: number;
  account_id: number;
  pending_suggestions: Generated<number>;
  locked_by: number | null;
  locked_by_name: string | null;
  locked_at: NullableTimestamp;
  lock_expires_at: NullableTimestamp;
  updated_at: CreatedAt;
}

/** feedback: messages from the list editor's feedback modal. */
export interface FeedbackTable {
  id: Generated<number>;
  account_id: number;
  user_id: number | null;
  list_id: number | null;
  message: string;
  rating: number | null;
  created_at: CreatedAt;
}

/**
 * connectors: connected accounts (spec 01 §3.1, issue 10). `metadata` holds the clear credential
 * fields; `secrets` each secret field as AES-256-GCM ciphertext; `oauth_tokens` the token set as one
 * ciphertext; `sftp_host_key` the pinned SHA-256 fingerprint of an SFTP server's host key (migration
 * 0023). Only server/src/entities/connectors reads them.
 */
export interface ConnectorsTable {
  id: Generated<number>;
  account_id: number;
  connector_type_id: number;
  name: string;
  description: Generated<string>;
  metadata: JsonWithDefault<Record<string, string>>;
  secrets: JsonWithDefault<Record<string, string>>;
  oauth_tokens: string | null;
  oauth_connected_at: NullableTimestamp;
  oauth_expires_at: NullableTimestamp;
  oauth_scope: string | null;
  sftp_host_key: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** connector_custom_fields: custom fields per connected account (spec 01 §2.3). */
export interface ConnectorCustomFieldsTable {
  id: Generated<number>;
  account_id: number;
  connector_id: number;
  name: string;
  value: Generated<string>;
}

/** oauth_states: pending authorisations (spec 01 §4), bound to a session; `state_hash` is SHA-256 of the state. */
export interface OAuthStatesTable {
  state_hash: string;
  account_id: number;
  user_id: number;
  session_id: string;
  slug: string;
  connector_id: number | null;
  connector_name: Generated<string>;
  connector_description: Generated<string>;
  code_verifier: string | null;
  redirect_uri: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/**
 * targets: analytics destinations (spec 01 §3.1, issue 10 item 6): the Adobe part (realm, report and
 * its classification names as Adobe answered them) or the Google part (account, property, custom
 * data source and schema text).
 */
export interface TargetsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  nickname: Generated<string>;
  connector_type_id: number;
  connector_id: number | null;
  remote_realm_id: Generated<string>;
  realm_name: Generated<string>;
  remote_target_id: Generated<string>;
  remote_target_name: Generated<string>;
  classifications_names: JsonWithDefault<string[]>;
  use_aa_confirmation_email: Generated<boolean>;
  aa_confirmation_email: Generated<string>;
  ga_account_id: Generated<string>;
  ga_property_id: Generated<string>;
  ga_custom_data_source_id: Generated<string>;
  ga_custom_data_source_schema: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** multi_targets: further report suites and reports an Adobe target feeds (spec 01 §3.1). */
export interface MultiTargetsTable {
  id: Generated<number>;
  account_id: number;
  target_id: number;
  remote_realm_id: string;
  remote_realm_name: Generated<string>;
  remote_target_id: string;
  remote_target_name: Generated<string>;
  classifications_names: JsonWithDefault<string[]>;
  status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined, 'active' | 'inactive'>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** target_fields: which field feeds which classification of a target's report (spec 01 §3.1). */
export interface TargetFieldsTable {
  id: Generated<number>;
  account_id: number;
  target_id: number;
  field_id: number;
  classification_name: string;
}

/** datasets: the approved rows of a template's submissions (issue 11); `head_commit_id` is HEAD. */
export interface DatasetsTable {
  id: Generated<number>;
  account_id: number;
  template_id: number | null;
  head_commit_id: number | null;
  created_at: CreatedAt;
}

/** dataset_commits: each accepted submission, approval or edit of a dataset (issue 11). */
export interface DatasetCommitsTable {
  id: Generated<number>;
  account_id: number;
  dataset_id: number;
  parent_id: number | null;
  submission_id: number | null;
  kind: 'submit' | 'approve' | 'edit';
  author_id: number | null;
  author_name: string;
  row_count: Generated<number>;
  created_at: CreatedAt;
}

/** submissions: one batch of rows entered through a template by one person (issue 11). */
export interface SubmissionsTable {
  id: Generated<number>;
  account_id: number;
  template_id: number | null;
  dataset_id: number;
  template_name: string;
  name: string;
  status: 'Draft' | 'Pending' | 'Approved' | 'Rejected' | 'Submitted';
  submitter_id: number | null;
  submitter_name: string;
  idempotency_key: string | null;
  request_hash: string | null;
  row_count: Generated<number>;
  commit_id: number | null;
  decided_by_id: number | null;
  decided_by_name: string | null;
  decided_at: NullableTimestamp;
  decision_comment: string | null;
  submitted_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** submission_events: a submission's history, approval comments included (issue 11). */
export interface SubmissionEventsTable {
  id: Generated<number>;
  account_id: number;
  submission_id: number;
  action: 'created' | 'saved' | 'submitted' | 'approved' | 'rejected' | 'edited';
  user_id: number | null;
  user_name: string;
  comment: Generated<string>;
  commit_id: number | null;
  created_at: CreatedAt;
}

/** submission_rows: row versions; `from_commit`/`to_commit` place them in the dataset (issue 11). */
export interface SubmissionRowsTable {
  id: Generated<number>;
  account_id: number;
  dataset_id: number;
  submission_id: number;
  row_number: number;
  cv_id: string;
  data: Json<Record<string, string>>;
  from_commit: number | null;
  to_commit: number | null;
}

/** dataset_values: distinct values per template field over a dataset's HEAD, with row counts (issue 11). */
export interface DatasetValuesTable {
  id: Generated<number>;
  dataset_id: number;
  template_field_id: number;
  value: string;
  row_count: number;
}

/**
 * dataset_search_values: the text of each `dataset_values` row (`value_id`) under a trigram index,
 * filled after the commit by the `dataset-search` job (issue 11 search report; migration 0019).
 */
export interface DatasetSearchValuesTable {
  value_id: number;
  value: string;
}

/**
 * dataset_search_backlog: commits whose values are not yet in `dataset_search_values` (the outbox
 * of the `dataset-search` job; `job_id` and `dispatched_at` set once queued; migration 0019).
 */
export interface DatasetSearchBacklogTable {
  id: Generated<number>;
  account_id: number;
  dataset_id: number;
  /** The ids the commit's new values took: `dataset_values.id` of the dataset in this range. */
  first_value_id: number;
  last_value_id: number;
  job_id: string | null;
  /** When its latest job was queued; a row still here 15 minutes later is queued again. */
  dispatched_at: Date | null;
  created_at: CreatedAt;
}

/** api_tokens: personal API tokens (issue 11 item 10); `token_hash` is the SHA-256 of the secret. */
export interface ApiTokensTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  name: string;
  token_hash: string;
  token_hint: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** A line of an integration run's log (issue 12 item 4). */
export interface IntegrationRunLogEntry {
  at: string;
  attempt: number;
  message: string;
}

/**
 * integration_runs: the outbox and run log of outbound integrations (issue 12 items 4, 7; migration
 * 0011) and the run log of inbound pulls (item 5; migration 0014: `direction`, `requested_by`,
 * `submission_id` null until a pull made its submission).
 */
export interface IntegrationRunsTable {
  id: Generated<number>;
  account_id: number;
  assignment_id: number | null;
  template_id: number | null;
  submission_id: number | null;
  direction: ColumnType<'OUTPUT' | 'INPUT', 'OUTPUT' | 'INPUT' | undefined, 'OUTPUT' | 'INPUT'>;
  requested_by: number | null;
  commit_id: number | null;
  slug: string;
  assignment_name: string;
  status: ColumnType<
    'Queued' | 'Running' | 'Retrying' | 'Success' | 'Failed',
    'Queued' | 'Running' | 'Retrying' | 'Success' | 'Failed' | undefined,
    'Queued' | 'Running' | 'Retrying' | 'Success' | 'Failed'
  >;
  attempts: Generated<number>;
  message: Generated<string>;
  log: JsonWithDefault<IntegrationRunLogEntry[]>;
  files: JsonWithDefault<string[]>;
  job_id: string | null;
  /** The analytics target the run uploads to (migration 0017); null for assignment runs. */
  target_id: number | null;
  /** What the provider made for the run so far, so a retry resumes (migration 0017). */
  provider_jobs: JsonWithDefault<Record<string, Record<string, unknown>>>;
  /** The token of the attempt holding the run (migration 0020); null when none works it. */
  lease_token: string | null;
  /** Until when the holder's lease runs unless renewed (migration 0020). */
  lease_until: NullableTimestamp;
  /** The inbound file an attempt is reading (migration 0020); null between files. */
  reading_file: string | null;
  /** Attempts that died while reading `reading_file` (migration 0020). */
  reading_deaths: Generated<number>;
  created_at: CreatedAt;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: CreatedAt;
}

/** inbound_items: what an inbound assignment imported, by source key and version (issue 12 item 5; migration 0014). */
export interface InboundItemsTable {
  id: Generated<number>;
  account_id: number;
  assignment_id: number;
  source_key: string;
  version: string;
  run_id: number | null;
  submission_id: number | null;
  imported_at: CreatedAt;
}

/**
 * integration_links: bitlinks and QR images the link integrations made from a row's link (issue 12
 * item 4; migration 0015). Unique per assignment, cv_id, template field and config_hash.
 */
export interface IntegrationLinksTable {
  id: Generated<number>;
  account_id: number;
  assignment_id: number;
  submission_id: number;
  cv_id: string;
  template_field_id: number;
  kind: 'bitly' | 'qr';
  config_hash: string;
  long_url: string;
  short_url: string | null;
  file_type: string | null;
  content_type: string | null;
  content: Uint8Array | null;
  created_at: CreatedAt;
}

/** link_checks: one row per submission row with a link to check, and its results (issue 12 item 6; migration 0016). */
export interface LinkChecksTable {
  id: Generated<number>;
  account_id: number;
  submission_id: number;
  template_id: number | null;
  commit_id: number;
  row_number: number;
  cv_id: string;
  url: string;
  results: JsonWithDefault<{ validation: string; option: string; ok: boolean; message: string }[]>;
  job_id: string | null;
  created_at: CreatedAt;
  checked_at: NullableTimestamp;
}

/** The typed database Kysely works with (ARCHITECTURE.md, Data). */
export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  folders: FoldersTable;
  groups: GroupsTable;
  group_users: GroupUsersTable;
  group_folders: GroupFoldersTable;
  group_templates: GroupTemplatesTable;
  templates: TemplatesTable;
  activities: ActivitiesTable;
  lists: ListsTable;
  list_columns: ListColumnsTable;
  list_values: ListValuesTable;
  fieldsets: FieldsetsTable;
  fields: FieldsTable;
  autonumber_counters: AutonumberCountersTable;
  issued_codes: IssuedCodesTable;
  template_fields: TemplateFieldsTable;
  template_fieldsets: TemplateFieldsetsTable;
  template_approvers: TemplateApproversTable;
  template_link_parameters: TemplateLinkParametersTable;
  template_link_validations: TemplateLinkValidationsTable;
  integration_assignments: IntegrationAssignmentsTable;
  integration_notifications: IntegrationNotificationsTable;
  template_logs: TemplateLogsTable;
  collab_documents: CollabDocumentsTable;
  list_collab_state: ListCollabStateTable;
  collab_access: CollabAccessTable;
  collab_updates: CollabUpdatesTable;
  feedback: FeedbackTable;
  connectors: ConnectorsTable;
  connector_custom_fields: ConnectorCustomFieldsTable;
  oauth_states: OAuthStatesTable;
  targets: TargetsTable;
  multi_targets: MultiTargetsTable;
  target_fields: TargetFieldsTable;
  datasets: DatasetsTable;
  dataset_commits: DatasetCommitsTable;
  submissions: SubmissionsTable;
  submission_events: SubmissionEventsTable;
  submission_rows: SubmissionRowsTable;
  dataset_values: DatasetValuesTable;
  dataset_search_values: DatasetSearchValuesTable;
  dataset_search_backlog: DatasetSearchBacklogTable;
  api_tokens: ApiTokensTable;
  integration_runs: IntegrationRunsTable;
  inbound_items: InboundItemsTable;
  integration_links: IntegrationLinksTable;
  link_checks: LinkChecksTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
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
