import {
  AppError,
  accountSettingsOf,
  FEATURE_FLAG_DESCRIPTIONS,
  FEATURE_FLAGS,
  type FeatureFlag,
  type SettingsView,
  type settingsSaveSchema,
} from '@nomen/shared';
import type { AccountRow } from '@nomen/shared/db';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../http/context';
import * as accountsRepo from '../accounts/accounts.repository';
import { recordActivity } from '../activities/activities.service';
import { assertNotStale } from '../guards';

function toView(row: AccountRow): SettingsView {
  const on = new Set(row.feature_flags);
  return {
    settings: accountSettingsOf(row.settings),
    features: FEATURE_FLAGS.map((slug) => ({
      slug,
      enabled: on.has(slug),
      description: FEATURE_FLAG_DESCRIPTIONS[slug],
    })),
    updated_at: row.updated_at.toISOString(),
  };
}

function audited(view: SettingsView) {
  return {
    allow_approval: view.settings.allow_approval,
    allow_self_approval: view.settings.allow_self_approval,
    ...Object.fromEntries(view.features.map((f) => [f.slug, f.enabled])),
  };
}

/** The account's settings and flags (issue 2 §6). */
export async function getSettings(deps: AppDeps, actor: Actor): Promise<SettingsView> {
  const row = await accountsRepo.findAccount(deps.db, actor.accountId);
  if (!row) throw AppError.notFound('Account');
  return toView(row);
}

/**
 * Saves settings and flags (issue 2 §6); flags not named keep their state. Every user of the
 * account sees the change on their next request. 409 for a stale write.
 */
export async function saveSettings(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof settingsSaveSchema>,
): Promise<SettingsView> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await accountsRepo.findAccount(trx, actor.accountId, true);
    if (!row) throw AppError.notFound('Account');
    assertNotStale(row.updated_at, input.updated_at, 'account settings');
    const flags = new Set(row.feature_flags);
    for (const [slug, enabled] of Object.entries(input.features) as [FeatureFlag, boolean | undefined][]) {
      if (enabled === true) flags.add(slug);
      if (enabled === false) flags.delete(slug);
    }
    const updated = await accountsRepo.updateAccountSettings(trx, actor.accountId, {
      settings: {
        ...row.settings,
        allow_approval: input.settings.allow_approval,
        // Left out, self-approval keeps its stored state (settingsSaveSchema).
        allow_self_approval: input.settings.allow_self_approval ?? row.settings.allow_self_approval === true,
      },
      featureFlags: FEATURE_FLAGS.filter((f) => flags.has(f)),
    });
    const view = toView(updated);
    await recordActivity(trx, actor, {
      configuredObject: 'settings',
      objectName: row.name,
      objectId: row.id,
      before: audited(toView(row)),
      after: audited(view),
    });
    return view;
  });
}
