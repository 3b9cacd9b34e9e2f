import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { loadSecretKey } from '@nomen/shared/node';
import { z } from 'zod';
import { type ProviderConfig, providerConfig } from './integrations/index';
import { type OAuthProviderConfigs, readOAuthProviders } from './integrations/oauth/providers';
import type { StorageEndpoints } from './integrations/storage/storage-endpoints';
import { createOutboundPolicy, type OutboundPolicy } from './security/outbound';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default('.data'),
  NODE_ENV: z.string().default('development'),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().default('Nomen <no-reply@nomen.local>'),
  SEED_PASSWORD: z.string().min(8).default('nomen-demo'),
  SEED_DEMO_HISTORY: z.enum(['true', 'false']).optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z.string().trim().min(1).default('loopback'),
  LARGE_BODY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  LARGE_BODY_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false'),
  CLIENT_DIST: z.string().optional(),
  REDIS_URL: z.string().min(1).optional(),
  COLLAB_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  COLLAB_URL: z.string().min(1).optional(),
  NOMEN_PREVIOUS_SECRET_KEYS: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  AZURE_BLOB_ENDPOINT: z.string().url().optional(),
  JOBS_IN_SERVER: z.enum(['true', 'false']).default('true'),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(5),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_000).default(900),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  IMPORT_MAX_FILE_MB: z.coerce.number().min(0.001).max(2048).default(100),
  LINK_CHECKS_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false'),
  LINK_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  OUTBOUND_ALLOW: z.string().optional(),
});

/** How link checks fetch landing pages (issue 12 item 6; README configuration table). */
export interface LinkChecksConfig {
  /** Fetch loopback, private and link-local addresses too (LINK_CHECKS_ALLOW_PRIVATE_NETWORKS; tests). */
  allowPrivateNetworks: boolean;
  /** Pages one link-check job fetches at once (LINK_CHECK_CONCURRENCY). */
  concurrency: number;
}

/** How integration runs are queued and worked (issue 12 items 4, 7; README "Jobs"). */
export interface JobsConfig {
  /** Work jobs inside the REST server process (JOBS_IN_SERVER, default true). */
  inServer: boolean;
  /** Retries after a failed attempt (JOB_RETRY_LIMIT). */
  retryLimit: number;
  /** First retry delay in seconds, doubled per retry (JOB_RETRY_DELAY_SECONDS). */
  retryDelaySeconds: number;
  /** An attempt whose process died (no heartbeat for this many seconds) is failed and retried (JOB_EXPIRE_SECONDS). */
  expireSeconds: number;
  /** How often expired attempts are looked for, in seconds (JOB_MAINTENANCE_SECONDS). */
  maintenanceSeconds: number;
  /** How often an idle worker asks for a job, in seconds (JOB_POLL_SECONDS, at least 0.5). */
  pollSeconds: number;
  /** Jobs one process works at once (JOB_CONCURRENCY). */
  concurrency: number;
  /** The largest file an inbound pull downloads, in bytes (IMPORT_MAX_FILE_MB, default 100 MB). */
  importMaxFileBytes: number;
}

/** Runtime configuration read from the environment (README: configuration variables). */
export interface Config {
  port: number;
  /** PostgreSQL URL; absent means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Folder for the embedded database, the control socket and other local state. */
  dataDir: string;
  isProduction: boolean;
  /** Base URL used in mailed links; defaults to http://localhost:PORT. */
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedPassword: string;
  /**
   * Whether the demo seed adds six months of history (SEED_DEMO_HISTORY, default true; never in
   * production, where nothing of the demo is seeded): submissions, decisions, email-output runs
   * and list suggestions (server/src/seed/demo-history.ts).
   */
  seedDemoHistory: boolean;
  /** Login attempts allowed per address and email per 15 minutes. */
  loginRateLimit: number;
  /**
   * Which proxies' X-Forwarded-For names the client (TRUST_PROXY, Express's `trust proxy`):
   * `loopback` (default), a hop count, `true`, or comma-separated addresses, CIDRs and the names
   * loopback, linklocal and uniquelocal (README "Security").
   */
  trustProxy: boolean | number | string;
  /**
   * Large request bodies (over 1 MB) one process reads and works at once, and how many more wait
   * (LARGE_BODY_CONCURRENCY, LARGE_BODY_QUEUE; README "Security").
   */
  largeBodies: { concurrency: number; queue: number };
  sessionTtlHours: number;
  cookieSecure: boolean;
  /** Built client to serve; absent means client/dist beside the server. */
  clientDist: string;
  /** Signs collaboration tokens (NOMEN_SECRET_KEY, or a generated dev key in DATA_DIR). */
  secretKey: string;
  /**
   * Earlier values of NOMEN_SECRET_KEY (NOMEN_PREVIOUS_SECRET_KEYS, comma-separated) that still
   * open connected-account secrets until `rotate-secret-key` re-encrypts them (issue 10).
   */
  previousSecretKeys: string[];
  /** OAuth providers of connected accounts: endpoints, client id and secret (issue 10 item 4). */
  oauthProviders: OAuthProviderConfigs;
  /** Storage endpoints connection tests reach (S3_ENDPOINT, AZURE_BLOB_ENDPOINT with {account}). */
  storageEndpoints: StorageEndpoints;
  /** Where provider REST APIs live (ADOBE_ANALYTICS_API_URL…; server/src/integrations/README.md). */
  providers: ProviderConfig;
  /** Redis for collab scale-out; absent means one collab instance. */
  redisUrl: string | undefined;
  /** Port of a standalone collab process (npm run start:collab). */
  collabPort: number;
  /**
   * Public WebSocket URLs of the collab servers (COLLAB_URL, comma-separated); empty means /collab
   * on this server. With several, each user is sent to one of them by user id.
   */
  collabUrls: string[];
  /** Integration run jobs (JOBS_IN_SERVER, JOB_*). */
  jobs: JobsConfig;
  /** Link checks (LINK_CHECKS_ALLOW_PRIVATE_NETWORKS, LINK_CHECK_CONCURRENCY). */
  linkChecks: LinkChecksConfig;
  /**
   * The outbound rule every tenant-driven connection obeys: no private, loopback or link-local
   * address unless OUTBOUND_ALLOW (CIDRs and host names) admits it (security/outbound.ts; README "Security").
   */
  outbound: OutboundPolicy;
}

