import { z } from 'zod';
import { endpoint } from '../core/contract';
import { FEATURE_FLAGS } from '../core/feature-flags';
import { PERMISSIONS, ROLES } from '../core/permissions';
import { okSchema, optionalText, requiredName, text } from '../core/schemas';

/** A new password: 8 to 200 characters, without U+0000 or lone surrogates (issue 8 item 13). */
export const passwordSchema = text(200).min(8, 'Use at least 8 characters');

// Unicode White_Space: what String.prototype.trim removes, plus NEXT LINE (U+0085).
const EDGE_WHITE_SPACE = /^[\s\u0085]+|[\s\u0085]+$/gu;

/**
 * The one normal form of an email address (issue 8 item 6): Unicode white space trimmed from both
 * ends (tab, NBSP, EM SPACE, line breaks...) and lower-cased. Sign-in, its rate limit, the
 * forgot-password limit and every lookup use it, so spaced or capitalised forms are one address.
 */
export function normalizeEmail(email: string): string {
  return email.replace(EDGE_WHITE_SPACE, '').toLowerCase();
}

/** An email address, normalised (`normalizeEmail`) and then checked: 1 to 254 characters, valid. */
export const emailSchema = z
  .string()
  .max(1000, 'At most 254 characters')
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, 'Required')
      .max(254, 'At most 254 characters')
      .pipe(z.email('Enter a valid email address')),
  );

/**
 * Account settings that are not flags (spec README): allow_approval shows the require-approval
 * toggle in templates (with the approval flag); allow_self_approval lets an approver decide on
 * their own submissions (ours; off by default, for an account with one admin).
 */
export const accountSettingsSchema = z.object({
  allow_approval: z.boolean(),
  allow_self_approval: z.boolean(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** The account settings of an account's stored `settings` (jsonb): a setting not stored is off. */
export function accountSettingsOf(stored: {
  allow_approval?: boolean;
  allow_self_approval?: boolean;
}): AccountSettings {
  return {
    allow_approval: stored.allow_approval === true,
    allow_self_approval: stored.allow_self_approval === true,
  };
}

/** What the client knows about the signed-in user (ARCHITECTURE.md, sign-in and sessions). */
export const meSchema = z.object({
  user: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    title: z.string(),
    role: z.enum(ROLES),
    super_admin: z.boolean(),
  }),
  account: z.object({ id: z.number(), uuid: z.string(), name: z.string() }),
  permissions: z.array(z.enum(PERMISSIONS)),
  features: z.array(z.enum(FEATURE_FLAGS)),
  settings: accountSettingsSchema,
});
export type Me = z.infer<typeof meSchema>;

const tokenPasswordBody = z.object({
  token: text(200).min(1, 'Required'),
  password: passwordSchema,
});

/** The profile page's save of one's own name and title (ours): name required, both trimmed. */
export const profileSaveSchema = z.object({
  name: requiredName,
  title: optionalText(255),
});
export type ProfileSave = z.input<typeof profileSaveSchema>;

/**
 * The profile page's password change (ours): the current password, checked by the server (a wrong
 * one answers 400 on `current_password`), and a new one under the password rules (`passwordSchema`).
 */
export const passwordChangeSchema = z.object({
  current_password: text(200).min(1, 'Required'),
  new_password: passwordSchema,
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** How many other sessions "sign out of other sessions" ended. */
export const sessionsEndedSchema = z.object({ ended: z.number() });

/** Auth endpoints (spec 01 via issue 2; ARCHITECTURE.md; profile endpoints are ours). */
export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/api/v1/auth/login',
    tag: 'Auth',
    summary: 'Sign in with email and password; sets the httpOnly session cookie. Rate-limited.',
    permission: null,
    errors: ['UNAUTHENTICATED', 'RATE_LIMITED'],
    body: z.object({ email: emailSchema, password: text(200).min(1, 'Required') }),
    response: meSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/v1/auth/logout',
    tag: 'Auth',
    summary: 'Sign out: ends the session and clears the cookie.',
    permission: null,
    sessionOnly: true,
    response: okSchema,
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/v1/auth/me',
    tag: 'Auth',
    summary:
      'The signed-in user, the account (with uuid), effective permissions, feature flags and settings.',
    permission: 'signed-in',
    response: meSchema,
  }),
  activate: endpoint({
    method: 'POST',
    path: '/api/v1/auth/activate',
    tag: 'Auth',
    summary: 'Set the first password from an activation link; signs the user in.',
    permission: null,
    body: tokenPasswordBody,
    response: meSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/v1/auth/reset-password',
    tag: 'Auth',
    summary: 'Set a new password from a reset link; signs the user in.',
    permission: null,
    body: tokenPasswordBody,
    response: meSchema,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/v1/auth/forgot-password',
    tag: 'Auth',
    summary: 'Mail a password-reset link when the address belongs to a user. Always answers 202.',
    permission: null,
    errors: ['RATE_LIMITED'],
    status: 202,
    body: z.object({ email: emailSchema }),
    response: okSchema,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/v1/auth/profile',
    tag: 'Auth',
    summary: "Change one's own name and title; answers the new /auth/me.",
    permission: 'signed-in',
    body: profileSaveSchema,
    response: meSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/v1/auth/password',
    tag: 'Auth',
    summary:
      "Change one's own password, given the current one; other sessions and API tokens keep working until signed out.",
    permission: 'signed-in',
    sessionOnly: true,
    body: passwordChangeSchema,
    response: okSchema,
  }),
  signOutOtherSessions: endpoint({
    method: 'POST',
    path: '/api/v1/auth/sessions/sign-out-others',
    tag: 'Auth',
    summary: 'End every session of the signed-in user except this one.',
    permission: 'signed-in',
    sessionOnly: true,
    response: sessionsEndedSchema,
  }),
};
