import { startS3Peer } from '../../peers/s3-peer';
import { AdobeAnalyticsStandin } from '../../standins/adobe-analytics';
import { AdobeImsStandin } from '../../standins/adobe-ims';
import { Cm360Standin } from '../../standins/cm360';
import { GoogleAnalyticsStandin } from '../../standins/google-analytics-admin';
import { MetaStandin } from '../../standins/meta';
import { QrCodeMonkeyStandin } from '../../standins/qr-code-monkey';
import type { StandinRequest } from '../../standins/standin-server';
import { e2ePort } from './worker';

/**
 * The provider stand-ins the end-to-end server talks to (tests/standins/README.md): start-server.mjs
 * starts them beside the server and points it at them through the provider configuration
 * variables, as an operator would point it at a proxy. Specs use the seed below to connect
 * accounts through the API and to know what the providers answer.
 */

/** The Adobe Developer Console credential IMS accepts, and the global company it may read. */
export const E2E_ADOBE = {
  clientId: 'e2e-adobe-client',
  clientSecret: 'e2e-adobe-secret-1',
  accessToken: 'e2e-adobe-token',
  company: 'acmeco0',
} as const;

/** Report suites and their reports (classification datasets) the Adobe stand-in lists. */
export const E2E_ADOBE_SUITES = [
  { rsid: 'acme.prod', name: 'Acme Production' },
  { rsid: 'acme.stage', name: 'Acme Staging' },
] as const;

const dataset = (datasetId: string, name: string, rsid: string, columns: string[], dimension: string) => ({
  datasetId,
  name,
  globalCompanyId: E2E_ADOBE.company,
  rsid,
  dimension,
  columns,
});

/** The reports: two compatible tracking-code reports and one that lacks classifications. */
export const E2E_ADOBE_REPORTS = [
  dataset(
    'ds-prod-campaign',
    'Tracking code (prod)',
    'acme.prod',
    ['Channel', 'Campaign Name'],
    'variables/campaign',
  ),
  dataset(
    'ds-stage-campaign',
    'Tracking code (stage)',
    'acme.stage',
    ['Channel', 'Campaign Name', 'Audience'],
    'variables/campaign',
  ),
  dataset('ds-stage-channel', 'Channel only (stage)', 'acme.stage', ['Channel'], 'variables/evar9'),
];

/** The Google token the GA stand-in accepts. */
export const E2E_GA_TOKEN = 'e2e-ga-token';

/** The RapidAPI key the QRCode Monkey stand-in accepts. */
export const E2E_QR_KEY = 'e2e-qr-key';

/** The Meta ad account the audits spec reads (audits.spec.ts), and its creatives: 9 compliant names, 3 not. */
export const E2E_META_AD_ACCOUNT = 'act_5150';
export const E2E_META_CREATIVES = [
  ...['EMEA', 'APAC', 'LATAM'].flatMap((region) =>
    ['Social', 'Search', 'Video'].map((channel) => `${region}_${channel}_Launch_20260301`),
  ),
  'Emea_Social_Launch_20260301',
  'Emea_Search_Launch_20260301',
  'Spring sale',
].map((name, i) => ({
  id: String(510_001 + i),
  name,
  status: 'ACTIVE',
  url_tags: `utm_source=Social&utm_campaign=${encodeURIComponent(name)}`,
}));

/**
 * The Meta stand-in of the end-to-end server. Facebook's sign-in there is the OpenID Connect
 * peer's (start-server.mjs points OAUTH_FACEBOOK_MARKETING_* at it), whose access tokens are
 * random, so this stand-in takes any bearer token; the API tests check Graph's refusals.
 */
class E2eMetaStandin extends MetaStandin {
  protected override isAuthorized(req: StandinRequest): boolean {
    return Boolean(this.bearer(req) ?? req.query.get('access_token'));
  }
}

/** The bucket of the S3 peer (s3rver) the e2e server's S3_ENDPOINT names. */
export const E2E_S3_BUCKET = 'e2e-drop';

/** The S3 peer's address: E2E_S3_PORT, or the (worker's) server's port + 8. */
export function e2eS3Endpoint(): string {
  const port = Number(process.env.E2E_S3_PORT ?? e2ePort() + 8);
  return `http://127.0.0.1:${port}`;
}

/** Starts the stand-ins; answers the server's environment variables and a stop function. */
export async function startE2eStandins(): Promise<{
  env: Record<string, string>;
  close: () => Promise<void>;
}> {
  const ims = new AdobeImsStandin([
    {
      clientId: E2E_ADOBE.clientId,
      clientSecret: E2E_ADOBE.clientSecret,
      accessToken: E2E_ADOBE.accessToken,
    },
  ]);
  const adobe = new AdobeAnalyticsStandin({
    validTokens: [E2E_ADOBE.accessToken],
    clientId: E2E_ADOBE.clientId,
    imsUserId: 'E2E@AdobeID',
    imsOrgId: 'E2E@AdobeOrg',
    companies: [
      { globalCompanyId: E2E_ADOBE.company, companyName: 'Acme Co', reportSuites: [...E2E_ADOBE_SUITES] },
    ],
    datasets: E2E_ADOBE_REPORTS,
  });
  const ga = new GoogleAnalyticsStandin({
    validTokens: [E2E_GA_TOKEN],
    user: { sub: 'e2e', email: 'analyst@acme.test', name: 'Analyst' },
    accounts: [
      {
        id: '1001',
        displayName: 'Acme Web',
        properties: [
          {
            id: 'UA-1001-1',
            displayName: 'acme.com',
            customDataSources: [
              { id: 'cds-1', name: 'Campaign costs', schema: ['ga:date', 'ga:medium', 'ga:adCost'] },
            ],
          },
        ],
      },
    ],
  });
  const qr = new QrCodeMonkeyStandin([E2E_QR_KEY]);
  // Accepts no token: the tokens of the e2e Google sign-in are the OpenID Connect peer's, so
  // listing profiles is refused and the drawer falls back to a typed Profile ID.
  const cm360 = new Cm360Standin({ validTokens: [], profiles: {} });
  const meta = new E2eMetaStandin({
    validTokens: [],
    me: { id: '1', name: 'Acme bot' },
    adAccounts: [
      {
        account_id: E2E_META_AD_ACCOUNT.slice(4),
        name: 'Acme Retail',
        objects: { adcreatives: E2E_META_CREATIVES },
      },
    ],
  });
  const s3 = await startS3Peer([E2E_S3_BUCKET], Number(new URL(e2eS3Endpoint()).port));
  await Promise.all([ims.start(), adobe.start(), ga.start(), qr.start(), cm360.start(), meta.start()]);
  return {
    env: {
      ADOBE_IMS_URL: ims.url,
      ADOBE_ANALYTICS_API_URL: adobe.url,
      GOOGLE_ANALYTICS_ADMIN_API_URL: ga.adminUrl,
      GOOGLE_ANALYTICS_MANAGEMENT_API_URL: ga.managementUrl,
      GOOGLE_USERINFO_URL: ga.userInfoUrl,
      S3_ENDPOINT: s3.endpoint,
      QR_CODE_MONKEY_API_URL: qr.url,
      CM360_API_URL: cm360.apiUrl,
      META_GRAPH_API_URL: meta.graphUrl,
    },
    close: async () => {
      await Promise.all([
        ims.close(),
        adobe.close(),
        ga.close(),
        qr.close(),
        cm360.close(),
        meta.close(),
        s3.close(),
      ]);
    },
  };
}
