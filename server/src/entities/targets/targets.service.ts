import {
  AppError,
  connectorTypeById,
  type MultiTarget,
  missingClassifications,
  type multiTargetsSaveSchema,
  requiredClassifications,
  TARGET_TYPES,
  type Target,
  type TargetField,
  type TargetFieldChoice,
  type TargetForImport,
  type TargetSummary,
  targetIssues,
  type targetSaveSchema,
} from '@nomen/shared';
import type { Database, MultiTargetRow } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { findConnectors } from '../connectors/connectors.repository';
import { assertAllFound, assertNotStale } from '../guards';
import { adobeClientFor, callProvider } from './provider-clients';
import * as repo from './targets.repository';

type TargetSaveInput = z.output<typeof targetSaveSchema>;
type MultiTargetsInput = z.output<typeof multiTargetsSaveSchema>['multi_targets'];

function typeName(connectorTypeId: number): string {
  return connectorTypeById(connectorTypeId)?.name ?? 'Unknown';
}

function toSummary(row: repo.TargetListRow): TargetSummary {
  const connectorTypeId = row.connector_connector_type_id ?? row.connector_type_id;
  const connector =
    row.connector_id !== null && row.connector_name !== null
      ? {
          id: row.connector_id,
          name: row.connector_name,
          connector_type: {
            id: connectorTypeId,
            slug: connectorTypeById(connectorTypeId)?.slug ?? '',
            name: typeName(connectorTypeId),
          },
        }
      : null;
  return {
    id: row.id,
    name: row.name,
    nickname: row.nickname,
    connector_type_id: row.connector_type_id,
    type: connector?.connector_type.name ?? typeName(row.connector_type_id),
    connector_id: connector ? row.connector_id : null,
    connector,
    multi_targets_count: row.multi_targets_count,
    updated_at: row.updated_at.toISOString(),
  };
}

function toTarget(row: repo.TargetListRow, fields: TargetField[]): Target {
  return {
    ...toSummary(row),
    remote_realm_id: row.remote_realm_id,
    realm_name: row.realm_name,
    remote_target_id: row.remote_target_id,
    remote_target_name: row.remote_target_name,
    classifications_names: row.classifications_names,
    use_aa_confirmation_email: row.use_aa_confirmation_email,
    aa_confirmation_email: row.aa_confirmation_email,
    ga_account_id: row.ga_account_id,
    ga_property_id: row.ga_property_id,
    ga_custom_data_source_id: row.ga_custom_data_source_id,
    ga_custom_data_source_schema: row.ga_custom_data_source_schema,
    target_fields: fields,
  };
}

function toMultiTarget(row: MultiTargetRow): MultiTarget {
  return {
    local_multi_target_id: row.id,
    remote_realm_id: row.remote_realm_id,
    remote_realm_name: row.remote_realm_name,
    remote_target_id: row.remote_target_id,
    remote_target_name: row.remote_target_name,
    classifications_names: row.classifications_names,
    status: row.status,
  };
}

/** The attributes of a target the activity log compares (no provider data beyond ids and names). */
function audited(
  values: repo.TargetValues,
  fields: readonly { field_id: number; classification_name: string }[],
) {
  return {
    name: values.name,
    nickname: values.nickname,
    connector_type_id: values.connector_type_id,
    connector_id: values.connector_id,
    remote_realm_id: values.remote_realm_id,
    remote_target_id: values.remote_target_id,
    use_aa_confirmation_email: values.use_aa_confirmation_email,
    aa_confirmation_email: values.aa_confirmation_email,
    ga_account_id: values.ga_account_id,
    ga_property_id: values.ga_property_id,
    ga_custom_data_source_id: values.ga_custom_data_source_id,
    ga_custom_data_source_schema: values.ga_custom_data_source_schema,
    target_fields: Object.fromEntries(fields.map((f) => [f.classification_name, f.field_id])),
  };
}

function auditedMultiTarget(row: repo.MultiTargetValues) {
  return {
    remote_realm_id: row.remote_realm_id,
    remote_target_id: row.remote_target_id,
    status: row.status,
  };
}

