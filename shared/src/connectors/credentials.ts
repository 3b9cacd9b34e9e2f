import { z } from 'zod';

const value = z.string().optional();

/**
 * The credentials of a connected account, one object per credential family (spec 01 §3.2), as a
 * discriminated union on `family`. Every value is text as the drawer sends it (port too). This
 * is the shape provider clients receive from `readConnector`, with secrets decrypted; the API
 * never answers it. Objects are strict: a key that is not the family's is refused.
 */
export const credentialsSchema = z.discriminatedUnion('family', [
  z.strictObject({
    family: z.literal('cloud-storage'),
    aws_key: value,
    aws_secret: value,
    blob_accountname: value,
    blob_key: value,
    account_key_file: value,
    project_id: value,
  }),
  z.strictObject({
    family: z.literal('ad-platform'),
    googleProfileId: value,
    googleConnectedEmail: value,
    customer_id: value,
    client_id: value,
    client_secret: value,
  }),
  z.strictObject({
    family: z.literal('simple-key'),
    api_key: value,
    api_domain: value,
    branch_key: value,
    branch_secret: value,
  }),
  z.strictObject({
    family: z.literal('sftp'),
    host: value,
    username: value,
    password: value,
    client_secret: value,
    port: value,
    auth_type: z.enum(['password', 'secret_key']).optional(),
  }),
  z.strictObject({
    family: z.literal('adobe'),
    company: value,
    username: value,
    secret: value,
    client_id: value,
    client_secret: value,
    scopes: value,
    auth_type: z.enum(['fields', 'oauth']).optional(),
  }),
  z.strictObject({
    family: z.literal('content-manager'),
    host_type: z.enum(['self', 'cloud']).optional(),
    username: value,
    password: value,
    url: value,
    proxy_url: value,
    client_id: value,
    client_secret: value,
    private_key: value,
    meta_scopes: value,
    technical_account_id: value,
    organization_id: value,
    ims_url: value,
  }),
  z.strictObject({
    family: z.literal('data-warehouse'),
    username: value,
    password: value,
    private_key: value,
    role: value,
    warehouse: value,
    database: value,
    schema: value,
    url: value,
    auth_type: z.enum(['password', 'key_pair']).optional(),
  }),
  z.strictObject({
    family: z.literal('marketing-cloud'),
    subdomain: value,
    account_id: value,
    client_id: value,
    client_secret: value,
  }),
  z.strictObject({ family: z.literal('oauth') }),
  z.strictObject({ family: z.literal('none') }),
]);

/** Decrypted credentials of one connected account (spec 01 §3.2), discriminated by `family`. */
export type Credentials = z.infer<typeof credentialsSchema>;
