import { z } from 'zod';
import { accountSettingsSchema } from '../auth/auth.contract';
import { endpoint } from '../core/contract';
import { FEATURE_FLAGS } from '../core/feature-flags';
import { updatedAtSchema } from '../core/schemas';

/** The settings screen's data: account settings and every feature flag with its state. */
export const settingsSchema = z.object({
  settings: accountSettingsSchema,
  features: z.array(z.object({ slug: z.enum(FEATURE_FLAGS), enabled: z.boolean(), description: z.string() })),
  updated_at: z.string(),
});
export type SettingsView = z.infer<typeof settingsSchema>;

/**
 * Saving settings: any subset of the flags, by slug; allow_self_approval left out keeps its stored
 * state (it came after allow_approval, so callers that send only that one change nothing else).
 */
export const settingsSaveSchema = z.object({
  settings: accountSettingsSchema.extend({ allow_self_approval: z.boolean().optional() }),
  features: z.partialRecord(z.enum(FEATURE_FLAGS), z.boolean()),
  updated_at: updatedAtSchema,
});
export type SettingsSave = z.input<typeof settingsSaveSchema>;

/** Settings endpoints (spec 01 §2.2 settings; paths are ours). */
export const settingsApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/settings',
    tag: 'Settings',
    summary: "The account's settings and feature flags.",
    permission: 'signed-in',
    response: settingsSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/settings',
    tag: 'Settings',
    summary: 'Change settings and feature flags; effective at once for every user of the account.',
    permission: 'all_privileges',
    body: settingsSaveSchema,
    response: settingsSchema,
  }),
};