function multiTargetName(targetName: string, m: { remote_realm_name: string; remote_target_name: string }) {
  return `${targetName}: ${m.remote_realm_name} / ${m.remote_target_name}`;
}

async function fieldsOf(deps: AppDeps, accountId: number, targetId: number): Promise<TargetField[]> {
  const rows = await repo.listTargetFields(deps.db, accountId, [targetId]);
  return rows.map((r) => ({
    id: r.id,
    field_id: r.field_id,
    field_name: r.field_name,
    classification_name: r.classification_name,
  }));
}

/** The account's targets (spec 01 §2.4). */
export async function listTargets(deps: AppDeps, actor: Actor): Promise<{ data: TargetSummary[] }> {
  return { data: (await repo.listTargets(deps.db, actor.accountId)).map(toSummary) };
}

/** One target with its fields (spec 01 §2.5, §7). 404 for an id of another account. */
export async function getTarget(deps: AppDeps, actor: Actor, id: number): Promise<Target> {
  const row = await repo.findTarget(deps.db, actor.accountId, id);
  if (!row) throw AppError.notFound('Target');
  return toTarget(row, await fieldsOf(deps, actor.accountId, id));
}

/** A target's fields (spec 01 §7 `GET .../targets/{id}/fields`). 404 for an id of another account. */
export async function getTargetFields(
  deps: AppDeps,
  actor: Actor,
  id: number,
): Promise<{ data: TargetField[] }> {
  if (!(await repo.findTarget(deps.db, actor.accountId, id))) throw AppError.notFound('Target');
  return { data: await fieldsOf(deps, actor.accountId, id) };
}

/** The Adobe report a save names, as Adobe answers it: name and classification names. */
async function readAdobeReport(
  deps: AppDeps,
  actor: Actor,
  connectorId: number,
  realm: string,
  report: string,
) {
  const adobe = await adobeClientFor(deps, actor.accountId, connectorId);
  let reports: Awaited<ReturnType<typeof adobe.client.listTargets>>;
  try {
    reports = await callProvider(() => adobe.client.listTargets(adobe.company, realm));
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw AppError.badField(
        'body.remote_realm_id',
        `Adobe Analytics has no report suite "${realm}" for this account`,
      );
    }
    throw error;
  }
  const found = reports.find((r) => r.id === report);
  if (!found) {
    throw AppError.badField('body.remote_target_id', `Report suite "${realm}" has no report "${report}"`);
  }
  return found;
}

/** The classification mappings a target save sends, when it sends them. */
type MappedFields = NonNullable<TargetSaveInput['target_fields']>;

/**
 * Creates (no id) or updates (id) a target with its fields and an activity entry, in one
 * transaction (spec 01 §2.5, §4, §5, §7). Refuses with 400 what `targetIssues` names, a
 * connected account of the other type, a report Adobe does not list, fields mapped to a
 * classification the report lacks or twice; 404 for ids (target, account, fields) of another
 * account; 409 for a stale write. The Adobe report's name and classifications come from Adobe.
 * Changing a target to Google deletes its multi-targets.
 */
export async function saveTarget(
  deps: AppDeps,
  actor: Actor,
  input: TargetSaveInput,
): Promise<{ target: { id: number } }> {
  const issues = targetIssues(input);
  if (issues.length > 0)
    throw new AppError(
      'BAD_REQUEST',
      issues[0]!.message === 'Required' ? 'Some required fields are missing' : issues[0]!.message,
      issues,
    );
  const isAdobe = input.connector_type_id === TARGET_TYPES.adobe;
  const [connector] = await findConnectors(deps.db, actor.accountId, [input.connector_id!]);
  if (!connector) throw AppError.notFound('Connected account');
  if (connector.connector_type_id !== input.connector_type_id) {
    throw AppError.badField('body.connector_id', `Choose a ${typeName(input.connector_type_id)} account`);
  }

  const existing = input.id ? await repo.findTarget(deps.db, actor.accountId, input.id) : undefined;
  if (input.id && !existing) throw AppError.notFound('Target');
  const values = targetValues(input, connector.id, isAdobe);
  if (isAdobe) await fillAdobeReport(deps, actor, existing, values);
  const mapped = input.target_fields ?? null;
  if (mapped) assertMappingsFit(mapped, values, isAdobe);

  return deps.db.transaction().execute(async (trx) => {
    if (mapped) {
      const fieldIds = [...new Set(mapped.map((f) => f.field_id))];
      const found = await repo.findFields(trx, actor.accountId, fieldIds);
      assertAllFound(
        fieldIds,
        found.map((f) => f.id),
        'Fields',
      );
    }
    if (!input.id) return { target: { id: await insertTargetRow(trx, actor, values, mapped) } };
    return { target: { id: await updateTargetRow(trx, actor, { ...input, id: input.id }, values, mapped) } };
  });
}

