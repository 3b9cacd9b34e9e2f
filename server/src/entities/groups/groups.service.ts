import {
  AppError,
  effectivePermissions,
  type Group,
  type groupSaveSchema,
  hasPermission,
  type SelectOption,
  type TemplateAudience,
} from '@nomen/shared';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { assertAllFound, assertNotStale } from '../guards';
import * as repo from './groups.repository';

function toGroup(row: repo.GroupWithLinks): Group {
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    user_ids: row.user_ids,
    folder_ids: row.folder_ids,
    template_ids: row.template_ids,
    user_count: row.user_ids.length,
    updated_at: row.updated_at.toISOString(),
  };
}

function audited(g: Group) {
  return {
    name: g.name,
    notes: g.notes,
    user_ids: g.user_ids,
    folder_ids: g.folder_ids,
    template_ids: g.template_ids,
  };
}

/** The account's groups (spec 01 §2.7). */
export async function listGroups(deps: AppDeps, actor: Actor): Promise<{ data: Group[] }> {
  return { data: (await repo.listGroups(deps.db, actor.accountId)).map(toGroup) };
}

/** One group; 404 when not in the account. */
export async function getGroup(deps: AppDeps, actor: Actor, id: number): Promise<{ group: Group }> {
  const row = await repo.findGroup(deps.db, actor.accountId, id);
  if (!row) throw AppError.notFound('Group');
  return { group: toGroup(row) };
}

/** Users, folders and templates the group drawer can select (spec 01 §2.7). */
export async function selectOptions(
  deps: AppDeps,
  actor: Actor,
): Promise<{ users: SelectOption[]; folders: SelectOption[]; templates: SelectOption[] }> {
  const options = async (table: 'users' | 'folders' | 'templates') =>
    (await repo.namesOf(deps.db, actor.accountId, table)).map((r) => ({ value: r.id, label: r.name }));
  const [users, folders, templates] = await Promise.all([
    options('users'),
    options('folders'),
    options('templates'),
  ]);
  return { users, folders, templates };
}

/**
 * Creates (no id) or updates (id) a group with its users, folders and templates, and an
 * activity entry, in one transaction (spec 01 §2.7, §7 merge-or-create). 404 for unknown ids
 * (the group's or any selected one's), 409 for a stale write.
 */
export async function saveGroup(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof groupSaveSchema>,
): Promise<{ group: Group }> {
  const links = {
    userIds: [...new Set(input.user_ids)],
    folderIds: [...new Set(input.folder_ids)],
    templateIds: [...new Set(input.template_ids)],
  };
  return deps.db.transaction().execute(async (trx) => {
    assertAllFound(
      links.userIds,
      await repo.existingIds(trx, actor.accountId, 'users', links.userIds),
      'Users',
    );
    assertAllFound(
      links.folderIds,
      await repo.existingIds(trx, actor.accountId, 'folders', links.folderIds),
      'Folders',
    );
    assertAllFound(
      links.templateIds,
      await repo.existingIds(trx, actor.accountId, 'templates', links.templateIds),
      'Templates',
    );
    const values = { name: input.name, notes: input.notes };
    let before: Group | null = null;
    let id: number;
    if (input.id) {
      const [existing] = await repo.findGroupsForUpdate(trx, actor.accountId, [input.id]);
      if (!existing) throw AppError.notFound('Group');
      assertNotStale(existing.updated_at, input.updated_at, 'group');
      before = toGroup(existing);
      id = existing.id;
      await repo.updateGroup(trx, actor.accountId, id, values);
    } else {
      id = await repo.insertGroup(trx, actor.accountId, values);
    }
    await repo.setGroupLinks(trx, id, links);
    const saved = await repo.findGroup(trx, actor.accountId, id);
    if (!saved) throw AppError.notFound('Group');
    const group = toGroup(saved);
    await recordActivity(trx, actor, {
      configuredObject: 'group',
      objectName: group.name,
      objectId: group.id,
      before: before && audited(before),
      after: audited(group),
    });
    return { group };
  });
}

/** Deletes groups, all or nothing; 404 when any id is unknown (spec 01 §2.7). */
export async function deleteGroups(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const groups = await repo.findGroupsForUpdate(trx, actor.accountId, ids);
    assertAllFound(
      ids,
      groups.map((g) => g.id),
      'Groups',
    );
    await repo.deleteGroups(trx, actor.accountId, ids);
    await recordActivity(
      trx,
      actor,
      ...groups.map((g) => ({
        configuredObject: 'group' as const,
        objectName: g.name,
        objectId: g.id,
        before: audited(toGroup(g)),
        after: null,
      })),
    );
  });
  return { ok: true };
}

/**
 * Who can submit through the account's templates (spec 01 §2.7; spec 03 §2 "Setup step";
 * `templateAudienceApi.get`): every group with its member count and the templates and folders it
 * reaches, and the enabled users holding manage_templates, who may use every template (the rule of
 * mayUseTemplate). Names only: no emails, no secrets.
 */
export async function templateAudience(deps: AppDeps, actor: Actor): Promise<TemplateAudience> {
  const [groups, users] = await Promise.all([
    repo.listGroups(deps.db, actor.accountId),
    repo.enabledUsersWithGrants(deps.db, actor.accountId),
  ]);
  return {
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      member_count: g.user_ids.length,
      template_ids: g.template_ids,
      folder_ids: g.folder_ids,
    })),
    admins: users
      .filter((u) => hasPermission(effectivePermissions(u), 'manage_templates'))
      .map((u) => ({ id: u.id, name: u.name })),
  };
}

/**
 * Shares a template with a group: the group's members may then submit through it (spec 01 §2.7;
 * `templateAudienceApi.share`). 404 when the template or the group is not the account's; sharing
 * a template the group already holds changes nothing. Audited as a change of the group. Answers
 * the audience after the change.
 */
export async function shareTemplateWithGroup(
  deps: AppDeps,
  actor: Actor,
  templateId: number,
  groupId: number,
): Promise<TemplateAudience> {
  await deps.db.transaction().execute(async (trx) => {
    assertAllFound(
      [templateId],
      await repo.existingIds(trx, actor.accountId, 'templates', [templateId]),
      'Template',
    );
    const [existing] = await repo.findGroupsForUpdate(trx, actor.accountId, [groupId]);
    if (!existing) throw AppError.notFound('Group');
    if (existing.template_ids.includes(templateId)) return;
    await repo.addGroupTemplate(trx, groupId, templateId);
    await repo.updateGroup(trx, actor.accountId, groupId, { name: existing.name, notes: existing.notes });
    const before = toGroup(existing);
    const after = { ...before, template_ids: [...before.template_ids, templateId].sort((a, b) => a - b) };
    await recordActivity(trx, actor, {
      configuredObject: 'group',
      objectName: before.name,
      objectId: before.id,
      before: audited(before),
      after: audited(after),
    });
  });
  return templateAudience(deps, actor);
}

/**
 * The account's enabled admins (role ADMIN) by name (`templateAdminsApi.list`; spec 01 §2.7): who
 * a person with no template should ask to share one. Names only.
 */
export async function templateAdmins(
  deps: AppDeps,
  actor: Actor,
): Promise<{ data: { id: number; name: string }[] }> {
  const users = await repo.enabledUsersWithGrants(deps.db, actor.accountId);
  return { data: users.filter((u) => u.role === 'ADMIN').map((u) => ({ id: u.id, name: u.name })) };
}
