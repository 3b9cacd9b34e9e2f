import { describe, expect, it } from 'vitest';
import type { FeatureFlag } from '../core/feature-flags';
import { INTEGRATION_DEFINITIONS } from '../integrations/registry';
import {
  CONNECTOR_TYPES,
  type ConnectorTypeDefinition,
  connectorTypeBySlug,
  DATA_WAREHOUSE_DEFAULTS,
  offeredConnectorTypes,
} from './connector-types';
import {
  CUSTOMER_ID_MESSAGE,
  canSubmitConnector,
  HTTPS_HOST_MESSAGE,
  isHttpsHost,
  KEY_FILE_MESSAGE,
  newConnectorMetadata,
  PORT_MESSAGE,
  PROFILE_ID_MESSAGE,
  REQUIRED_MESSAGE,
  SFTP_BOTH_MESSAGE,
  SUBDOMAIN_MESSAGE,
  secretKeysOf,
  signInKeysOf,
  splitConnectorMetadata,
  switchChoice,
  validateConnector,
  validateCustomFields,
  visibleFields,
} from './connectors.rules';
import { credentialsSchema } from './credentials';

const typeOf = (slug: string): ConnectorTypeDefinition => connectorTypeBySlug(slug)!;

function issuesFor(
  slug: string,
  metadata: Record<string, string>,
  options: { isNew?: boolean; features?: FeatureFlag[]; stored?: string[]; name?: string } = {},
) {
  return validateConnector(
    { name: options.name ?? 'Account', type: typeOf(slug), metadata, customFields: [] },
    { isNew: options.isNew ?? true, features: options.features ?? [], storedSecrets: options.stored ?? [] },
  );
}
const paths = (issues: { path: string }[]) => issues.map((i) => i.path).sort();