/**
 * The row values of a target save: the Adobe settings for an Adobe target, the Google ones
 * otherwise (the other type's blank); the Adobe report's name and classifications are filled
 * later from Adobe ({@link fillAdobeReport}).
 */
function targetValues(input: TargetSaveInput, connectorId: number, isAdobe: boolean): repo.TargetValues {
  return {
    name: input.name,
    nickname: input.nickname,
    connector_type_id: input.connector_type_id,
    connector_id: connectorId,
    remote_realm_id: isAdobe ? input.remote_realm_id : '',
    realm_name: isAdobe ? input.realm_name || input.remote_realm_id : '',
    remote_target_id: isAdobe ? input.remote_target_id : '',
    remote_target_name: '',
    classifications_names: [],
    use_aa_confirmation_email: isAdobe && input.use_aa_confirmation_email,
    aa_confirmation_email: isAdobe && input.use_aa_confirmation_email ? input.aa_confirmation_email : '',
    ga_account_id: isAdobe ? '' : input.ga_account_id,
    ga_property_id: isAdobe ? '' : input.ga_property_id,
    ga_custom_data_source_id: isAdobe ? '' : input.ga_custom_data_source_id,
    ga_custom_data_source_schema: isAdobe ? '' : input.ga_custom_data_source_schema,
  };
}

/**
 * Fills an Adobe target's report name and classification names into `values`: from the saved
 * target when its account and report are unchanged, else from Adobe (400 when Adobe does not
 * list the suite or report).
 */
async function fillAdobeReport(
  deps: AppDeps,
  actor: Actor,
  existing: repo.TargetListRow | undefined,
  values: repo.TargetValues,
): Promise<void> {
  const unchanged =
    existing &&
    existing.connector_type_id === TARGET_TYPES.adobe &&
    existing.connector_id === values.connector_id &&
    existing.remote_realm_id === values.remote_realm_id &&
    existing.remote_target_id === values.remote_target_id;
  // Adobe is asked only when the report changes: a rename must not depend on Adobe answering.
  const report = unchanged
    ? { name: existing.remote_target_name, classifications_names: existing.classifications_names }
    : await readAdobeReport(
        deps,
        actor,
        values.connector_id!,
        values.remote_realm_id,
        values.remote_target_id,
      );
  values.remote_target_name = report.name;
  values.classifications_names = report.classifications_names;
}

/**
 * Refuses (400, naming the entry) a classification mapped twice, or, for an Adobe target, one
 * its report lacks (case-insensitive).
 */
function assertMappingsFit(mapped: MappedFields, values: repo.TargetValues, isAdobe: boolean): void {
  const seen = new Set<string>();
  mapped.forEach((f, i) => {
    const key = f.classification_name.toLowerCase();
    if (seen.has(key)) {
      throw AppError.badField(
        `body.target_fields.${i}.classification_name`,
        `"${f.classification_name}" is mapped twice`,
      );
    }
    seen.add(key);
    if (isAdobe && !values.classifications_names.some((n) => n.toLowerCase() === key)) {
      throw AppError.badField(
        `body.target_fields.${i}.classification_name`,
        `The report has no classification "${f.classification_name}"`,
      );
    }
  });
}

