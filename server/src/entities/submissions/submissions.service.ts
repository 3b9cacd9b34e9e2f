import { createHash, randomUUID, webcrypto } from 'node:crypto';
import {
  AppError,
  AUTONUMBER_MAX_VALUE,
  bufferedRandomInt,
  compileSubmissionForm,
  createSessionCache,
  fieldKey,
  hasPermission,
  IN_DATASET_STATUSES,
  type Issue,
  isBlankSubmissionRow,
  isEnteredField,
  mayDecide,
  newSubmissionRow,
  type SubmissionDetail,
  type SubmissionForm,
  type SubmissionProblem,
  type SubmissionRow,
  type SubmissionStatus,
  type SubmissionSummary,
  type SubmissionValidator,
  submissionMessageText,
  type Template,
  utcCalendarDate,
} from '@nomen/shared';
import type { Database, SubmissionRecord } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import type pg from 'pg';
import { withConnection } from '../../db/connection';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { assertNotStale } from '../guards';
import { insertRunsForCommit } from '../integration-runs/integration-runs.repository';
import { insertLinkChecksForCommit } from '../link-checks/link-checks.repository';
import { refreshPoweredLists } from '../lists/lists.powered';
import * as patternsRepo from '../patterns/patterns.repository';
import { getTemplate } from '../templates/templates.service';
import * as searchRepo from './dataset-search.repository';
import * as draftRepo from './drafts/draft-room.repository';
import { closeRoomOnSubmit, mergeSaveIntoRoom, roomOf, roomRows } from './drafts/draft-room.service';
import { draftRoleOf, isShared } from './drafts/draft-sharing.service';
import { buildForm, mayUseTemplate, usableTemplate } from './submission-form.service';
import * as repo from './submissions.repository';

/**
 * The life of a submission (spec 01 §6 edit_submissions): drafts, submit,
 * approval and edits, each commit of a dataset in one transaction, and who may read one. The form
 * a template gives is in ./submission-form.service.ts, dataset reads in ./datasets.service.ts.
 * Decisions where the specs are silent are in this folder's README.
 */

// Unguessable random segments: crypto-strong bytes, drawn without modulo bias.
const randomInt = bufferedRandomInt((bytes) => webcrypto.getRandomValues(bytes));

type Trx = Transaction<Database>;

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** A person a submission is shared with by name, as its summary names them. */
type SharedPerson = { id: number; name: string };

/**
 * A submission as the API answers it (summary without rows); `people` are those it is shared
 * with by name ({@link summaryOf} reads them).
 */
