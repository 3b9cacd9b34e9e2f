import { AppError, connectorTypeById, type GoogleProfile } from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import { callProvider, providerClientOf } from '../targets/provider-clients';
import { readConnector } from './connectors.read';

/**
 * The Profile IDs a Google ad-server account's signed-in user may choose (spec 01 §5
 * googleProfileId; `GET /api/v1/account/connector/{id}/google-profiles`), read with the account's
 * own OAuth token: Campaign Manager (google-dcm, google-cm360) user profiles by userProfiles.list,
 * named "user · network (account id)"; Display & Video 360 partners by partners.list, named by
 * their display name. Sorted by name. Throws 404 for another account's id, 400 naming params.id
 * for a type without Profile IDs, 424 when the account is not signed in or Google refuses its
 * token, 502/504 when Google fails (the drawer then lets the ID be typed).
 */
export async function listGoogleProfiles(
  deps: AppDeps,
  actor: Actor,
  id: number,
): Promise<{ data: GoogleProfile[] }> {
  const connector = await callProvider(() => readConnector(deps, actor.accountId, id));
  const type = connectorTypeById(connector.connectorTypeId);
  if (!type?.googleProfiles) {
    throw AppError.badField(
      'params.id',
      `"${connector.name}" is a ${type?.name ?? connector.slug} account: only Google ad servers have Profile IDs`,
    );
  }
  const profiles: GoogleProfile[] =
    type.googleProfiles === 'cm360-user-profiles'
      ? (await callProvider(() => providerClientOf('cm360', deps, connector).listUserProfiles())).map(
          (p) => ({
            id: p.profileId,
            name: [p.userName, p.accountName && `${p.accountName}${p.accountId ? ` (${p.accountId})` : ''}`]
              .filter(Boolean)
              .join(' · '),
          }),
        )
      : (await callProvider(() => providerClientOf('dv360', deps, connector).listPartners())).map((p) => ({
          id: p.partnerId,
          name: p.displayName,
        }));
  return {
    data: profiles
      .map((p) => ({ ...p, name: p.name || p.id }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
  };
}