/** Inserts a target with its mappings and an activity entry in `trx`; answers its id. */
async function insertTargetRow(
  trx: Transaction<Database>,
  actor: Actor,
  values: repo.TargetValues,
  mapped: MappedFields | null,
): Promise<number> {
  const row = await repo.insertTarget(trx, actor.accountId, values);
  if (mapped) await repo.replaceTargetFields(trx, actor.accountId, row.id, mapped);
  await recordActivity(trx, actor, {
    configuredObject: 'target',
    objectName: row.name,
    objectId: row.id,
    before: null,
    after: audited(values, mapped ?? []),
  });
  return row.id;
}

/**
 * Updates the saved target `input.id` in `trx` (404 when gone, 409 when stale) with its mappings
 * and an activity entry; a target now Google loses its multi-targets, each logged. Answers its id.
 */
async function updateTargetRow(
  trx: Transaction<Database>,
  actor: Actor,
  input: TargetSaveInput & { id: number },
  values: repo.TargetValues,
  mapped: MappedFields | null,
): Promise<number> {
  const [locked] = await repo.findTargetsForUpdate(trx, actor.accountId, [input.id]);
  if (!locked) throw AppError.notFound('Target');
  assertNotStale(locked.updated_at, input.updated_at, 'target');
  const beforeFields = await repo.listTargetFields(trx, actor.accountId, [locked.id]);
  const row = await repo.updateTarget(trx, actor.accountId, locked.id, values);
  if (mapped) await repo.replaceTargetFields(trx, actor.accountId, row.id, mapped);
  await recordActivity(trx, actor, {
    configuredObject: 'target',
    objectName: row.name,
    objectId: row.id,
    before: audited(locked, beforeFields),
    after: audited(values, mapped ?? beforeFields),
  });
  if (values.connector_type_id !== TARGET_TYPES.adobe) {
    const dropped = await repo.deleteAllMultiTargets(trx, actor.accountId, row.id);
    await recordActivity(
      trx,
      actor,
      ...dropped.map((m) => ({
        configuredObject: 'multi-target' as const,
        objectName: multiTargetName(row.name, m),
        objectId: m.id,
        before: auditedMultiTarget(m),
        after: null,
      })),
    );
  }
  return row.id;
}

/** Deletes targets (spec 01 §2.4, §7). All or nothing: 404 naming unknown ids. */
export async function deleteTargets(
  deps: AppDeps,
  actor: Actor,
  ids: number[],
): Promise<{ ok: true; message: string }> {
  await deps.db.transaction().execute(async (trx) => {
    const targets = await repo.findTargetsForUpdate(trx, actor.accountId, ids);
    assertAllFound(
      ids,
      targets.map((t) => t.id),
      'Targets',
    );
    const fields = await repo.listTargetFields(trx, actor.accountId, ids);
    await repo.deleteTargets(trx, actor.accountId, ids);
    await recordActivity(
      trx,
      actor,
      ...targets.map((t) => ({
        configuredObject: 'target' as const,
        objectName: t.name,
        objectId: t.id,
        before: audited(
          t,
          fields.filter((f) => f.target_id === t.id),
        ),
        after: null,
      })),
    );
  });
  const n = new Set(ids).size;
  return { ok: true, message: n === 1 ? 'Target deleted' : `${n} targets deleted` };
}

/** A target's multi-targets (spec 01 §7). 404 for an id of another account. */
export async function listMultiTargets(
  deps: AppDeps,
  actor: Actor,
  id: number,
): Promise<{ data: MultiTarget[] }> {
  if (!(await repo.findTarget(deps.db, actor.accountId, id))) throw AppError.notFound('Target');
  return { data: (await repo.listMultiTargets(deps.db, actor.accountId, id)).map(toMultiTarget) };
}

const reportKey = (m: { remote_realm_id: string; remote_target_id: string }) =>
  `${m.remote_realm_id}\u0000${m.remote_target_id}`;

/** A multi-target to save, its report read from Adobe, and the saved one it changes (if any). */
type ResolvedMultiTarget = repo.MultiTargetValues & { local_multi_target_id: number | null };

/**
 * Adds or changes multi-targets of an Adobe target (spec 01 §2.5, §4, §7), answering the whole
 * list. Each report is read from Adobe through the target's account (its name, its suite's name
 * and its classification names); one that lacks a classification the target needs
 * (`requiredClassifications`), the target's own report, or one the target already has answers 400
 * naming the entry. 404 for the target or multi-target ids of another target or account.
 */
