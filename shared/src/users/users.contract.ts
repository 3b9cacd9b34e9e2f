import { z } from 'zod';
import { emailSchema } from '../auth/auth.contract';
import { endpoint } from '../core/contract';
import { PERMISSIONS, ROLES } from '../core/permissions';
import {
  idListSchema,
  idParamSchema,
  idSchema,
  okSchema,
  optionalText,
  requiredName,
  updatedAtSchema,
} from '../core/schemas';

/** A user as the API shows it (spec 01 §3.1). `type` is the sign-in method: always "password". */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  title: z.string(),
  role: z.enum(ROLES),
  type: z.literal('password'),
  permissions: z.array(z.enum(PERMISSIONS)),
  group_ids: z.array(z.number()),
  location: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_login: z.string().nullable(),
  disabled: z.boolean(),
  super_admin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The user drawer's save (spec 01 §2.6, §5): create without id, update with id. Name, email and
 * role required and trimmed; permissions must be grantable for the role (checked by the server).
 */
export const userSaveSchema = z.object({
  id: idSchema.nullish(),
  name: requiredName,
  email: emailSchema,
  title: optionalText(255),
  role: z.enum(ROLES, { error: 'Choose a role' }),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).default([]),
  group_ids: z.array(idSchema).max(1000).default([]),
  location: optionalText(255),
  updated_at: updatedAtSchema.describe('The updated_at the client read; a different stored one answers 409'),
});
export type UserSave = z.input<typeof userSaveSchema>;

/** A permission the drawer can offer (spec 01 §3.1, permission option). */
export const permissionOptionSchema = z.object({ slug: z.enum(PERMISSIONS), name: z.string() });

/** User endpoints (spec 01 §2.6, §7; list, fetch, edit and permissions paths are ours). */
export const usersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/user',
    tag: 'Users',
    summary: "The account's users, by name.",
    permission: 'manage_users',
    response: z.object({ data: z.array(userSchema) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/user/:id',
    tag: 'Users',
    summary: 'One user.',
    permission: 'manage_users',
    params: idParamSchema,
    response: z.object({ user: userSchema }),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/user',
    tag: 'Users',
    summary: 'Create a user (no id; mails an activation link) or update one (with id).',
    permission: 'manage_users',
    body: userSaveSchema,
    response: z.object({ user: userSchema }),
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/user/bulk/delete',
    tag: 'Users',
    summary: 'Delete users. Any unknown id answers 404 and deletes nothing.',
    permission: 'manage_users',
    body: z.object({ user_ids: idListSchema }),
    response: okSchema,
  }),
  forcePasswordReset: endpoint({
    method: 'POST',
    path: '/api/v1/account/user/bulk/force-password-reset',
    tag: 'Users',
    summary: "Invalidate the users' passwords and sessions and mail each a reset link.",
    permission: 'manage_users',
    body: z.object({ user_ids: idListSchema }),
    response: okSchema,
  }),
  resendActivation: endpoint({
    method: 'POST',
    path: '/api/v1/account/user/bulk/resend-activation-links',
    tag: 'Users',
    summary: 'Mail new activation links (old ones stop working). Only for users who never signed in.',
    permission: 'manage_users',
    body: z.object({ user_ids: idListSchema }),
    response: okSchema,
  }),
  permissionsByRole: endpoint({
    method: 'GET',
    path: '/api/v1/account/permissions',
    tag: 'Users',
    summary: 'The permissions the user drawer offers for a role.',
    permission: 'manage_users',
    query: z.object({ role: z.enum(ROLES) }),
    response: z.object({ data: z.array(permissionOptionSchema) }),
  }),
};
