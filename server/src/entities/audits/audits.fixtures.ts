import {
  addFieldsetFields,
  addLinkField,
  addPatternField,
  createIntegrationAssignment,
  newTemplate,
  type Pattern,
  type TemplateField,
} from '@nomen/shared';
import type { SignedIn as Agent } from '../../test/test-context';

/**
 * The audit tests' governance, made through the API as an admin (README "Audits"): the lists
 * Regions (EMEA, North America, APAC, LATAM) and Channels (Social, Search, Display, Video); a
 * pattern `<Region>_<Channel>_<Campaign>_<Launch YYYYMMDD>` whose Region and Channel fields draw
 * from those lists; a field set holding Object ID; a template of them with a link field whose
 * parameters are utm_source (the Channel) and utm_campaign (the name), and, when a Meta account is
 * given, a facebook-marketing-outbound integration renaming ad creatives by Object ID; with
 * `approvers`, submissions wait for their approval.
 */

export const REGIONS = ['EMEA', 'North America', 'APAC', 'LATAM'];
export const CHANNELS = ['Social', 'Search', 'Display', 'Video'];

function ok<T extends { status: number; body: unknown }>(res: T, what: string): T {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

async function oneColumnList(admin: Agent, name: string, values: string[]) {
  const res = ok(
    await admin.put('/api/v1/account/lists/').send({
      id: null,
      name,
      type: 'drop-down',
      list_columns: [
        {
          id: 'lc1',
          name,
          precedence: 0,
          list_values: values.map((value, row_number) => ({ id: `v${row_number}`, row_number, value })),
        },
      ],
    }),
    `list ${name}`,
  );
  return { listId: res.body.id as number, columnId: res.body.list_columns[0].id as number };
}

/** The saved template: its id, its template field ids by name ("code" for the pattern field). */
export interface AuditTemplate {
  id: number;
  fields: Record<string, number>;
  patternFieldId: number;
}

/** Saves the audit governance and template in `admin`'s account (see the notes above). */
export async function auditTemplate(
  admin: Agent,
  options: { metaConnectorId?: number; adAccount?: string; approvers?: number[] } = {},
): Promise<AuditTemplate> {
  const tag = Math.random().toString(36).slice(2, 7);
  const regions = await oneColumnList(admin, `Regions ${tag}`, REGIONS);
  const channels = await oneColumnList(admin, `Channels ${tag}`, CHANNELS);
  const pattern: Pattern = ok(
    await admin.put('/api/v1/account/field/').send({
      name: `Creative name ${tag}`,
      delimiter: '_',
      segments: [
        { id: 'TEMP_r', segment_type: 'variable', segment_precedence: 0, name: 'Region' },
        { id: 'TEMP_c', segment_type: 'variable', segment_precedence: 1, name: 'Channel' },
        { id: 'TEMP_n', segment_type: 'variable', segment_precedence: 2, name: 'Campaign' },
        {
          id: 'TEMP_d',
          segment_type: 'date',
          segment_precedence: 3,
          name: 'Launch',
          order: 'Y|M|D',
          months: '01-12',
          days: '01-31',
          years: '0000-9999',
          delimiter: 'none',
          auto_populate: false,
        },
      ],
    }),
    'pattern',
  ).body.pattern;
  const set = ok(
    await admin.put('/api/v1/account/fieldsets').send({
      name: `Audit ids ${tag}`,
      fields: [
        { id: 'TEMP_i', name: 'Object ID', governance_type: 'text', validation: { characters: 'any' } },
      ],
    }),
    'field set',
  );
  const folder = ok(
    await admin.put('/api/v1/account/folder').send({ name: `Audits ${tag}`, description: '' }),
    'folder',
  );
  let draft = addPatternField(newTemplate({ templateName: 'Audit', now: new Date() }), pattern);
  draft = addLinkField(addFieldsetFields(draft, set.body.fieldset));
  const lists: Record<string, { listId: number; columnId: number }> = { Region: regions, Channel: channels };
  draft = {
    ...draft,
    template_fields: draft.template_fields.map((tf) => {
      if (tf.field.segment_type !== 'variable') return tf;
      const list = lists[tf.field.name];
      return list
        ? {
            ...tf,
            governance_type: 'list',
            required: true,
            list_governance: {
              list_id: list.listId,
              list_column_id: list.columnId,
              delimiter: 'none',
              lists: [],
            },
          }
        : { ...tf, governance_type: 'text', required: true, validation: { characters: 'any' } };
    }) as TemplateField[],
  };
  const saved = ok(
    await admin.put('/api/v1/account/template/').send({
      ...draft,
      name: `Audit template ${tag}`,
      folder_id: folder.body.folder.id,
      integrations: [],
      settings: {
        require_identifier: 0,
        require_approval: options.approvers ? 1 : 0,
        enable_auto_submit: 0,
      },
      approvers: options.approvers ?? [],
    }),
    'template',
  );
  const got = ok(await admin.get(`/api/v1/account/template/${saved.body.id}`), 'template read');
  const tfs = got.body.template_fields as TemplateField[];
  const fields: Record<string, number> = {};
  for (const tf of tfs) fields[tf.field.is_pattern ? 'code' : tf.field.name] = tf.id as number;
  const savedIdOf = (name: string) => tfs.find((tf) => tf.id === fields[name])!.field_id as number;
  const integrations =
    options.metaConnectorId === undefined
      ? []
      : [
          {
            ...createIntegrationAssignment('facebook-marketing-outbound', {
              templateName: 'Audit',
              now: new Date(),
            }),
            name: 'Creative names',
            connector_id: options.metaConnectorId,
            metadata: { data_type: 'ad_creatives', adAccountsLinked: options.adAccount ?? '' },
            mapping_fields: [
              {
                fieldName: 'creative_id',
                cvFieldId: savedIdOf('Object ID'),
                required: true,
                type: 'integration_field',
                source_type: 'field',
              },
              {
                fieldName: 'name',
                cvFieldId: savedIdOf('code'),
                required: true,
                type: 'integration_field',
                source_type: 'field',
              },
            ],
          },
        ];
  ok(
    await admin.put('/api/v1/account/template/').send({
      ...got.body,
      integrations,
      parameters: [
        { name: 'utm_source', template_field_id: fields.Channel, precedence: 0 },
        { name: 'utm_campaign', template_field_id: fields.code, precedence: 1 },
      ],
    }),
    'template parameters',
  );
  return { id: saved.body.id, fields, patternFieldId: savedIdOf('code') };
}
