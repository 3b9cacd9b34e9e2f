import { z } from 'zod';
import { endpoint } from '../core/contract';
import {
  idListSchema,
  idParamSchema,
  idSchema,
  okSchema,
  optionalText,
  requiredName,
  updatedAtSchema,
} from '../core/schemas';

/** A group (spec 01 §3.1). */
export const groupSchema = z.object({
  id: z.number(),
  name: z.string(),
  notes: z.string(),
  user_ids: z.array(z.number()),
  folder_ids: z.array(z.number()),
  template_ids: z.array(z.number()),
  user_count: z.number(),
  updated_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** The group drawer's save (spec 01 §2.7, §5: name required). `user_count` is accepted and ignored. */
export const groupSaveSchema = z.object({
  id: idSchema.nullish(),
  name: requiredName,
  notes: optionalText(2000),
  user_ids: z.array(idSchema).max(10000).default([]),
  folder_ids: z.array(idSchema).max(10000).default([]),
  template_ids: z.array(idSchema).max(10000).default([]),
  user_count: z.number().optional(),
  updated_at: updatedAtSchema,
});
export type GroupSave = z.input<typeof groupSaveSchema>;

/** One choice in a select. */
export const selectOptionSchema = z.object({ value: z.number(), label: z.string() });
export type SelectOption = z.infer<typeof selectOptionSchema>;

/** Group endpoints (spec 01 §2.7, §7; the list path is ours). */
export const groupsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/groups',
    tag: 'Groups',
    summary: "The account's groups, by name.",
    permission: 'manage_groups',
    response: z.object({ data: z.array(groupSchema) }),
  }),
  selectOptions: endpoint({
    method: 'GET',
    path: '/api/v1/account/groups/select-options',
    tag: 'Groups',
    summary: 'Users, folders and templates the group drawer can select.',
    permission: 'manage_groups',
    response: z.object({
      users: z.array(selectOptionSchema),
      folders: z.array(selectOptionSchema),
      templates: z.array(selectOptionSchema),
    }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/groups/:id',
    tag: 'Groups',
    summary: 'One group.',
    permission: 'manage_groups',
    params: idParamSchema,
    response: z.object({ group: groupSchema }),
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/account/groups/merge-or-create',
    tag: 'Groups',
    summary: 'Create a group (no id) or update one (with id), with its users, folders and templates.',
    permission: 'manage_groups',
    body: groupSaveSchema,
    response: z.object({ group: groupSchema }),
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/groups/bulk/delete',
    tag: 'Groups',
    summary: 'Delete groups. Any unknown id answers 404 and deletes nothing.',
    permission: 'manage_groups',
    body: z.object({ group_ids: idListSchema }),
    response: okSchema,
  }),
};
