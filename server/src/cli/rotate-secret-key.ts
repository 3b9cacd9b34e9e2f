import { AppError } from '@nomen/shared';
import { clientSecretContext, stateVerifierContext } from '../auth/sso/sso.signin';
import * as repo from '../entities/connectors/connectors.repository';
import { secretContext, tokensContext } from '../entities/connectors/connectors.service';
import * as ssoRepo from '../entities/sso/sso.repository';
import type { AppDeps } from '../http/context';
import { decryptSecret, encryptSecret, isUnderCurrentKey, keyRingOf, SecretError } from '../security/secrets';

/** What a rotation did. */
export interface RotationResult {
  /** Values re-encrypted under the current key. */
  reencrypted: number;
  /** Values that were under the current key already. */
  unchanged: number;
  /** Connected accounts touched. */
  connectors: number;
  /** Single sign-on identity providers whose client secret was re-encrypted. */
  identityProviders: number;
}

/**
 * `npm run nomen -- rotate-secret-key` (issue 10 item 3): re-encrypts, in one transaction, every
 * connected-account secret, OAuth token set, single sign-on client secret and pending PKCE
 * verifier (connected accounts' and single sign-on's) that is not yet under the
 * current NOMEN_SECRET_KEY, opening them with the keys of NOMEN_PREVIOUS_SECRET_KEYS. Run it after
 * starting every process with the new key and the old one as previous; then the previous key can
 * go. Values already under the current key are left alone, so running it twice is harmless. Throws
 * (and changes nothing) when a value is under a key the process does not have or was tampered with.
 */
export async function rotateSecretKey(deps: AppDeps): Promise<RotationResult> {
  const ring = keyRingOf(deps.config);
  const result: RotationResult = { reencrypted: 0, unchanged: 0, connectors: 0, identityProviders: 0 };
  const reseal = (ciphertext: string, context: string, where: string): string => {
    if (isUnderCurrentKey(ring, ciphertext)) {
      result.unchanged++;
      return ciphertext;
    }
    try {
      const plain = decryptSecret(ring, ciphertext, context);
      result.reencrypted++;
      return encryptSecret(ring, plain, context);
    } catch (error) {
      if (error instanceof SecretError)
        throw new AppError('BAD_REQUEST', `${where}: ${error.message}. Nothing was changed.`);
      throw error;
    }
  };
  await deps.db.transaction().execute(async (trx) => {
    for (const row of await repo.allEncryptedRowsForUpdate(trx)) {
      const before = result.reencrypted;
      const where = `Connected account ${row.id}`;
      const secrets = Object.fromEntries(
        Object.entries(row.secrets).map(([k, v]) => [
          k,
          reseal(v, secretContext(row.account_id, k), `${where}, ${k}`),
        ]),
      );
      const tokens = row.oauth_tokens
        ? reseal(row.oauth_tokens, tokensContext(row.account_id), `${where}, OAuth tokens`)
        : null;
      if (result.reencrypted > before) {
        result.connectors++;
        await repo.writeEncrypted(trx, row.id, { secrets, oauth_tokens: tokens });
      }
    }
    for (const state of await repo.pendingVerifiersForUpdate(trx)) {
      const before = result.reencrypted;
      const sealed = reseal(
        state.code_verifier!,
        `oauth-state:${state.account_id}:code_verifier`,
        'A pending sign-in',
      );
      if (result.reencrypted > before) await repo.writeVerifier(trx, state.state_hash, sealed);
    }
    for (const provider of await ssoRepo.encryptedClientSecretsForUpdate(trx)) {
      const before = result.reencrypted;
      const context = clientSecretContext(provider.account_id);
      const sealed = reseal(
        provider.oidc_client_secret!,
        context,
        `Identity provider ${provider.id}, client secret`,
      );
      if (result.reencrypted > before) {
        result.identityProviders++;
        await ssoRepo.writeClientSecret(trx, provider.id, sealed);
      }
    }
    for (const state of await ssoRepo.pendingVerifiersForUpdate(trx)) {
      const before = result.reencrypted;
      const context = stateVerifierContext(state.account_id);
      const sealed = reseal(state.code_verifier!, context, 'A pending single sign-on');
      if (result.reencrypted > before) await ssoRepo.writeVerifier(trx, state.state_hash, sealed);
    }
  });
  return result;
}
