import { addPatternField, newTemplate, type Pattern, type TemplateDraft } from '@nomen/shared';
import { type APIRequestContext, expect } from '@playwright/test';
import type { SftpPeer } from '../../peers/sftp-peer';
import { uniqueName } from './api';

/**
 * Saves through the API a connected SFTP account on `sftp` (password sign-in, with `password`,
 * the peer's own by default) named `name`; answers its id. Expects the save to answer 200.
 */
export async function sftpConnector(
  api: APIRequestContext,
  sftp: SftpPeer,
  name: string,
  password = sftp.password,
): Promise<number> {
  const connector = await api.post('/api/v1/account/connector/', {
    data: {
      name,
      connector_type_slug: 'sftp',
      metadata: {
        host: sftp.host,
        port: sftp.port,
        username: sftp.username,
        auth_type: 'password',
        password,
      },
    },
  });
  expect(connector.status(), await connector.text()).toBe(200);
  return (await connector.json()).id;
}

/**
 * Saves through the API a template `name` (in a new folder) with one free-text field "Campaign"
 * of a new field set, and `integrations`; answers its id and the template field id of Campaign.
 * Expects the field set and the template saves to answer 200.
 */
export async function campaignTemplate(
  api: APIRequestContext,
  name: string,
  integrations: Record<string, unknown>[] = [],
): Promise<{ id: number; campaignId: string }> {
  const fieldset = await api.put('/api/v1/account/fieldsets', {
    data: {
      name: uniqueName('Run fields'),
      fields: [
        { id: 'TEMP_a', name: 'Campaign', governance_type: 'text', validation: { characters: 'any' } },
      ],
    },
  });
  expect(fieldset.status(), await fieldset.text()).toBe(200);
  const set = (await fieldset.json()).fieldset;
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('Runs'), description: '' },
  });
  const saved = await api.put('/api/v1/account/template/', {
    data: {
      name,
      folder_id: (await folder.json()).folder.id,
      fieldsets: [set.id],
      template_fields: [
        {
          id: 'TEMP_campaign',
          field_id: set.fields[0].id,
          field: { id: set.fields[0].id, name: 'Campaign', governance_type: 'text', is_pattern: false },
          precedence: 0,
          governance_type: 'text',
          visible_on_form: true,
          validation: { characters: 'any' },
        },
      ],
      integrations,
      settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const id = (await saved.json()).id as number;
  const template = await (await api.get(`/api/v1/account/template/${id}`)).json();
  const campaign = template.template_fields.find(
    (f: { field: { name: string } }) => f.field.name === 'Campaign',
  );
  return { id, campaignId: campaign.id };
}

/**
 * Saves through the API a field set "`prefix` fields" of the text fields `fieldNames` and a
 * template "`prefix` template" of them, each name made unique, in folder `options.folderId` or a
 * new folder "`prefix` folder", with `options.template`'s properties added to the template
 * (settings, approvers …); answers the template's id, name and template field ids by field name.
 * Expects each save to answer 200.
 */
export async function textFieldsTemplate(
  api: APIRequestContext,
  prefix: string,
  fieldNames: string[],
  options: { folderId?: number; template?: Record<string, unknown> } = {},
): Promise<{ id: number; name: string; fieldIds: Record<string, number> }> {
  let folderId = options.folderId;
  if (folderId === undefined) {
    const folder = await api.put('/api/v1/account/folder', {
      data: { name: uniqueName(`${prefix} folder`), description: '' },
    });
    expect(folder.status()).toBe(200);
    folderId = ((await folder.json()) as { folder: { id: number } }).folder.id;
  }
  const set = await api.put('/api/v1/account/fieldsets', {
    data: {
      name: uniqueName(`${prefix} fields`),
      description: '',
      fields: fieldNames.map((name, i) => ({ id: `TEMP_${i}`, name, governance_type: 'text' })),
    },
  });
  expect(set.status()).toBe(200);
  const fieldset = (
    (await set.json()) as { fieldset: { id: number; fields: { id: number; name: string }[] } }
  ).fieldset;
  const name = uniqueName(`${prefix} template`);
  const saved = await api.put('/api/v1/account/template/', {
    data: {
      name,
      folder_id: folderId,
      fieldsets: [fieldset.id],
      ...options.template,
      template_fields: fieldset.fields.map((field, precedence) => ({
        id: `TEMP_f${precedence}`,
        field_id: field.id,
        field: { id: field.id, name: field.name, governance_type: 'text', fieldset_id: fieldset.id },
        precedence,
        governance_type: 'text',
      })),
    },
  });
  expect(saved.status()).toBe(200);
  const { id } = (await saved.json()) as { id: number };
  const template = (await (await api.get(`/api/v1/account/template/${id}`)).json()) as {
    template_fields: { id: number; field: { name: string } }[];
  };
  const fieldIds: Record<string, number> = {};
  for (const tf of template.template_fields) fieldIds[tf.field.name] = tf.id;
  return { id, name, fieldIds };
}

/**
 * Saves through the API a pattern `name` of a free-text Campaign and a 4-digit running Number,
 * joined by "_", and answers a new template draft holding it with its Campaign segment governed
 * as free text (to be named, placed in a folder and saved by the caller). Expects the save to
 * answer 200.
 */
export async function campaignNumberDraft(api: APIRequestContext, name: string): Promise<TemplateDraft> {
  const saved = await api.put('/api/v1/account/field/', {
    data: {
      name,
      delimiter: '_',
      segments: [
        { id: 'TEMP_c', segment_type: 'variable', segment_precedence: 0, name: 'Campaign' },
        {
          id: 'TEMP_n',
          segment_type: 'autonumber',
          segment_precedence: 1,
          name: 'Number',
          start_value: 1,
          min_width: 4,
        },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const pattern = ((await saved.json()) as { pattern: Pattern }).pattern;
  const draft = addPatternField(newTemplate({ templateName: name, now: new Date() }), pattern);
  return {
    ...draft,
    template_fields: draft.template_fields.map((tf) =>
      tf.field.segment_type === 'variable'
        ? {
            ...tf,
            governance_type: 'text',
            validation: { characters: 'any' },
            transformation: { case: 'none', spaces: 'keep', trim: true },
          }
        : tf,
    ),
  } as TemplateDraft;
}