export async function saveMultiTargets(
  deps: AppDeps,
  actor: Actor,
  id: number,
  entries: MultiTargetsInput,
): Promise<{ data: MultiTarget[] }> {
  const target = await repo.findTarget(deps.db, actor.accountId, id);
  if (!target) throw AppError.notFound('Target');
  if (target.connector_type_id !== TARGET_TYPES.adobe) {
    throw new AppError('BAD_REQUEST', 'Only Adobe Analytics targets have multi-targets');
  }
  if (target.connector_id === null || target.connector_name === null || !target.remote_target_id) {
    throw new AppError(
      'BAD_REQUEST',
      'Choose the target’s connected account and report before adding multi-targets',
    );
  }
  const resolved = await resolveMultiTargets(deps, actor, target, target.connector_id, entries);
  return deps.db.transaction().execute(async (trx) => {
    // Locks the target so concurrent saves of its multi-targets run one after the other.
    await repo.findTargetsForUpdate(trx, actor.accountId, [id]);
    const current = await repo.listMultiTargets(trx, actor.accountId, id);
    assertNoClash(current, resolved);
    const byId = new Map(current.map((m) => [m.id, m]));
    for (const { local_multi_target_id: localId, ...values } of resolved) {
      const before = localId ? byId.get(localId)! : null;
      const row = localId
        ? await repo.updateMultiTarget(trx, actor.accountId, id, localId, values)
        : await repo.insertMultiTarget(trx, actor.accountId, id, values);
      await recordActivity(trx, actor, {
        configuredObject: 'multi-target',
        objectName: multiTargetName(target.name, row),
        objectId: row.id,
        before: before ? auditedMultiTarget(before) : null,
        after: auditedMultiTarget(values),
      });
    }
    return { data: (await repo.listMultiTargets(trx, actor.accountId, id)).map(toMultiTarget) };
  });
}

/**
 * Reads each entry's suite and report from Adobe through the target's account `connectorId`
 * (each suite's reports once) and checks it: 400 naming the entry for an unknown suite or
 * report, the target's own report, a report listed twice, or one lacking a classification the
 * target needs. Answers the entries with their Adobe names and classifications, in order.
 */
async function resolveMultiTargets(
  deps: AppDeps,
  actor: Actor,
  target: repo.TargetListRow,
  connectorId: number,
  entries: MultiTargetsInput,
): Promise<ResolvedMultiTarget[]> {
  const fields = await repo.listTargetFields(deps.db, actor.accountId, [target.id]);
  const required = requiredClassifications(
    target.classifications_names,
    fields.map((f) => f.classification_name),
  );
  const adobe = await adobeClientFor(deps, actor.accountId, connectorId);
  const realms = await callProvider(() => adobe.client.listRealms(adobe.company));
  const reportsByRealm = new Map<string, Awaited<ReturnType<typeof adobe.client.listTargets>>>();
  const resolved: ResolvedMultiTarget[] = [];
  const batch = new Set<string>();
  for (const [i, entry] of entries.entries()) {
    const at = `body.multi_targets.${i}`;
    const realm = realms.find((r) => r.remote_realm_id === entry.remote_realm_id);
    if (!realm)
      throw AppError.badField(
        `${at}.remote_realm_id`,
        `Adobe Analytics has no report suite "${entry.remote_realm_id}" for this account`,
      );
    let reports = reportsByRealm.get(realm.remote_realm_id);
    if (!reports) {
      reports = await callProvider(() => adobe.client.listTargets(adobe.company, realm.remote_realm_id));
      reportsByRealm.set(realm.remote_realm_id, reports);
    }
    const report = reports.find((r) => r.id === entry.remote_target_id);
    if (!report)
      throw AppError.badField(
        `${at}.remote_target_id`,
        `Report suite "${realm.realm_name}" has no report "${entry.remote_target_id}"`,
      );
    if (reportKey(entry) === reportKey(target)) {
      throw AppError.badField(`${at}.remote_target_id`, `"${report.name}" is the target’s own report`);
    }
    if (batch.has(reportKey(entry)))
      throw AppError.badField(`${at}.remote_target_id`, `"${report.name}" is listed twice`);
    batch.add(reportKey(entry));
    const missing = missingClassifications(required, report.classifications_names);
    if (missing.length > 0) {
      throw AppError.badField(
        `${at}.remote_target_id`,
        `"${report.name}" in ${realm.realm_name} is not compatible: it lacks ${missing.join(', ')}`,
      );
    }
    resolved.push({
      local_multi_target_id: entry.local_multi_target_id ?? null,
      remote_realm_id: realm.remote_realm_id,
      remote_realm_name: realm.realm_name,
      remote_target_id: report.id,
      remote_target_name: report.name,
      classifications_names: report.classifications_names,
      status: entry.status,
    });
  }
  return resolved;
}