export function toSummary(row: SubmissionRecord, people: readonly SharedPerson[]): SubmissionSummary {
  return {
    id: row.id,
    template_id: row.template_id,
    template_name: row.template_name,
    dataset_id: row.dataset_id,
    name: row.name,
    status: row.status,
    submitter: { id: row.submitter_id, name: row.submitter_name },
    row_count: row.row_count,
    commit_id: row.commit_id,
    decided_by: row.decided_by_name === null ? null : { id: row.decided_by_id, name: row.decided_by_name },
    decided_at: iso(row.decided_at),
    decision_comment: row.decision_comment,
    submitted_at: iso(row.submitted_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    shared: row.shared_with_everyone || people.length > 0,
    shared_with: {
      everyone: row.shared_with_everyone,
      people: people.map((p) => ({ id: p.id, name: p.name })),
    },
  };
}

/** The summaries of submissions with who each is shared with (one query for all). */
export async function summariesOf(
  db: AppDeps['db'],
  rows: readonly SubmissionRecord[],
): Promise<SubmissionSummary[]> {
  const shares = await draftRepo.sharesOfMany(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toSummary(
      row,
      shares.filter((s) => s.submission_id === row.id),
    ),
  );
}

/** The summary of a submission with who it is shared with. */
export async function summaryOf(db: AppDeps['db'], row: SubmissionRecord): Promise<SubmissionSummary> {
  return (await summariesOf(db, [row]))[0]!;
}

/** Problems as the 400 answer's issues: path `body.rows.<row>.<field id>` and the catalogue's text. */
function refuse(problems: readonly SubmissionProblem[], rowPath = 'body.rows'): never {
  const issues: Issue[] = problems.slice(0, 1000).map((p) => ({
    path: p.fieldId === null ? `${rowPath}.${p.row}` : `${rowPath}.${p.row}.${p.fieldId}`,
    message: `Row ${p.row + 1}: ${submissionMessageText(p.messageId, p.params)}`,
  }));
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  throw new AppError('BAD_REQUEST', `${issues[0]?.message ?? 'The submission has problems'}${more}`, issues);
}

/** Input rows with empty values dropped and null read as empty. */
function cleanRows(rows: readonly Record<string, string | null>[]): Record<string, string>[] {
  return rows.map((row) => {
    const out: Record<string, string> = {};
    for (const key in row) {
      const value = row[key];
      if (typeof value === 'string' && value !== '') out[key] = value;
    }
    return out;
  });
}

/** Refuses keys that are not fields of the template (400 naming the cell). */
function assertKnownKeys(form: SubmissionForm, rows: readonly Record<string, string>[]): void {
  const known = new Set(form.fields.map(fieldKey));
  rows.forEach((row, i) => {
    for (const key in row)
      if (!known.has(key)) throw AppError.badField(`body.rows.${i}.${key}`, 'Not a field of this template');
  });
}

/** Whether the template's submissions wait for approval (spec 03 §4: require_approval, with allow_approval). */
function needsApproval(actor: Actor, form: SubmissionForm): boolean {
  return form.settings.require_approval === 1 && actor.settings.allow_approval === true;
}

/** The must_be_unique problems against the dataset, for final rows. Call with the dataset locked. */
async function datasetUniqueness(
  trx: Trx,
  datasetId: number,
  validator: SubmissionValidator,
  rows: readonly SubmissionRow[],
): Promise<SubmissionProblem[]> {
  const taken = new Map<string, Set<string>>();
  for (const key of validator.uniqueKeys) {
    if (!/^\d+$/.test(key)) continue;
    const values = [...new Set(rows.map((r) => r[key] ?? '').filter((v) => v !== ''))];
    taken.set(key, await repo.takenValues(trx, datasetId, Number(key), values));
  }
  return validator
    .uniquenessProblems(rows, [], (key, value) => taken.get(key)?.has(value) ?? false)
    .filter((p) => p.messageId === 'alreadyTaken');
}

/**
 * Governs rows for good: reserves, in one statement, a block of numbers of every
 * autonumber counter for the rows that do not keep theirs (`existingNumber`: an edit, or a
 * resubmitted row whose inputs did not change), runs the shared rules with them, crypto-strong
 * random segments and new row ids, and checks uniqueness against the dataset. Throws 400 with the
 * problems, 409 when a counter runs out; the caller's transaction then rolls back, so no number is
 * burned. Call with the dataset locked.
 */
async function finalRows(
  trx: Trx,
  validator: SubmissionValidator,
  datasetId: number,
  rows: readonly Record<string, string>[],
  existingNumber?: (counterId: number, row: number) => number | null,
): Promise<SubmissionRow[]> {
  // Per counter, each row's kept number (null: draws a new one, in row order).
  const kept = new Map(
    validator.counters.map((c) => [
      c.counterId,
      rows.map((_, r) => existingNumber?.(c.counterId, r) ?? null),
    ]),
  );
  const firsts = await patternsRepo.reserveAutonumberBlock(
    trx,
    validator.counters.map((c) => ({
      counterId: c.counterId,
      startValue: c.startValue,
      count: kept.get(c.counterId)!.filter((n) => n === null).length,
    })),
  );
  const numbers = new Map<number, number[]>();
  for (const [counterId, perRow] of kept) {
    let next = firsts.get(counterId) ?? 0;
    numbers.set(
      counterId,
      perRow.map((n) => n ?? next++),
    );
    if (next - 1 > AUTONUMBER_MAX_VALUE)
      throw new AppError(
        'CONFLICT',
        `The autonumber ${counterId} has run out of numbers. Lower its start value.`,
      );
  }
  const result = validator.validateRows(rows, {
    today: utcCalendarDate(new Date()),
    autonumber: (counterId, row) => numbers.get(counterId)?.[row] ?? 0,
    randomInt,
    session: createSessionCache(),
    newCvId: randomUUID,
  });
  if (result.problems.length > 0) refuse(result.problems);
  const taken = await datasetUniqueness(trx, datasetId, validator, result.rows);
  if (taken.length > 0) refuse(taken);
  return result.rows;
}

/**
 * Where each autonumber counter of a form sits in a row and what it is drawn for (spec 02 §9): the
 * key of the cell holding its number (its segment field, or its own autonumber field) and the keys
 * of the entered cells its value follows — a pattern's variable and entered date segments, or, for
 * a field-set autonumber, every entered field of the row.
 */
function autonumberCells(form: SubmissionForm): Map<number, { numberKey: string; inputKeys: string[] }> {
  const cells = new Map<number, { numberKey: string; inputKeys: string[] }>();
  const entered = form.fields.filter(isEnteredField).map(fieldKey);
  for (const f of form.fields) {
    if (f.governance_type !== 'autonumber') continue;
    const parent = f.field.segment_parent_field_id;
    const counter = parent !== null ? f.field.segment_id : f.field_id;
    if (typeof counter !== 'number') continue;
    let inputKeys = entered;
    if (parent !== null) {
      const pattern = form.patterns.find((p) => String(p.field_id) === String(parent));
      const inputSegments = new Set(
        (pattern?.segments ?? [])
          .filter((s) => s.segment_type === 'variable' || (s.segment_type === 'date' && !s.auto_populate))
          .map((s) => String(s.id)),
      );
      inputKeys = form.fields
        .filter(
          (g) =>
            String(g.field.segment_parent_field_id) === String(parent) &&
            inputSegments.has(String(g.field.segment_id)),
        )
        .map(fieldKey);
    }
    cells.set(counter, { numberKey: fieldKey(f), inputKeys });
  }
  return cells;
}

/** The number an autonumber cell holds ("0042" is 42), or null when it holds none. */
function storedNumber(cell: string | undefined): number | null {
  if (cell === undefined || !/^\d{1,15}$/.test(cell)) return null;
  return Number(cell);
}

/**
 * The numbers a resubmitted Rejected submission keeps: per counter, a row whose
 * inputs to it (`autonumberCells`) are those of a row as it was rejected keeps that row's number;
 * each old row's number goes to one new row at most, in row order, so a new, changed or repeated
 * row draws a new one. `governed` are the new rows governed without numbers (the values as they
 * will be stored), `old` the rejected rows.
 */
function keptNumbers(
  cells: ReadonlyMap<number, { numberKey: string; inputKeys: string[] }>,
  governed: readonly SubmissionRow[],
  old: readonly { data: Record<string, string> }[],
): (counterId: number, row: number) => number | null {
  const signature = (row: Readonly<Record<string, string>>, keys: readonly string[]) =>
    JSON.stringify(keys.map((k) => row[k] ?? ''));
  const byCounter = new Map<number, (number | null)[]>();
  for (const [counterId, { numberKey, inputKeys }] of cells) {
    const free = new Map<string, number[]>();
    for (const row of old) {
      const n = storedNumber(row.data[numberKey]);
      if (n === null) continue;
      const key = signature(row.data, inputKeys);
      free.set(key, [...(free.get(key) ?? []), n]);
    }
    byCounter.set(
      counterId,
      governed.map((row) => free.get(signature(row, inputKeys))?.shift() ?? null),
    );
  }
  return (counterId, row) => byCounter.get(counterId)?.[row] ?? null;
}

/**
 * A submitted row gets a new identifier from the server, so cv_ids the rows
 * carry are removed, after checking them: rows that carry one are governed once without numbers
 * first, so a malformed cv_id is still refused (400) rather than silently replaced. Every other
 * rule runs once, with the numbers, inside the submit's transaction (`finalRows`), whose refusal
 * rolls back the reservation.
 */
function dropGivenCvIds(
  validator: SubmissionValidator,
  rows: Record<string, string>[],
  cvIdField: SubmissionForm['fields'][number] | undefined,
): void {
  if (!cvIdField) return;
  const key = fieldKey(cvIdField);
  if (!rows.some((row) => row[key] !== undefined)) return;
  const preview = validator.validateRows(rows, { today: utcCalendarDate(new Date()) });
  if (preview.problems.length > 0) refuse(preview.problems);
  for (const row of rows) delete row[key];
}

/** The activity-log attributes of a submission. */
function audited(row: SubmissionRecord) {
  return { name: row.name, status: row.status, rows: row.row_count, decision_comment: row.decision_comment };
}

/**
 * Logs a submission made (`before` null) or changed in the activity log: name, status, row count,
 * comment, under `operation` when the change is a step of its life (submitted, approved, rejected;
 * spec 01 §2.10), else created or updated.
 */
function recordSubmission(
  trx: Trx,
  actor: Actor,
  before: SubmissionRecord | null,
  after: SubmissionRecord,
  operation?: 'submitted' | 'approved' | 'rejected',
) {
  return recordActivity(trx, actor, {
    configuredObject: 'submission',
    objectName: after.name,
    objectId: after.id,
    before: before && audited(before),
    after: audited(after),
    ...(operation ? { operation } : {}),
  });
}

/** Runs `work` in a transaction on one connection (COPY needs the pg client of the transaction). */
function inTransaction<T>(deps: AppDeps, work: (trx: Trx, client: pg.PoolClient | null) => Promise<T>) {
  return withConnection(deps, (db, client) => db.transaction().execute((trx) => work(trx, client)));
}

/** Hash of a request, to tell a repeated Idempotency-Key with the same body from a reused one. */
function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/** Checks an Idempotency-Key header: 1-255 visible ASCII characters, else 400. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !/^[\x21-\x7e]{1,255}$/.test(key))
    throw AppError.badField(
      'headers.idempotency-key',
      'An Idempotency-Key is 1 to 255 visible ASCII characters',
    );
  return key;
}

/**
 * Stores rows of a submission that is (or now is) submitted: Submitted rows enter the dataset in a
 * new commit; Pending rows wait (from_commit null). Returns the commit id or null.
 */
async function storeSubmitted(
  trx: Trx,
  client: pg.PoolClient | null,
  actor: Actor,
  submission: SubmissionRecord,
  rows: readonly SubmissionRow[],
  cvIdKey: string | null,
  status: SubmissionStatus,
  parentCommit: number | null,
): Promise<number | null> {
  const commitId =
    status === 'Submitted'
      ? await repo.commit(trx, {
          accountId: actor.accountId,
          datasetId: submission.dataset_id,
          parentId: parentCommit,
          submissionId: submission.id,
          kind: 'submit',
          authorId: actor.userId,
          authorName: actor.userName,
          rowCount: rows.length,
        })
      : null;
  await repo.insertRows(
    trx,
    client,
    {
      accountId: actor.accountId,
      datasetId: submission.dataset_id,
      submissionId: submission.id,
      fromCommit: commitId,
    },
    rows.map((data, i) => ({ row_number: i, cv_id: (cvIdKey && data[cvIdKey]) || randomUUID(), data })),
  );
  if (commitId !== null) {
    // The distinct values come from the rows in hand, not from reading the stored rows again.
    const mark = await searchRepo.markNewValues(trx);
    await repo.addValueCounts(trx, submission.dataset_id, repo.valueCounts(rows));
    // The search report's index takes the new values after the commit (a queued job).
    await searchRepo.queueSearchValues(trx, {
      accountId: actor.accountId,
      datasetId: submission.dataset_id,
      mark,
    });
    await refreshPoweredLists(trx, actor.accountId, submission.dataset_id);
    // The rows are in the dataset: queue the template's outbound integrations.
    if (submission.template_id !== null) {
      const entered = {
        accountId: actor.accountId,
        templateId: submission.template_id,
        submissionId: submission.id,
        commitId,
      };
      await insertRunsForCommit(trx, entered);
      // ...and check its links against the template's link validations.
      await insertLinkChecksForCommit(trx, entered);
    }
  }
  return commitId;
}

/** Sends notices after a commit; a mail failure never undoes the submission. */
async function notify(
  deps: AppDeps,
  actor: Actor,
  userIds: readonly number[],
  subject: string,
  text: string,
) {
  const users = await repo.usersById(deps.db, actor.accountId, [...new Set(userIds)]);
  await Promise.all(
    users.map((u) => deps.mailer.send({ to: u.email, subject, text }).catch(() => undefined)),
  );
}

function submissionLink(deps: AppDeps, id: number): string {
  return `${deps.config.appUrl.replace(/\/$/, '')}/codes/submissions/${id}`;
}

/** Notices of a status: approvers of a Pending one; the submitter and status recipients otherwise. */
async function noticeStatus(deps: AppDeps, actor: Actor, row: SubmissionRecord, template: Template | null) {
  const link = submissionLink(deps, row.id);
  if (row.status === 'Pending' && row.template_id !== null) {
    // Only the approvers who may decide on it are asked to (shared `mayDecide`).
    const approvers = await repo.approverIds(deps.db, actor.accountId, row.template_id);
    const deciders = approvers.filter((userId) => mayDecideOn({ ...actor, userId }, row, approvers));
    await notify(
      deps,
      actor,
      deciders,
      `Submission awaiting approval: ${row.name}`,
      `${row.submitter_name} submitted "${row.name}" (${row.row_count} rows) through ${row.template_name}. Review it: ${link}`,
    );
    return;
  }
  const recipients = [
    ...(row.submitter_id !== null && row.submitter_id !== actor.userId ? [row.submitter_id] : []),
    ...(template && template.settings.enable_auto_submit === 1
      ? template.submissionStatusRecipients.map((r) => r.userId)
      : []),
  ];
  const comment = row.decision_comment ? `\nComment: ${row.decision_comment}` : '';
  await notify(
    deps,
    actor,
    recipients,
    `Submission ${row.status.toLowerCase()}: ${row.name}`,
    `"${row.name}" (${row.template_name}) is ${row.status}.${comment}\n${link}`,
  );
}

/**
 * Creates a submission: a Draft (rows stored as typed), or submitted — the
 * rows governed again by the shared rules (never trusting the client), numbers issued and codes
 * generated in one transaction, Pending with approval or Submitted (a new commit of the dataset)
 * without. Any problem refuses the whole submission with 400 and stores nothing. With an
 * Idempotency-Key, a repeated request answers the first result (no new numbers) and a different
 * request with the same key answers 409.
 */
export async function createSubmission(
  deps: AppDeps,
  actor: Actor,
  input: NewSubmissionInput,
  idempotencyKey: string | null,
): Promise<SubmissionSummary> {
  const hash = idempotencyKey ? requestHash(input) : null;
  const replay = () => replayed(deps, actor, idempotencyKey, hash);
  const earlier = await replay();
  if (earlier) return earlier;

  const template = await usableTemplate(deps, actor, input.template_id);
  const datasetId = await repo.ensureDataset(deps.db, actor.accountId, input.template_id);
  const form = await buildForm(deps, actor, template, datasetId);
  const rows = cleanRows(input.rows);
  assertKnownKeys(form, rows);
  const validator = compileSubmissionForm(form);
  const cvIdKey = form.fields.find((f) => f.governance_type === 'cv_id');
  if (!input.draft) dropGivenCvIds(validator, rows, cvIdKey);
  const status: SubmissionStatus = input.draft
    ? 'Draft'
    : needsApproval(actor, form)
      ? 'Pending'
      : 'Submitted';
  const plan: NewSubmissionPlan = {
    input,
    templateName: template.name,
    datasetId,
    rows,
    validator,
    cvIdKey: cvIdKey ? fieldKey(cvIdKey) : null,
    status,
    idempotencyKey,
    hash,
  };
  let created: SubmissionRecord;
  try {
    created = await inTransaction(deps, (trx, client) => insertNewSubmission(trx, client, actor, plan));
  } catch (error) {
    // A concurrent request with the same key won the insert: answer its result.
    if ((error as { constraint?: string }).constraint === 'submissions_idempotency_key') {
      const first = await replay();
      if (first) return first;
    }
    throw error;
  }
  if (created.commit_id !== null) deps.jobs?.nudge();
  if (!input.draft) await noticeStatus(deps, actor, created, template);
  return toSummary(created, []);
}

/** The body of a new submission: its template, name, rows by field key and whether a draft. */
export interface NewSubmissionInput {
  template_id: number;
  name: string;
  rows: Record<string, string | null>[];
  draft: boolean;
}

/** What a new submission's transaction stores, worked out before it. */
interface NewSubmissionPlan {
  input: NewSubmissionInput;
  templateName: string;
  datasetId: number;
  /** The rows as sent, cleaned. */
  rows: Record<string, string>[];
  validator: SubmissionValidator;
  /** The field key of the template's cv_id field, if it has one. */
  cvIdKey: string | null;
  status: SubmissionStatus;
  idempotencyKey: string | null;
  /** The request's hash ({@link requestHash}), with an Idempotency-Key. */
  hash: string | null;
}

/**
 * The summary of the submission an earlier request with this Idempotency-Key made, or null
 * (no key, or none made yet). 409 when that request differed or came from someone else.
 */
async function replayed(
  deps: AppDeps,
  actor: Actor,
  idempotencyKey: string | null,
  hash: string | null,
): Promise<SubmissionSummary | null> {
  if (!idempotencyKey) return null;
  const earlier = await repo.findByIdempotencyKey(deps.db, actor.accountId, idempotencyKey);
  if (!earlier) return null;
  if (earlier.request_hash !== hash || earlier.submitter_id !== actor.userId)
    throw new AppError('CONFLICT', 'This Idempotency-Key was used for a different request');
  return summaryOf(deps.db, earlier);
}

/**
 * Inserts a new submission in `trx`: a draft's rows as typed, a submitted one's governed for good
 * and stored ({@link storeSubmitted}), with its event and activity entry. Answers the row.
 */
async function insertNewSubmission(
  trx: Trx,
  client: pg.PoolClient | null,
  actor: Actor,
  plan: NewSubmissionPlan,
): Promise<SubmissionRecord> {
  const { input, datasetId, status } = plan;
  const dataset = await repo.findDataset(trx, actor.accountId, datasetId, true);
  const governed = input.draft ? plan.rows : await finalRows(trx, plan.validator, datasetId, plan.rows);
  const now = new Date();
  let submission = await repo.insertSubmission(trx, {
    account_id: actor.accountId,
    template_id: input.template_id,
    dataset_id: datasetId,
    template_name: plan.templateName,
    name: input.name,
    status,
    submitter_id: actor.userId,
    submitter_name: actor.userName,
    idempotency_key: plan.idempotencyKey,
    request_hash: plan.hash,
    row_count: governed.length,
    commit_id: null,
    submitted_at: input.draft ? null : now,
  });
  const commitId = await storeSubmitted(
    trx,
    client,
    actor,
    submission,
    governed,
    plan.cvIdKey,
    status,
    dataset?.head_commit_id ?? null,
  );
  if (commitId !== null)
    submission = await repo.updateSubmission(trx, submission.id, { commit_id: commitId });
  await repo.insertEvent(trx, {
    account_id: actor.accountId,
    submission_id: submission.id,
    action: input.draft ? 'created' : 'submitted',
    user_id: actor.userId,
    user_name: actor.userName,
    commit_id: commitId,
  });
  await recordSubmission(trx, actor, null, submission, input.draft ? undefined : 'submitted');
  return submission;
}

/**
 * A submission the actor may read, with what they may do; 404 otherwise (ARCHITECTURE.md tenancy).
 * The people a draft is shared with read it too (README "Shared drafts").
 */
export async function readable(deps: AppDeps, actor: Actor, id: number) {
  const row = await repo.findSubmission(deps.db, actor.accountId, id);
  if (!row) throw AppError.notFound('Submission');
  const approverIds =
    row.template_id !== null ? await repo.approverIds(deps.db, actor.accountId, row.template_id) : [];
  const isApprover = approverIds.includes(actor.userId);
  const mayEdit =
    hasPermission(actor.permissions, 'edit_submissions') &&
    row.template_id !== null &&
    (await mayUseTemplate(deps, actor, row.template_id));
  const isOwn = row.submitter_id === actor.userId;
  const mayRead = isOwn || isApprover || mayEdit || hasPermission(actor.permissions, 'all_privileges');
  if (!mayRead && (await draftRoleOf(deps, actor, row)) !== 'person') throw AppError.notFound('Submission');
  return { row, isOwn, isApprover, approverIds, mayEdit };
}

/** Whether the actor may decide on the submission (shared `mayDecide`: approvers, self-approval). */
function mayDecideOn(actor: Actor, row: SubmissionRecord, approverIds: readonly number[]): boolean {
  return mayDecide({
    userId: actor.userId,
    approverIds,
    submitterId: row.submitter_id,
    allowSelfApproval: actor.settings.allow_self_approval,
  });
}

/** Throws 404 unless the actor may read the submission (its runs follow its rights). */
export async function assertSubmissionReadable(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  await readable(deps, actor, id);
}

/** One submission with its rows (latest, or as of a commit) and history. */
export async function getSubmission(
  deps: AppDeps,
  actor: Actor,
  id: number,
  commitRef: string,
): Promise<SubmissionDetail> {
  const { row, approverIds, mayEdit } = await readable(deps, actor, id);
  const people = await draftRepo.sharesOf(deps.db, id);
  const rows = await detailRows(deps, actor, row, commitRef, people.length > 0);
  const history = await repo.eventsOf(deps.db, id);
  const isPending = row.status === 'Pending';
  const approvers = isPending ? await repo.usersById(deps.db, actor.accountId, approverIds) : [];
  return {
    ...toSummary(row, people),
    rows,
    history: history.map((e) => ({
      action: e.action,
      user: { id: e.user_id, name: e.user_name },
      comment: e.comment,
      commit_id: e.commit_id,
      created_at: e.created_at.toISOString(),
    })),
    approvers: approvers
      .map((u) => ({ id: u.id, name: u.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    can_decide: isPending && mayDecideOn(actor, row, approverIds),
    can_edit: mayEdit && IN_DATASET_STATUSES.includes(row.status),
  };
}

/**
 * The rows GET answers: as of a commit; else the stored ones, or while a Draft is shared its
 * room's (README "Shared drafts"), each row's id as `cv_id`.
 */
async function detailRows(
  deps: AppDeps,
  actor: Actor,
  row: SubmissionRecord,
  commitRef: string,
  hasPeople: boolean,
): Promise<SubmissionDetail['rows']> {
  if (commitRef === 'HEAD' && row.status === 'Draft' && (row.shared_with_everyone || hasPeople)) {
    const inRoom = await roomRows(deps.db, roomOf(actor, row.id).name);
    return inRoom.map((r, i) => ({ row_number: i, cv_id: r.id, data: r.cells, commit_id: null }));
  }
  let rows: Awaited<ReturnType<typeof repo.currentRows>>;
  if (commitRef === 'HEAD') rows = await repo.currentRows(deps.db, row.id);
  else {
    const commitId = Number(commitRef);
    if (!(await repo.isCommitOf(deps.db, row.dataset_id, commitId))) throw AppError.notFound('Commit');
    rows = await repo.rowsAt(deps.db, row.id, commitId);
  }
  return rows.map((r) => ({
    row_number: r.row_number,
    cv_id: r.cv_id,
    data: r.data,
    commit_id: r.from_commit,
  }));
}

/**
 * The actor's submissions, those awaiting their decision (their own Pending ones only when the
 * account allows self-approval), or the shared drafts they are in (README "Shared drafts").
 */
export async function listSubmissions(
  deps: AppDeps,
  actor: Actor,
  query: { scope: 'mine' | 'approvals' | 'shared'; template_id?: number; limit: number },
) {
  const rows =
    query.scope === 'shared'
      ? await draftRepo.sharedDrafts(deps.db, actor.accountId, {
          userId: actor.userId,
          templateIds: hasPermission(actor.permissions, 'manage_templates')
            ? null
            : [...(await repo.templateIdsThroughGroups(deps.db, actor.accountId, actor.userId))],
          templateId: query.template_id,
          limit: query.limit,
        })
      : await repo.listSubmissions(deps.db, actor.accountId, {
          scope: query.scope,
          userId: actor.userId,
          withOwn: actor.settings.allow_self_approval,
          templateId: query.template_id,
          limit: query.limit,
        });
  return { data: await summariesOf(deps.db, rows) };
}

/**
 * Saves a Draft, or corrects a Rejected submission, and with `submit` submits it (a rejected
 * submission is corrected and sent again; its rows whose inputs to an autonumber
 * did not change keep their numbers, so only new or changed rows draw new ones, and the last
 * decision is cleared, staying in the history). Only its submitter may (404 for others); other
 * statuses answer 409; a stale `updated_at` 409. A shared Draft (README "Shared drafts") may be
 * saved and submitted by the people in it too: a save merges into its room
 * ({@link mergeSharedSave}), a submit submits the room's rows; its submitter stays the owner.
 */
export async function saveSubmission(
  deps: AppDeps,
  actor: Actor,
  id: number,
  input: SavedSubmissionInput,
): Promise<SubmissionSummary> {
  const found = await repo.findSubmission(deps.db, actor.accountId, id);
  const role = found ? await draftRoleOf(deps, actor, found) : null;
  if (!found || role === null) throw AppError.notFound('Submission');
  if (found.template_id === null)
    throw new AppError('CONFLICT', 'The template of this submission was deleted');
  const isSharedDraft = found.status === 'Draft' && (await isShared(deps.db, found));
  if (!isSharedDraft && role !== 'owner') throw AppError.notFound('Submission');
  const template = await usableTemplate(deps, actor, found.template_id);
  const form = await buildForm(deps, actor, template, found.dataset_id);
  if (isSharedDraft && !input.submit) {
    const merged = await mergeSharedSave(deps, actor, id, input, form);
    return summaryOf(deps.db, merged);
  }
  const plan = savePlan(actor, form, input, isSharedDraft);
  const saved = await inTransaction(deps, (trx, client) => saveIn(trx, client, actor, id, input, plan));
  if (input.submit && saved.status === 'Submitted') deps.jobs?.nudge();
  if (input.submit) await noticeStatus(deps, actor, saved, template);
  return summaryOf(deps.db, saved);
}

/** What a save's transaction works with, worked out before it. */
interface SavePlan {
  form: SubmissionForm;
  validator: SubmissionValidator;
  cvIdField: SubmissionForm['fields'][number] | undefined;
  /** The body's rows, cleaned and checked; a shared Draft's submit reads its room's instead. */
  rows: Record<string, string>[];
  status: SubmissionStatus;
  isSharedDraft: boolean;
}

/** The plan of {@link saveSubmission}: the body's rows checked (400 naming the cell), the new status. */
function savePlan(
  actor: Actor,
  form: SubmissionForm,
  input: SavedSubmissionInput,
  isSharedDraft: boolean,
): SavePlan {
  const validator = compileSubmissionForm(form);
  const cvIdField = form.fields.find((f) => f.governance_type === 'cv_id');
  const rows = isSharedDraft ? [] : cleanRows(input.rows);
  assertKnownKeys(form, rows);
  if (input.submit) dropGivenCvIds(validator, rows, cvIdField);
  return {
    form,
    validator,
    cvIdField,
    rows,
    status: input.submit ? (needsApproval(actor, form) ? 'Pending' : 'Submitted') : 'Draft',
    isSharedDraft,
  };
}

/**
 * The save's transaction: locks the submission before anything is read (then a shared Draft's
 * room, {@link lockRoomOf}), so the room takes no acknowledged edit after its rows are read:
 * the collab server's append (`for share` on the submission) waits and then finds it submitted.
 * Then it checks the status and sharing, governs and stores the rows (a shared Draft's: its
 * room's, whose meta it closes) and logs the event and activity.
 */
async function saveIn(
  trx: Trx,
  client: pg.PoolClient | null,
  actor: Actor,
  id: number,
  input: SavedSubmissionInput,
  plan: SavePlan,
): Promise<SubmissionRecord> {
  const before = (await repo.findSubmission(trx, actor.accountId, id, true))!;
  if (plan.isSharedDraft) await lockRoomOf(trx, actor, id);
  if (before.status !== 'Draft' && before.status !== 'Rejected')
    throw new AppError('CONFLICT', `A ${before.status} submission cannot be changed by its submitter`);
  if ((before.status === 'Draft' && (await isShared(trx, before))) !== plan.isSharedDraft)
    throw new AppError('CONFLICT', 'Who this draft is shared with changed; read it again');
  if (!plan.isSharedDraft) assertNotStale(before.updated_at, input.updated_at, 'submission');
  const rows = plan.isSharedDraft ? await roomRowsToSubmit(trx, actor, id, plan) : plan.rows;
  const status = input.submit ? plan.status : before.status;
  const dataset = await repo.findDataset(trx, actor.accountId, before.dataset_id, true);
  const governed = input.submit
    ? await finalRows(
        trx,
        plan.validator,
        before.dataset_id,
        rows,
        await correctedNumbers(trx, plan.form, plan.validator, before, rows),
      )
    : rows;
  if (plan.isSharedDraft)
    await closeRoomOnSubmit(trx, roomOf(actor, id), {
      submissionStatus: status,
      closedByName: actor.userName,
      closedAt: new Date().toISOString(),
    });
  await repo.deleteUncommittedRows(trx, id);
  let submission = await repo.updateSubmission(trx, id, savedFields(input, status, governed.length));
  const commitId = input.submit
    ? await storeSubmitted(
        trx,
        client,
        actor,
        submission,
        governed,
        plan.cvIdField ? fieldKey(plan.cvIdField) : null,
        status,
        dataset?.head_commit_id ?? null,
      )
    : await storeDraftRows(trx, client, actor, before, governed);
  if (commitId !== null) submission = await repo.updateSubmission(trx, id, { commit_id: commitId });
  await recordSave(trx, actor, before, submission, input.submit, commitId);
  return submission;
}

/**
 * Takes a draft room's lock (the collab server's compaction of the room takes it too, so a REST
 * append can never land between a compaction's read of the room's updates and its delete of
 * them). Taken after the submission's row, the order the compaction takes them in (its row
 * `for share`, then this lock), so the two never wait on each other in a cycle.
 */
async function lockRoomOf(trx: Trx, actor: Actor, id: number): Promise<void> {
  await draftRepo.lockRoom(trx, roomOf(actor, id).name);
}

/** A shared Draft's rows as its submit governs them: its room's now, checked as a body's rows are. */
async function roomRowsToSubmit(
  trx: Trx,
  actor: Actor,
  id: number,
  plan: SavePlan,
): Promise<Record<string, string>[]> {
  // Rows holding only what a new row starts with are left out, as the table leaves them out.
  const newRow = newSubmissionRow(plan.form);
  const rows = cleanRows(
    (await roomRows(trx, roomOf(actor, id).name))
      .map((r) => r.cells)
      .filter((cells) => !isBlankSubmissionRow(cells, newRow)),
  );
  assertKnownKeys(plan.form, rows);
  dropGivenCvIds(plan.validator, rows, plan.cvIdField);
  return rows;
}

/** The history event and activity entry of a save or submit, by the actor. */
async function recordSave(
  trx: Trx,
  actor: Actor,
  before: SubmissionRecord,
  after: SubmissionRecord,
  isSubmit: boolean,
  commitId: number | null,
): Promise<void> {
  await repo.insertEvent(trx, {
    account_id: actor.accountId,
    submission_id: after.id,
    action: isSubmit ? 'submitted' : 'saved',
    user_id: actor.userId,
    user_name: actor.userName,
    commit_id: commitId,
  });
  await recordSubmission(trx, actor, before, after, isSubmit ? 'submitted' : undefined);
}

/**
 * A save of a shared Draft (not a submit) by its owner or a person in it: merged into its room
 * (`mergeSaveIntoRoom`: no updated_at check, a REST save never removes others' rows), appended
 * only while still a Draft and notified, in one transaction with the name and row count.
 */
async function mergeSharedSave(
  deps: AppDeps,
  actor: Actor,
  id: number,
  input: SavedSubmissionInput,
  form: SubmissionForm,
): Promise<SubmissionRecord> {
  assertKnownKeys(form, input.rows as Record<string, string>[]);
  return inTransaction(deps, async (trx) => {
    const before = (await repo.findSubmission(trx, actor.accountId, id, true))!;
    await lockRoomOf(trx, actor, id);
    if (before.status !== 'Draft' || !(await isShared(trx, before)))
      throw new AppError('CONFLICT', 'This draft was submitted or is no longer shared; read it again');
    const rowCount = await mergeSaveIntoRoom(trx, roomOf(actor, id), input.rows);
    const submission = await repo.updateSubmission(trx, id, { name: input.name, row_count: rowCount });
    await recordSave(trx, actor, before, submission, false, null);
    return submission;
  });
}

/** The body of a submission's save: its name, rows by field key, whether to submit, its base. */
export interface SavedSubmissionInput {
  name: string;
  rows: Record<string, string | null>[];
  submit: boolean;
  updated_at?: string | null;
}

/**
 * The numbers a corrected Rejected submission keeps ({@link keptNumbers}): read from its rows as
 * they were rejected. Undefined for a Draft: every row draws new numbers.
 */
async function correctedNumbers(
  trx: Trx,
  form: SubmissionForm,
  validator: SubmissionValidator,
  before: SubmissionRecord,
  rows: readonly Record<string, string>[],
): Promise<((counterId: number, row: number) => number | null) | undefined> {
  if (before.status !== 'Rejected') return undefined;
  return keptNumbers(
    autonumberCells(form),
    validator.validateRows(rows, { today: utcCalendarDate(new Date()) }).rows,
    await repo.currentRows(trx, before.id),
  );
}

/**
 * The submission's columns a save changes: name, status and row count; submitted again, it
 * waits for a new decision, the last one staying in its history.
 */
function savedFields(input: SavedSubmissionInput, status: SubmissionStatus, rowCount: number) {
  return {
    name: input.name,
    status,
    row_count: rowCount,
    ...(input.submit
      ? {
          submitted_at: new Date(),
          decided_at: null,
          decided_by_id: null,
          decided_by_name: null,
          decision_comment: null,
        }
      : {}),
  };
}

/** Stores a saved (not submitted) submission's rows as typed, outside any commit; answers null. */
async function storeDraftRows(
  trx: Trx,
  client: pg.PoolClient | null,
  actor: Actor,
  before: SubmissionRecord,
  rows: readonly Record<string, string>[],
): Promise<null> {
  await repo.insertRows(
    trx,
    client,
    { accountId: actor.accountId, datasetId: before.dataset_id, submissionId: before.id, fromCommit: null },
    rows.map((data, i) => ({ row_number: i, cv_id: '', data })),
  );
  return null;
}

/**
 * Approves or rejects a Pending submission: only an approver of its template
 * (403 for others who may read it), and not its submitter unless the account setting
 * allow_self_approval is on (403 naming the setting); a rejection needs a comment (the schema's
 * 400). Approval makes a commit: the rows enter the dataset, checked again for uniqueness against
 * it (400 when a value was taken since). Other statuses answer 409.
 */
export async function decideSubmission(
  deps: AppDeps,
  actor: Actor,
  id: number,
  decision: 'approve' | 'reject',
  comment: string,
): Promise<SubmissionSummary> {
  const { isApprover, approverIds, row: found } = await readable(deps, actor, id);
  if (!isApprover)
    throw new AppError('FORBIDDEN', 'Only an approver of its template may decide on a submission');
  if (!mayDecideOn(actor, found, approverIds))
    throw new AppError(
      'FORBIDDEN',
      'You submitted this submission, so another approver decides on it (the account setting Allow self-approval is off)',
    );
  // The template and its form are read before the transaction: inside it only `trx` may be used
  // (the embedded database has one connection).
  const validator =
    decision === 'approve' && found.template_id !== null
      ? compileSubmissionForm(
          await buildForm(deps, actor, await getTemplate(deps, actor, found.template_id), found.dataset_id),
        )
      : null;
  const decided = await inTransaction(deps, async (trx) => {
    const before = (await repo.findSubmission(trx, actor.accountId, id, true))!;
    if (before.status !== 'Pending')
      throw new AppError('CONFLICT', `The submission is ${before.status}, not Pending`);
    const commitId = decision === 'approve' ? await commitApproval(trx, actor, before, validator) : null;
    const submission = await repo.updateSubmission(trx, id, {
      status: decision === 'approve' ? 'Approved' : 'Rejected',
      decided_by_id: actor.userId,
      decided_by_name: actor.userName,
      decided_at: new Date(),
      decision_comment: comment === '' ? null : comment,
      ...(commitId !== null ? { commit_id: commitId } : {}),
    });
    await repo.insertEvent(trx, {
      account_id: actor.accountId,
      submission_id: id,
      action: decision === 'approve' ? 'approved' : 'rejected',
      user_id: actor.userId,
      user_name: actor.userName,
      comment,
      commit_id: commitId,
    });
    await recordSubmission(trx, actor, before, submission, decision === 'approve' ? 'approved' : 'rejected');
    return submission;
  });
  if (decided.status === 'Approved') deps.jobs?.nudge();
  const template =
    decided.template_id !== null
      ? await getTemplate(deps, actor, decided.template_id).catch(() => null)
      : null;
  await noticeStatus(deps, actor, decided, template);
  return summaryOf(deps.db, decided);
}

/**
 * An approval's commit in `trx`: the Pending rows, checked again for uniqueness against the
 * dataset (400 when a value was taken since; skipped without a `validator`), enter it in a new
 * commit. Answers the commit id.
 */
async function commitApproval(
  trx: Trx,
  actor: Actor,
  before: SubmissionRecord,
  validator: SubmissionValidator | null,
): Promise<number> {
  const id = before.id;
  const dataset = (await repo.findDataset(trx, actor.accountId, before.dataset_id, true))!;
  if (validator !== null) {
    const rows = (await repo.currentRows(trx, id)).map((r) => r.data);
    const taken = await datasetUniqueness(trx, dataset.id, validator, rows);
    if (taken.length > 0) refuse(taken, 'rows');
  }
  const commitId = await repo.commit(trx, {
    accountId: actor.accountId,
    datasetId: dataset.id,
    parentId: dataset.head_commit_id,
    submissionId: id,
    kind: 'approve',
    authorId: actor.userId,
    authorName: actor.userName,
    rowCount: before.row_count,
  });
  await repo.commitRows(trx, id, commitId);
  await publishCommittedRows(trx, actor, {
    datasetId: dataset.id,
    submissionId: id,
    templateId: before.template_id,
    commitId,
  });
  return commitId;
}

/** A commit of a submission's rows into its template's dataset. */
interface CommittedRows {
  datasetId: number;
  submissionId: number;
  /** The template (null when it was deleted: no integrations then). */
  templateId: number | null;
  commitId: number;
}

/**
 * What follows rows entering the dataset in a commit, in `trx`: the dataset's distinct values
 * count them, the search index is queued, powered lists refresh, and the template's outbound
 * integrations and link checks are queued for the commit.
 */
async function publishCommittedRows(trx: Trx, actor: Actor, committed: CommittedRows): Promise<void> {
  const { datasetId, submissionId, templateId, commitId } = committed;
  const mark = await searchRepo.markNewValues(trx);
  await repo.applyToValues(trx, datasetId, { submissionId, fromCommit: commitId }, 1);
  await searchRepo.queueSearchValues(trx, { accountId: actor.accountId, datasetId, mark });
  await refreshPoweredLists(trx, actor.accountId, datasetId);
  if (templateId !== null) {
    const entered = { accountId: actor.accountId, templateId, submissionId, commitId };
    await insertRunsForCommit(trx, entered);
    await insertLinkChecksForCommit(trx, entered);
  }
}

/**
 * Edits rows of a submission in the dataset (spec 01 §6 edit_submissions): each
 * given row names an existing row by its cv_id and gives the values to change (a key given empty
 * or null clears its cell; keys not given keep their values); the whole row is
 * governed again (keeping its autonumbers), the old versions end and the new ones start in a new
 * commit, so every earlier version stays readable, and the template's outbound integrations run
 * again with the submission as it now is (a fixed link is re-pushed and its links checked again). Unknown
 * cv_ids answer 400; a submission not in the dataset 409.
 */
export async function editSubmission(
  deps: AppDeps,
  actor: Actor,
  id: number,
  input: { rows: Record<string, string | null>[]; updated_at?: string | null },
): Promise<SubmissionSummary> {
  const { mayEdit, row: found } = await readable(deps, actor, id);
  if (!mayEdit || found.template_id === null) throw AppError.notFound('Submission');
  const template = await getTemplate(deps, actor, found.template_id);
  const form = await buildForm(deps, actor, template, found.dataset_id);
  const validator = compileSubmissionForm(form);
  const cvField = form.fields.find((f) => f.governance_type === 'cv_id');
  const given = cleanRows(input.rows);
  assertKnownKeys(form, given);
  const cells = autonumberCells(form);
  const edited = await inTransaction(deps, async (trx, client) => {
    const before = (await repo.findSubmission(trx, actor.accountId, id, true))!;
    if (!IN_DATASET_STATUSES.includes(before.status))
      throw new AppError(
        'CONFLICT',
        `Only rows in the dataset can be edited; the submission is ${before.status}`,
      );
    assertNotStale(before.updated_at, input.updated_at, 'submission');
    const dataset = (await repo.findDataset(trx, actor.accountId, before.dataset_id, true))!;
    const targets = editTargets(
      await repo.currentRows(trx, id),
      given,
      input.rows,
      cvField ? fieldKey(cvField) : null,
    );
    // The old versions leave the distinct values before the new ones are checked and counted.
    const oldIds = targets.map((t) => t.old.id);
    await repo.applyToValues(trx, dataset.id, { ids: oldIds }, -1);
    const rows = await finalRows(
      trx,
      validator,
      dataset.id,
      targets.map((t) => t.merged),
      (counterId, row) => {
        const key = cells.get(counterId)?.numberKey;
        return key ? storedNumber(targets[row]?.old.data[key]) : null;
      },
    );
    const commitId = await repo.commit(trx, {
      accountId: actor.accountId,
      datasetId: dataset.id,
      parentId: dataset.head_commit_id,
      submissionId: id,
      kind: 'edit',
      authorId: actor.userId,
      authorName: actor.userName,
      rowCount: rows.length,
    });
    await repo.endVersions(trx, oldIds, commitId);
    await repo.insertRows(
      trx,
      client,
      { accountId: actor.accountId, datasetId: dataset.id, submissionId: id, fromCommit: commitId },
      rows.map((data, i) => ({ row_number: targets[i]!.old.row_number, cv_id: targets[i]!.old.cv_id, data })),
    );
    // The fixed rows go out again: a published link is fixed, re-pushed and its links checked again.
    await publishCommittedRows(trx, actor, {
      datasetId: dataset.id,
      submissionId: id,
      templateId: found.template_id!,
      commitId,
    });
    return recordEdit(trx, actor, id, commitId, targets, rows);
  });
  deps.jobs?.nudge();
  return summaryOf(deps.db, edited);
}

/** A row an edit changes: its stored version and its values after the edit. */
interface EditTarget {
  old: Awaited<ReturnType<typeof repo.currentRows>>[number];
  merged: Record<string, string>;
}

/**
 * Matches each given row to the submission's `current` row with its cv_id (under `cvKey`) and
 * merges the given values over the stored ones: a key sent empty or null (in `sent`, the rows
 * as sent) clears its cell; a key not sent keeps the stored value. 400 for a row naming no
 * current row, or a row named twice.
 */
function editTargets(
  current: EditTarget['old'][],
  given: readonly Record<string, string>[],
  sent: readonly Record<string, string | null>[],
  cvKey: string | null,
): EditTarget[] {
  const byCvId = new Map(current.map((r) => [r.cv_id, r]));
  const targets = given.map((row, i) => {
    const cvId = (cvKey && row[cvKey]) || '';
    const old = byCvId.get(cvId);
    if (!old) throw AppError.badField(`body.rows.${i}`, 'Name a row of this submission by its cv_id');
    const merged: Record<string, string> = { ...old.data, ...row };
    // A key given empty (or null) clears that cell; a key not given keeps the stored value.
    for (const key in sent[i]) if (!row[key]) delete merged[key];
    return { old, merged };
  });
  if (new Set(targets.map((t) => t.old.id)).size !== targets.length)
    throw AppError.badField('body.rows', 'A row is named twice');
  return targets;
}

/** Points the submission at the edit's commit and records the edit's event and activity entry. */
async function recordEdit(
  trx: Trx,
  actor: Actor,
  id: number,
  commitId: number,
  targets: readonly EditTarget[],
  rows: readonly SubmissionRow[],
): Promise<SubmissionRecord> {
  const submission = await repo.updateSubmission(trx, id, { commit_id: commitId });
  await repo.insertEvent(trx, {
    account_id: actor.accountId,
    submission_id: id,
    action: 'edited',
    user_id: actor.userId,
    user_name: actor.userName,
    comment: `${rows.length} row${rows.length === 1 ? '' : 's'} edited`,
    commit_id: commitId,
  });
  await recordActivity(trx, actor, {
    configuredObject: 'submission',
    objectName: submission.name,
    objectId: id,
    before: { rows: targets.map((t) => t.old.data) },
    after: { rows },
  });
  return submission;
}