/**
 * TRUST_PROXY as Express takes it: true/false, a hop count, or a comma-separated list of
 * addresses, CIDRs and the names loopback, linklocal and uniquelocal. Throws naming the variable
 * for anything else.
 */
function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  for (const part of value.split(',').map((p) => p.trim())) {
    const [address = '', prefix, ...rest] = part.split('/');
    const family = isIP(address);
    const isName = ['loopback', 'linklocal', 'uniquelocal'].includes(part);
    const isPrefix =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!isName && (family === 0 || !isPrefix || rest.length > 0)) {
      throw new Error(
        `Bad configuration: TRUST_PROXY: "${part}" is not true, false, a hop count, an address, a CIDR, loopback, linklocal or uniquelocal`,
      );
    }
  }
  return value;
}

/**
 * Reads and validates the environment. Throws an Error naming each bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (docker-compose's `${SMTP_URL:-}`) means unset, not an invalid value.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Bad configuration: ${problems}`);
  }
  const e = parsed.data;
  let outbound: OutboundPolicy;
  try {
    outbound = createOutboundPolicy(e.OUTBOUND_ALLOW);
  } catch (error) {
    throw new Error(`Bad configuration: ${error instanceof Error ? error.message : String(error)}`);
  }
  const dataDir = resolve(e.DATA_DIR);
  const isProduction = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    isProduction,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedPassword: e.SEED_PASSWORD,
    seedDemoHistory: !isProduction && e.SEED_DEMO_HISTORY !== 'false',
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    largeBodies: { concurrency: e.LARGE_BODY_CONCURRENCY, queue: e.LARGE_BODY_QUEUE },
    sessionTtlHours: e.SESSION_TTL_HOURS,
    cookieSecure: e.COOKIE_SECURE === 'true',
    clientDist: resolve(e.CLIENT_DIST ?? new URL('../../client/dist', import.meta.url).pathname),
    secretKey: loadSecretKey({ env, dataDir, isProduction }),
    previousSecretKeys: (e.NOMEN_PREVIOUS_SECRET_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    oauthProviders: readOAuthProviders(env),
    storageEndpoints: {
      s3: e.S3_ENDPOINT ?? null,
      azureBlob: e.AZURE_BLOB_ENDPOINT ?? 'https://{account}.blob.core.windows.net',
      outbound,
    },
    providers: providerConfig(env),
    redisUrl: e.REDIS_URL,
    collabPort: e.COLLAB_PORT,
    collabUrls: (e.COLLAB_URL ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
    jobs: {
      inServer: e.JOBS_IN_SERVER === 'true',
      retryLimit: e.JOB_RETRY_LIMIT,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
      expireSeconds: e.JOB_EXPIRE_SECONDS,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      pollSeconds: e.JOB_POLL_SECONDS,
      concurrency: e.JOB_CONCURRENCY,
      importMaxFileBytes: Math.round(e.IMPORT_MAX_FILE_MB * 1024 * 1024),
    },
    linkChecks: {
      allowPrivateNetworks: e.LINK_CHECKS_ALLOW_PRIVATE_NETWORKS === 'true',
      concurrency: e.LINK_CHECK_CONCURRENCY,
    },
    outbound,
  };
}