describe('the connector type catalogue', () => {
  it('fixes ids 1 Adobe Analytics, 2 Google Analytics and 12 Facebook, with unique ids and slugs', () => {
    expect(CONNECTOR_TYPES.find((t) => t.id === 1)).toMatchObject({
      slug: 'adobe-analytics',
      isAnalytics: true,
    });
    expect(CONNECTOR_TYPES.find((t) => t.id === 2)).toMatchObject({
      slug: 'ga',
      isAnalytics: true,
      oauth: 'direct',
    });
    expect(CONNECTOR_TYPES.find((t) => t.id === 12)).toMatchObject({ slug: 'facebook', oauth: 'direct' });
    expect(new Set(CONNECTOR_TYPES.map((t) => t.id)).size).toBe(CONNECTOR_TYPES.length);
    expect(new Set(CONNECTOR_TYPES.map((t) => t.slug)).size).toBe(CONNECTOR_TYPES.length);
  });

  it('holds every connector type the integrations need, with the same credential family', () => {
    for (const d of INTEGRATION_DEFINITIONS) {
      if (!d.connectorTypeSlug) continue;
      expect(connectorTypeBySlug(d.connectorTypeSlug)?.family, d.slug).toBe(d.credentialFamily);
    }
  });

  it('starts authorisation directly or after saving as spec 01 §4 lists', () => {
    const direct = CONNECTOR_TYPES.filter((t) => t.oauth === 'direct').map((t) => t.slug);
    expect(direct.sort()).toEqual(
      [
        'ga',
        'bitly',
        'facebook',
        'salesforce',
        'box',
        'amazon-ads',
        'pinterest',
        'facebook-marketing',
        // Not in §4's list: the Google ad servers sign in with Google first, since their Profile
        // ID is chosen from what the signed-in user may see (spec 01 §5 needs both).
        'google-dcm',
        'google-cm360',
        'google-dv360',
      ].sort(),
    );
    const saveFirst = CONNECTOR_TYPES.filter((t) => t.oauth === 'save-first').map((t) => t.slug);
    expect(saveFirst.sort()).toEqual(['google-ads', 'snapchat', 'tiktok']);
  });

  it('offers active types sorted by name, inactive ones only with show-inactive-connectors', () => {
    const names = offeredConnectorTypes([]).map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(offeredConnectorTypes([]).some((t) => !t.active)).toBe(false);
    expect(offeredConnectorTypes(['show-inactive-connectors']).some((t) => !t.active)).toBe(true);
    expect(offeredConnectorTypes([], { analyticsOnly: true }).map((t) => t.id)).toEqual([1, 2]);
  });

  it("has a credentials shape per family holding every field of the family's types", () => {
    for (const t of CONNECTOR_TYPES) {
      const sample = Object.fromEntries(
        t.fields.map((f) => {
          const key =
            f.field === 'sftp_private_key' ? 'client_secret' : f.field.replace(/^(sftp|adobe|dw)_/, '');
          return [key, t.defaults[key] ?? 'x'];
        }),
      );
      const parsed = credentialsSchema.safeParse({ family: t.family, ...sample });
      expect(parsed.success, `${t.slug}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    expect(credentialsSchema.safeParse({ family: 'sftp', host: 'h', bogus: 'x' }).success).toBe(false);
  });
});

describe('validateConnector (spec 01 §5)', () => {
  it('requires a name and a connector type', () => {
    const issues = validateConnector(
      { name: '  ', type: undefined, metadata: {}, customFields: [] },
      { isNew: true, features: [], storedSecrets: [] },
    );
    expect(issues).toEqual([
      { path: 'name', message: REQUIRED_MESSAGE },
      { path: 'connector_type_slug', message: REQUIRED_MESSAGE },
    ]);
    expect(canSubmitConnector(issues, false)).toBe(false);
  });

  describe('SFTP', () => {
    const good = {
      host: 'sftp.example.com',
      port: '22',
      username: 'nomen',
      auth_type: 'password',
      password: 'pw',
    };
    it('passes with host, port, username and a password', () => {
      expect(issuesFor('sftp', good)).toEqual([]);
      expect(canSubmitConnector([], false)).toBe(true);
      expect(canSubmitConnector([], true)).toBe(false);
    });
    it('requires host, username and port, and on a new connection a password', () => {
      expect(paths(issuesFor('sftp', { auth_type: 'password' }))).toEqual([
        'metadata.host',
        'metadata.password',
        'metadata.port',
        'metadata.username',
      ]);
    });
    it('keeps a stored password on a blank edit, but requires host on edit', () => {
      expect(issuesFor('sftp', { ...good, password: '' }, { isNew: false, stored: ['password'] })).toEqual(
        [],
      );
      expect(paths(issuesFor('sftp', { ...good, host: '' }, { isNew: false, stored: ['password'] }))).toEqual(
        ['metadata.host'],
      );
    });
    it('refuses both a password and a secret key', () => {
      const issues = issuesFor(
        'sftp',
        { ...good, client_secret: 'key' },
        { features: ['use-aimia-for-sftp-push'] },
      );
      expect(issues).toContainEqual({ path: 'metadata.client_secret', message: SFTP_BOTH_MESSAGE });
    });
    it('needs use-aimia-for-sftp-push for secret-key authentication', () => {
      const metadata = { ...good, auth_type: 'secret_key', password: '', client_secret: 'KEY' };
      expect(paths(issuesFor('sftp', metadata))).toEqual(['metadata.auth_type']);
      expect(issuesFor('sftp', metadata, { features: ['use-aimia-for-sftp-push'] })).toEqual([]);
    });
    it('refuses a port that is not 1 to 65535', () => {
      for (const port of ['0', '70000', '2x', '-1'])
        expect(issuesFor('sftp', { ...good, port })).toEqual([
          { path: 'metadata.port', message: PORT_MESSAGE },
        ]);
    });
  });

  describe('content manager', () => {
    const cloud = {
      host_type: 'cloud',
      url: 'https://author-p1.adobeaemcloud.com',
      ims_url: 'https://ims-na1.adobelogin.com',
      client_id: 'c',
      client_secret: 's',
      private_key: 'k',
      technical_account_id: 't',
      organization_id: 'o',
    };
    it('passes with https hosts of two dotted labels or more', () => {
      expect(issuesFor('aem', cloud)).toEqual([]);
    });
    it.each(['http://a.com', 'https://localhost', 'https://example.com', 'ftp://a.b.com'])(
      'refuses the url %s',
      (url) => {
        expect(issuesFor('aem', { ...cloud, url })).toEqual([
          { path: 'metadata.url', message: HTTPS_HOST_MESSAGE },
        ]);
        expect(issuesFor('aem', { ...cloud, ims_url: url })).toEqual([
          { path: 'metadata.ims_url', message: HTTPS_HOST_MESSAGE },
        ]);
      },
    );
    it('shows proxy_url only with aem-proxy-url and keeps it optional', () => {
      const keys = (f: FeatureFlag[]) => visibleFields(typeOf('aem'), cloud, f).map((x) => x.key);
      expect(keys([])).not.toContain('proxy_url');
      expect(keys(['aem-proxy-url'])).toContain('proxy_url');
      expect(
        issuesFor('aem', { ...cloud, proxy_url: 'http://proxy.corp:8080' }, { features: ['aem-proxy-url'] }),
      ).toEqual([]);
      expect(paths(issuesFor('aem', { ...cloud, proxy_url: 'http://proxy.corp:8080' }))).toEqual([
        'metadata.proxy_url',
      ]);
    });
    it('asks self-hosted accounts for username and password instead', () => {
      expect(paths(issuesFor('aem', { host_type: 'self', url: 'https://aem.corp.example.com' }))).toEqual([
        'metadata.password',
        'metadata.username',
      ]);
    });
  });

  describe('data warehouse', () => {
    it('starts new connections with the product-named defaults', () => {
      expect(newConnectorMetadata(typeOf('snowflake'))).toMatchObject(DATA_WAREHOUSE_DEFAULTS);
    });
    it('requires an https url of the pattern', () => {
      const base = { ...newConnectorMetadata(typeOf('snowflake')), username: 'u', password: 'p' };
      expect(
        issuesFor('snowflake', { ...base, url: 'https://xy123.us-east-1.snowflakecomputing.com' }),
      ).toEqual([]);
      expect(issuesFor('snowflake', { ...base, url: 'https://snowflakecomputing.com' })).toEqual([
        { path: 'metadata.url', message: HTTPS_HOST_MESSAGE },
      ]);
    });
  });

  describe('ad platforms', () => {
    it('Google Ads: customer_id digits only', () => {
      const base = { client_id: 'id', client_secret: 'secret' };
      expect(issuesFor('google-ads', { ...base, customer_id: '1234567890' })).toEqual([]);
      expect(issuesFor('google-ads', { ...base, customer_id: '123-456-7890' })).toEqual([
        { path: 'metadata.customer_id', message: CUSTOMER_ID_MESSAGE },
      ]);
    });
    it.each(['google-dcm', 'google-cm360', 'google-dv360'])(
      '%s needs googleProfileId and googleConnectedEmail, the email from the Google sign-in',
      (slug) => {
        const edit = { isNew: false };
        expect(issuesFor(slug, {}, edit)).toEqual([
          { path: 'metadata.googleConnectedEmail', message: 'Sign in with Google to fill it in' },
          { path: 'metadata.googleProfileId', message: REQUIRED_MESSAGE },
        ]);
        expect(issuesFor(slug, { googleProfileId: '1', googleConnectedEmail: 'a@b.c' }, edit)).toEqual([]);
        expect(issuesFor(slug, { googleProfileId: '12-3', googleConnectedEmail: 'a@b.c' }, edit)).toEqual([
          { path: 'metadata.googleProfileId', message: PROFILE_ID_MESSAGE },
        ]);
        // A new one is made by the sign-in (spec 01 §4 direct): nothing to fill before it.
        expect(issuesFor(slug, {})).toEqual([]);
        expect(signInKeysOf(typeOf(slug))).toEqual(['googleConnectedEmail']);
        expect(typeOf(slug)).toMatchObject({ oauth: 'direct', signInWith: 'Google' });
      },
    );
  });

  describe('storage and keys: required on new, kept on a blank edit', () => {
    it.each([
      ['azure-blob', { blob_accountname: 'acct' }, ['metadata.blob_key'], ['blob_key']],
      ['s3', {}, ['metadata.aws_key', 'metadata.aws_secret'], ['aws_key', 'aws_secret']],
      ['kochava', {}, ['metadata.api_key'], ['api_key']],
      ['branch', {}, ['metadata.branch_key', 'metadata.branch_secret'], ['branch_key', 'branch_secret']],
    ] as const)('%s', (slug, metadata, missing, stored) => {
      expect(paths(issuesFor(slug, metadata))).toEqual(missing);
      expect(issuesFor(slug, metadata, { isNew: false, stored: [...stored] })).toEqual([]);
    });
    it('the blob connector requires its account name even on edit', () => {
      expect(paths(issuesFor('azure-blob', {}, { isNew: false, stored: ['blob_key'] }))).toEqual([
        'metadata.blob_accountname',
      ]);
    });
    it('the GCS key file must be a JSON object; project_id needs gcs-projectid', () => {
      expect(issuesFor('google-cloud-storage', { account_key_file: 'not json' })).toEqual([
        { path: 'metadata.account_key_file', message: KEY_FILE_MESSAGE },
      ]);
      const file = JSON.stringify({ client_email: 'a@b.iam.gserviceaccount.com' });
      expect(issuesFor('google-cloud-storage', { account_key_file: file, project_id: 'p' })).toHaveLength(1);
      expect(
        issuesFor(
          'google-cloud-storage',
          { account_key_file: file, project_id: 'p' },
          { features: ['gcs-projectid'] },
        ),
      ).toEqual([]);
    });
  });

  it('marketing cloud: subdomain and client id always, the client secret on new', () => {
    expect(paths(issuesFor('salesforce-marketing-cloud', {}))).toEqual([
      'metadata.client_id',
      'metadata.client_secret',
      'metadata.subdomain',
    ]);
    expect(
      issuesFor('salesforce-marketing-cloud', { subdomain: 'mc1', client_id: 'c', client_secret: 's' }),
    ).toEqual([]);
    expect(
      issuesFor(
        'salesforce-marketing-cloud',
        { subdomain: 'mc1', client_id: 'c' },
        { isNew: false, stored: ['client_secret'] },
      ),
    ).toEqual([]);
  });

  it('marketing cloud: the subdomain is one DNS label, never a host or an address', () => {
    const base = { client_id: 'c', client_secret: 's' };
    expect(
      issuesFor('salesforce-marketing-cloud', { ...base, subdomain: 'mc563885gzs27c5t9-63k636ttgm' }),
    ).toEqual([]);
    for (const subdomain of ['127.0.0.1#', 'evil.example/x', 'a.b', '-mc', 'mc 1'])
      expect(issuesFor('salesforce-marketing-cloud', { ...base, subdomain })).toEqual([
        { path: 'metadata.subdomain', message: SUBDOMAIN_MESSAGE },
      ]);
  });

  it('data warehouse: a blanked default is required again; key-pair sign-in asks for the private key', () => {
    const base = {
      ...newConnectorMetadata(typeOf('snowflake')),
      url: 'https://xy123.us-east-1.snowflakecomputing.com',
      username: 'u',
      password: 'p',
    };
    expect(paths(issuesFor('snowflake', { ...base, role: '' }))).toEqual(['metadata.role']);
    expect(paths(issuesFor('snowflake', { ...base, auth_type: 'key_pair', password: '' }))).toEqual([
      'metadata.private_key',
    ]);
  });

  it('Adobe with credentials: company and username always, the secret on new', () => {
    expect(paths(issuesFor('adobe-analytics', { auth_type: 'fields' }))).toEqual([
      'metadata.company',
      'metadata.secret',
      'metadata.username',
    ]);
    expect(
      issuesFor(
        'adobe-analytics',
        { auth_type: 'fields', company: 'a', username: 'u' },
        { isNew: false, stored: ['secret'] },
      ),
    ).toEqual([]);
  });

  it('OAuth-only types need nothing but a name', () => {
    expect(issuesFor('ga', {})).toEqual([]);
    expect(paths(issuesFor('ga', {}, { name: '' }))).toEqual(['name']);
  });

  it('Adobe OAuth needs the oauth-adobe-connector feature', () => {
    const oauth = { auth_type: 'oauth', company: 'acme', client_id: 'id', client_secret: 's' };
    expect(paths(issuesFor('adobe-analytics', oauth))).toEqual(['metadata.auth_type']);
    expect(issuesFor('adobe-analytics', oauth, { features: ['oauth-adobe-connector'] })).toEqual([]);
  });

  it('refuses a field the type does not have', () => {
    expect(issuesFor('kochava', { api_key: 'k', host: 'x' })).toEqual([
      { path: 'metadata.host', message: 'Kochava accounts have no field "host"' },
    ]);
  });

  it('checks custom fields: a name, unique, within limits', () => {
    expect(validateCustomFields([{ name: 'Region', value: 'EU' }])).toEqual([]);
    expect(
      validateCustomFields([
        { name: '', value: 'x' },
        { name: 'Region', value: 'EU' },
        { name: 'region', value: 'US' },
      ]).map((i) => i.path),
    ).toEqual(['customFields.0.name', 'customFields.2.name']);
  });
});

describe('auth-type switches (spec 01 §4)', () => {
  it('SFTP: switching to secret key clears the password, and back clears the key', () => {
    const type = typeOf('sftp');
    const toKey = switchChoice(type, { host: 'h', auth_type: 'password', password: 'pw' }, 'secret_key');
    expect(toKey.metadata).toEqual({ host: 'h', auth_type: 'secret_key' });
    expect(toKey.cleared).toContain('password');
    const back = switchChoice(type, { ...toKey.metadata, client_secret: 'KEY' }, 'password');
    expect(back.metadata).toEqual({ host: 'h', auth_type: 'password' });
    expect(back.cleared).toContain('client_secret');
  });

  it('Adobe: fields vs oauth keep the shared company', () => {
    const next = switchChoice(
      typeOf('adobe-analytics'),
      { auth_type: 'fields', company: 'acme', username: 'u', secret: 's' },
      'oauth',
    );
    expect(next.metadata).toEqual({ auth_type: 'oauth', company: 'acme' });
    expect(next.cleared.sort()).toEqual(['secret', 'username']);
  });

  it('content manager: host type switches keep url, drop the other hosting fields', () => {
    const next = switchChoice(
      typeOf('aem'),
      { host_type: 'self', url: 'https://a.b.com', username: 'u' },
      'cloud',
    );
    expect(next.metadata).toEqual({ host_type: 'cloud', url: 'https://a.b.com' });
  });
});

describe('splitConnectorMetadata', () => {
  it('separates secrets, drops blanks and names the stored secrets of the other choice', () => {
    const split = splitConnectorMetadata(
      typeOf('sftp'),
      { host: ' sftp.example.com ', port: '22', username: 'u', auth_type: 'password', password: '' },
      [],
    );
    expect(split).toEqual({
      plain: { host: 'sftp.example.com', port: '22', username: 'u', auth_type: 'password' },
      secrets: {},
      dropSecrets: ['client_secret'],
    });
    expect(secretKeysOf(typeOf('sftp')).sort()).toEqual(['client_secret', 'password']);
  });
});

describe('isHttpsHost', () => {
  it('reads the pattern as spec README says', () => {
    expect(isHttpsHost('https://author-p1.adobeaemcloud.com')).toBe(true);
    expect(isHttpsHost('https://xy123.us-east-1.snowflakecomputing.com')).toBe(true);
    expect(isHttpsHost('http://a.com')).toBe(false);
    expect(isHttpsHost('https://localhost')).toBe(false);
  });
});
