/**
 * The one error every provider client throws (ARCHITECTURE.md "Integrations"). Callers (connector
 * checks, realm and target look-ups, integration runs) branch on `code` and show `message`, which
 * names the provider and carries the provider's own words; no token or secret ever appears in it.
 */

/** The providers Nomen has REST clients for; each has a folder under server/src/integrations/. */
export type ProviderName =
  | 'adobe-analytics'
  | 'google-analytics-admin'
  | 'meta'
  | 'bitly'
  | 'workfront'
  | 'kochava'
  | 'aem'
  | 'google-cloud-storage'
  | 'google-oauth'
  | 'box'
  | 'snowflake'
  | 'qr-code-monkey'
  | 'marketing-cloud'
  | 'cm360'
  | 'dv360'
  | 'google-analytics-data'
  | 'tiktok'
  | 'snapchat'
  | 'pinterest'
  | 'amazon-ads'
  | 'google-ads';

/** Human names for messages ("Bitly answered 404: …"). */
export const PROVIDER_LABELS: Record<ProviderName, string> = {
  'adobe-analytics': 'Adobe Analytics',
  'google-analytics-admin': 'Google Analytics',
  meta: 'Meta',
  bitly: 'Bitly',
  workfront: 'Workfront',
  kochava: 'Kochava',
  aem: 'Adobe Experience Manager',
  'google-cloud-storage': 'Google Cloud Storage',
  'google-oauth': 'Google sign-in',
  box: 'Box',
  snowflake: 'Snowflake',
  'qr-code-monkey': 'QRCode Monkey',
  'marketing-cloud': 'Salesforce Marketing Cloud',
  cm360: 'Campaign Manager 360',
  dv360: 'Display & Video 360',
  'google-analytics-data': 'Google Analytics',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  pinterest: 'Pinterest',
  'amazon-ads': 'Amazon Ads',
  'google-ads': 'Google Ads',
};

/**
 * Why a provider call failed:
 * - `UNAUTHORIZED`: the provider refused the credentials, also after one refresh and retry;
 * - `HTTP`: any other non-2xx answer (status and the provider's message are kept);
 * - `TIMEOUT`: no answer within the client's timeout;
 * - `NETWORK`: the connection failed (DNS, refused, reset);
 * - `MALFORMED`: a 2xx answer that is not JSON or does not have the documented shape.
 */
export type ProviderErrorCode = 'UNAUTHORIZED' | 'HTTP' | 'TIMEOUT' | 'NETWORK' | 'MALFORMED';

/** Fields of a ProviderError, as its constructor takes them. */
export interface ProviderErrorInit {
  provider: ProviderName;
  code: ProviderErrorCode;
  /** The provider's HTTP status; null when no answer arrived (TIMEOUT, NETWORK). */
  status: number | null;
  /** The provider's own message (or our description for TIMEOUT, NETWORK, MALFORMED). */
  providerMessage: string;
  /** The provider's machine code when it gives one (Meta `code`, Workfront error class, Bitly `message`). */
  providerCode?: string | undefined;
  /** Parts of the error answer the client reads (Box's conflicting file id); never a credential. */
  providerData?: unknown;
  /** What was being done, for the log: method and path without query string (never a token). */
  operation: string;
  cause?: unknown;
}

/**
 * A failed provider call. `message` reads "<Provider> answered <status>: <provider message>" (or
 * "<Provider> did not answer within 15 s", …). Thrown by every client in server/src/integrations.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly provider: ProviderName;
  readonly code: ProviderErrorCode;
  readonly status: number | null;
  readonly providerMessage: string;
  readonly providerCode: string | undefined;
  readonly providerData: unknown;
  readonly operation: string;

  constructor(init: ProviderErrorInit) {
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.provider = init.provider;
    this.code = init.code;
    this.status = init.status;
    this.providerMessage = init.providerMessage;
    this.providerCode = init.providerCode;
    this.providerData = init.providerData;
    this.operation = init.operation;
  }

  /**
   * The HTTP status a Nomen route should answer with when it passes this failure on: 502 for a
   * provider fault or malformed answer, 504 for a timeout, 424 when the connected account's
   * credentials are refused (the user must reconnect it), 404 when the provider says the object
   * does not exist, 403 when the provider forbids it.
   */
  get httpStatus(): number {
    if (this.code === 'UNAUTHORIZED') return 424;
    if (this.code === 'TIMEOUT') return 504;
    if (this.code === 'HTTP' && (this.status === 404 || this.status === 403)) return this.status;
    return 502;
  }
}

function describe(init: ProviderErrorInit): string {
  const who = PROVIDER_LABELS[init.provider];
  switch (init.code) {
    case 'TIMEOUT':
      return `${who} did not answer in time (${init.operation})`;
    case 'NETWORK':
      return `${who} could not be reached (${init.operation}): ${init.providerMessage}`;
    case 'MALFORMED':
      return `${who} sent an answer Nomen cannot read (${init.operation}): ${init.providerMessage}`;
    case 'UNAUTHORIZED':
      return `${who} refused the connected account's credentials: ${init.providerMessage}`;
    default:
      return `${who} answered ${init.status}: ${init.providerMessage}`;
  }
}

/** True when `err` is a ProviderError (optionally of one code). */
export function isProviderError(err: unknown, code?: ProviderErrorCode): err is ProviderError {
  return err instanceof ProviderError && (code === undefined || err.code === code);
}