/**
 * Refuses multi-target ids not among the target's `current` ones (404), and a report the target
 * already has in a multi-target this save does not change (400 naming the entry).
 */
function assertNoClash(current: readonly MultiTargetRow[], resolved: readonly ResolvedMultiTarget[]): void {
  assertAllFound(
    resolved.flatMap((r) => (r.local_multi_target_id ? [r.local_multi_target_id] : [])),
    current.map((m) => m.id),
    'Multi-targets',
  );
  const changedIds = new Set(resolved.map((r) => r.local_multi_target_id));
  for (const [i, r] of resolved.entries()) {
    const clash = current.find((m) => reportKey(m) === reportKey(r) && !changedIds.has(m.id));
    if (clash) {
      throw AppError.badField(
        `body.multi_targets.${i}.remote_target_id`,
        `"${r.remote_target_name}" is already a multi-target of this target`,
      );
    }
  }
}

/** Deletes multi-targets of a target (spec 01 §7), answering the rest. 404 naming ids it lacks. */
export async function deleteMultiTargets(
  deps: AppDeps,
  actor: Actor,
  id: number,
  ids: number[],
): Promise<{ data: MultiTarget[] }> {
  return deps.db.transaction().execute(async (trx) => {
    const [target] = await repo.findTargetsForUpdate(trx, actor.accountId, [id]);
    if (!target) throw AppError.notFound('Target');
    const current = await repo.listMultiTargets(trx, actor.accountId, id);
    assertAllFound(
      ids,
      current.map((m) => m.id),
      'Multi-targets',
    );
    await repo.deleteMultiTargets(trx, actor.accountId, id, ids);
    const gone = current.filter((m) => ids.includes(m.id));
    await recordActivity(
      trx,
      actor,
      ...gone.map((m) => ({
        configuredObject: 'multi-target' as const,
        objectName: multiTargetName(target.name, m),
        objectId: m.id,
        before: auditedMultiTarget(m),
        after: null,
      })),
    );
    return { data: current.filter((m) => !ids.includes(m.id)).map(toMultiTarget) };
  });
}

/** Adobe targets that template imports may read (spec 01 §7 targetsForImport). */
export async function listTargetsForImport(
  deps: AppDeps,
  actor: Actor,
): Promise<{ data: TargetForImport[] }> {
  const rows = await repo.listTargetsForImport(deps.db, actor.accountId);
  return { data: rows.map((r) => ({ ...r, connector_id: r.connector_id! })) };
}

/** The fields a target field may map (the field-compatibility panel's choices). */
export async function listFieldChoices(deps: AppDeps, actor: Actor): Promise<{ data: TargetFieldChoice[] }> {
  const rows = await repo.listFieldChoices(deps.db, actor.accountId);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      group: r.fieldset_name ?? (r.is_pattern ? 'Pattern' : ''),
    })),
  };
}

/** Targets whose fields use any of `fieldIds` (spec 03 §7 `POST /api/v1/account/field/targets`). */
export async function targetsOfFields(deps: AppDeps, actor: Actor, fieldIds: number[]) {
  const rows = await repo.targetsUsingFields(deps.db, actor.accountId, fieldIds);
  return { data: rows.map((r) => ({ id: r.id, name: r.name, field_ids: r.field_ids.map(Number) })) };
}
