import {
  addFieldsetFields,
  addPatternField,
  type Fieldset,
  newTemplate,
  type Pattern,
  type TemplateField,
} from '@nomen/shared';
import type { SignedIn as Agent } from '../../test/test-context';

/** Template field ids by field name ("code" for the pattern field), for building rows. */
export type TemplateFieldIds = Record<string, number>;

/** A saved template of the fixtures, with its field ids and dataset id. */
export interface FixtureTemplate {
  id: number;
  fields: TemplateFieldIds;
  datasetId: number;
}

/** Fails with the answer's body when a fixture request did not succeed. */
function ok<T extends { status: number; body: unknown }>(res: T, what: string): T {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** The drill-down list Countries of the fixtures: its id and the ids of its two columns. */
export interface CountriesList {
  listId: number;
  columns: { region: number; country: number };
}

/**
 * Saves, as `admin`, the drill-down list Countries (Region > Country: Europe/France,
 * Europe/Germany, Americas/Brazil); answers its id and column ids. Throws when the save fails.
 */
export async function countriesList(admin: Agent): Promise<CountriesList> {
  const list = ok(
    await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Countries',
      type: 'drill-down',
      list_columns: [
        {
          id: 'lc1',
          name: 'Region',
          precedence: 0,
          list_values: ['Europe', 'Europe', 'Americas'].map((value, row_number) => ({
            id: `r${row_number}`,
            row_number,
            value,
          })),
        },
        {
          id: 'lc2',
          name: 'Country',
          precedence: 1,
          list_values: ['France', 'Germany', 'Brazil'].map((value, row_number) => ({
            id: `c${row_number}`,
            row_number,
            value,
          })),
        },
      ],
    }),
    'list',
  );
  return {
    listId: list.body.id,
    columns: { region: list.body.list_columns[0].id, country: list.body.list_columns[1].id },
  };
}

/**
 * Saves, as `admin`, a field set "Market …" (a random suffix) of the list-governed fields Region
 * (required) and Country of `countries`, then `extraFields` (field bodies as the field set API
 * takes them); answers the saved field set. Throws when the save fails.
 */
export async function marketFieldset(
  admin: Agent,
  countries: CountriesList,
  extraFields: object[] = [],
): Promise<Fieldset> {
  const { listId, columns } = countries;
  const set = ok(
    await admin.put('/api/v1/account/fieldsets').send({
      name: `Market ${Math.random().toString(36).slice(2, 7)}`,
      fields: [
        {
          id: 'TEMP_r',
          name: 'Region',
          governance_type: 'list',
          required: true,
          list_governance: { list_id: listId, list_column_id: columns.region },
        },
        {
          id: 'TEMP_k',
          name: 'Country',
          governance_type: 'list',
          list_governance: { list_id: listId, list_column_id: columns.country },
        },
        ...extraFields,
      ],
    }),
    'field set',
  );
  return set.body.fieldset;
}

/**
 * Test fixtures of the submission API tests (issue 11), made through the API as `admin`: the
 * drill-down list Countries (`countriesList`), the field set Market of its two columns
 * (`marketFieldset`), and a folder. `makeTemplate` saves a template of a fresh pattern
 * "<Campaign>_<4-digit number>" (its counter starts at 1) and that field set, the Campaign values
 * must_be_unique with `uniqueCampaign`, requiring approval by `approvers` when given;
 * `row` builds a row of it.
 */
export async function submissionFixtures(admin: Agent) {
  const countries = await countriesList(admin);
  const { listId, columns } = countries;
  const fieldset = await marketFieldset(admin, countries);
  const folder = ok(
    await admin.put('/api/v1/account/folder').send({ name: 'Codes', description: '' }),
    'folder',
  );
  const folderId: number = folder.body.folder.id;

  async function makeTemplate(
    options: { uniqueCampaign?: boolean; approvers?: number[] } = {},
  ): Promise<FixtureTemplate> {
    const saved = ok(
      await admin.put('/api/v1/account/field/').send({
        name: `Campaign code ${Math.random().toString(36).slice(2, 7)}`,
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
      }),
      'pattern',
    );
    const pattern: Pattern = saved.body.pattern;
    let draft = newTemplate({ templateName: 'Codes', now: new Date() });
    draft = addPatternField(draft, pattern);
    draft = addFieldsetFields(draft, fieldset);
    // The editor's "give a variable segment a governance" (spec 03 §2): free text, trimmed.
    draft = {
      ...draft,
      template_fields: draft.template_fields.map((tf) =>
        tf.field.segment_type === 'variable'
          ? {
              ...tf,
              governance_type: 'text',
              validation: { characters: 'any' },
              transformation: { case: 'none', spaces: 'keep', trim: true },
              must_be_unique: options.uniqueCampaign ?? false,
            }
          : tf,
      ),
    };
    const res = ok(
      await admin.put('/api/v1/account/template/').send({
        ...draft,
        name: `Codes ${Math.random().toString(36).slice(2, 7)}`,
        folder_id: folderId,
        integrations: [],
        settings: {
          require_identifier: 0,
          require_approval: options.approvers !== undefined ? 1 : 0,
          enable_auto_submit: 0,
        },
        approvers: options.approvers ?? [],
      }),
      'template',
    );
    const got = ok(await admin.get(`/api/v1/account/template/${res.body.id}`), 'template read');
    const fields: TemplateFieldIds = {};
    for (const tf of got.body.template_fields as TemplateField[])
      fields[tf.field.is_pattern ? 'code' : tf.field.name] = tf.id as number;
    const form = ok(await admin.get(`/api/v1/account/submissions/templates/${res.body.id}/form`), 'form');
    return { id: res.body.id, fields, datasetId: form.body.rollup_dataset_id };
  }

  function row(fields: TemplateFieldIds, campaign: string, region = 'Europe', country = 'France') {
    return { [fields.Campaign!]: campaign, [fields.Region!]: region, [fields.Country!]: country };
  }

  return { listId, columns, fieldset, folderId, makeTemplate, row };
}
