import { errorMessage } from '../../api/errors';

/** The save failure when the server says nothing better (spec 01 §8). */
export const CONNECTOR_SAVE_FAILED = 'Connected Account failed to save. The given data was invalid.';
/** The bulk-delete failure when the server says nothing better (spec 01 §8). */
export const CONNECTOR_DELETE_FAILED = 'Connected accounts failed to delete.';
/** The authorisation return without success and without a message (spec 01 §4, §8). */
export const OAUTH_RETURN_FAILED = 'Signing in with the provider did not complete. Please try again.';
/** The authorisation return with success (spec 01 §4). */
export const OAUTH_RETURN_SUCCEEDED = 'Account connected';
/** The authorisation start failure when the server says nothing better (spec 01 §8). */
export const OAUTH_START_FAILED = 'Could not start signing in with the provider.';

/** The custom-fields load failure, per connector (spec 01 §8). */
export function customFieldsFailedMessage(name: string): string {
  return `Custom fields of "${name}" failed to load.`;
}

/** The save failure toast (spec 01 §8): the server's message, otherwise the default. */
export function connectorSaveErrorMessage(error: unknown): string {
  return errorMessage(error, CONNECTOR_SAVE_FAILED);
}

/**
 * What the page shows on return from an authorisation (spec 01 §4): null when the URL carries no
 * oauth_success; otherwise success, or the message parameter, or a default.
 */
export function oauthReturnNotice(params: URLSearchParams): { ok: boolean; message: string } | null {
  const success = params.get('oauth_success');
  if (success === null) return null;
  if (success === 'true') return { ok: true, message: OAUTH_RETURN_SUCCEEDED };
  return { ok: false, message: params.get('message')?.trim() || OAUTH_RETURN_FAILED };
}

/**
 * The host key an SFTP server presented instead of the pinned one, read from a refused connection
 * test's message ("… the server now presents SHA256:…"), or null (README "Security").
 */
export function offeredHostKey(message: string | undefined): string | null {
  return /now presents (SHA256:[A-Za-z0-9+/]{43})/.exec(message ?? '')?.[1] ?? null;
}
