import {
  addFieldsetFields,
  addPatternField,
  type Fieldset,
  isFormColumn,
  newTemplate,
  type Pattern,
  type Template,
  type TemplateDraft,
  type TemplateField,
  unlinkSegmentField,
} from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobRuntime, startJobs } from '../../jobs/index';
import { countriesList, currenciesList, marketingChannelsList } from '../../seed/reference-data';
import { insertList, paidMediaFieldset, type SeededList, UTM_PATTERN } from '../../seed/seed';
import { endedRuns } from '../../test/integration-runs-fixtures';
import { type AdminContext, createAdminContext } from '../../test/test-context';

// A pattern and a field set that name the same things compose into one set of fields (spec 02 §3
// segments and autofill, spec 03 §2 govern step, §5): the demo's "UTM campaign name" pattern and
// "Paid media" field set, as seeded, in a template save without error, and the template's form,
// dataset, CSV download and email output have one Channel, Region and Campaign column each.
// Runs on PostgreSQL (api) and on the embedded database (api-embedded).

let c: AdminContext;
let jobs: JobRuntime;
let pattern: Pattern;
let fieldset: Fieldset;
let folderId: number;

beforeAll(async () => {
  c = await createAdminContext([], { JOB_POLL_SECONDS: '0.5' });
  jobs = await startJobs(c.ctx.deps, c.ctx.handle, c.ctx.deps.config.jobs, { work: true });
  c.ctx.deps.jobs = jobs;
  const seeded: Record<string, SeededList> = {};
  await c.ctx.deps.db.transaction().execute(async (trx) => {
    for (const list of [countriesList(), currenciesList(), marketingChannelsList()])
      seeded[list.name] = await insertList(trx, c.account.id, list);
  });
  const savedPattern = await c.admin.put('/api/v1/account/field/').send(UTM_PATTERN);
  expect(savedPattern.status, JSON.stringify(savedPattern.body)).toBe(200);
  pattern = savedPattern.body.pattern;
  const savedSet = await c.admin.put('/api/v1/account/fieldsets').send(paidMediaFieldset(seeded));
  expect(savedSet.status, JSON.stringify(savedSet.body)).toBe(200);
  fieldset = savedSet.body.fieldset;
  const folder = await c.admin.put('/api/v1/account/folder').send({ name: 'Campaigns', description: '' });
  folderId = folder.body.folder.id;
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await c?.ctx.close();
});

const SHARED_NAMES = ['Channel', 'Region', 'Campaign'];

/** A new template named `name` in the folder, its email output mailed to `to` with subject `name`. */
function draftNamed(name: string, to: string): TemplateDraft {
  const draft = newTemplate({ templateName: name, now: new Date() });
  return {
    ...draft,
    name,
    folder_id: folderId,
    integrations: draft.integrations.map((a) => ({
      ...a,
      name: 'Mail',
      metadata: { ...a.metadata, to: [to], cc: [], bcc: [], subject: name, sendToSubmitter: 0 },
    })),
  };
}

async function saved(draft: TemplateDraft): Promise<Template> {
  const res = await c.admin.put('/api/v1/account/template/').send(draft);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const got = await c.admin.get(`/api/v1/account/template/${res.body.id}`);
  expect(got.status).toBe(200);
  return got.body;
}

/** The template field named `name`: the pattern's segment, or the field set's field. */
function fieldOf(template: Template, name: string, from: 'segment' | 'fieldset'): TemplateField {
  const tf = template.template_fields.find(
    (f) => f.field.name === name && (from === 'segment') === (f.field.segment_parent_field_id !== null),
  );
  if (!tf) throw new Error(`no ${from} field ${name}`);
  return tf;
}

/** How many of `names` each appear in `headers`, case ignored. */
function counts(headers: readonly string[], names: readonly string[]): Record<string, number> {
  return Object.fromEntries(
    names.map((n) => [n, headers.filter((h) => h.trim().toLowerCase() === n.toLowerCase()).length]),
  );
}
const once = Object.fromEntries(SHARED_NAMES.map((n) => [n, 1]));

/** One row with valid values for every entered field, keyed by template field id. */
function row(template: Template): Record<string, string> {
  const [channel, source] = marketingChannelsList().rows[0]!;
  const values: Record<string, string> = {
    Channel: channel!,
    Source: source!,
    Region: 'Europe',
    Country: 'France',
    Currency: currenciesList().rows[0]![0]!,
    Campaign: 'spring-sale',
    'Launch date': '2026-03-15',
    'Launch month': '2026-03',
  };
  const out: Record<string, string> = {};
  for (const tf of template.template_fields)
    if (tf.visible_on_form && values[tf.field.name] !== undefined)
      out[String(tf.id)] = values[tf.field.name]!;
  return out;
}

describe('a template with the seeded pattern and field set', () => {
  it.each([
    [
      'the pattern first, then the field set',
      (d: TemplateDraft) => addFieldsetFields(addPatternField(d, pattern), fieldset),
    ],
    [
      'the field set first, then the pattern',
      (d: TemplateDraft) => addPatternField(addFieldsetFields(d, fieldset), pattern),
    ],
  ])(
    'built with %s saves without error; its segments are filled from the field set and stay so',
    async (label, build) => {
      const template = await saved(build(draftNamed(`Compose ${label}`, 'media@example.com')));
      for (const name of SHARED_NAMES) {
        const segment = fieldOf(template, name, 'segment');
        const field = fieldOf(template, name, 'fieldset');
        expect(segment).toMatchObject({
          governance_type: 'autofill',
          autofill: { field_id: field.field_id },
          visible_on_form: false,
          segment_link: 'linked',
        });
      }
      const form = await c.admin.get(`/api/v1/account/submissions/templates/${template.id}/form`);
      expect(form.status).toBe(200);
      const columns = (form.body.fields as TemplateField[]).filter(isFormColumn).map((f) => f.field.name);
      expect(counts(columns, SHARED_NAMES)).toEqual(once);
    },
  );

  it('has one Channel, Region and Campaign column in the dataset, its CSV and its email output, the code made of the field set’s values', async () => {
    const subject = `Compose output ${Math.random().toString(36).slice(2, 7)}`;
    const template = await saved(
      addFieldsetFields(addPatternField(draftNamed(subject, 'media@example.com'), pattern), fieldset),
    );
    const sub = await c.admin
      .post('/api/v1/account/submissions')
      .send({ template_id: template.id, name: 'Spring', rows: [row(template)] });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const datasetId = sub.body.dataset_id as number;

    const data = await c.admin.get(`/api/v1/account/datasets/${datasetId}/data`);
    expect(data.status).toBe(200);
    expect(
      counts(
        data.body.columns.map((col: { name: string }) => col.name),
        SHARED_NAMES,
      ),
    ).toEqual(once);
    const patternField = template.template_fields.find((f) => f.field.is_pattern)!;
    const code = String(data.body.rows[0].data[String(patternField.id)]);
    expect(code.toLowerCase()).toContain('_europe_spring-sale_0001');

    const csv = await c.admin.get(`/api/v1/account/datasets/${datasetId}/download`);
    expect(csv.status).toBe(200);
    const header = csv.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    expect(counts(header, SHARED_NAMES)).toEqual(once);

    const [run] = await endedRuns(c.admin, sub.body.id);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'Success', slug: 'email-output' });
    const mail = c.ctx.mails.find((m) => m.subject === subject);
    const attachment = mail?.attachments?.find((a) => a.filename.endsWith('.csv'));
    expect(attachment, JSON.stringify(mail)).toBeDefined();
    const mailed = attachment!.content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    expect(counts(mailed, SHARED_NAMES)).toEqual(once);
  });

  it('keeps a segment the user unlinked as its own field when the template is read again', async () => {
    const composed = addFieldsetFields(
      addPatternField(draftNamed('Compose unlinked', 'media@example.com'), pattern),
      fieldset,
    );
    const region = composed.template_fields.find(
      (tf) => tf.field.name === 'Region' && tf.field.segment_parent_field_id !== null,
    )!;
    const template = await saved(unlinkSegmentField(composed, region.id));
    expect(fieldOf(template, 'Region', 'segment')).toMatchObject({
      governance_type: 'list',
      visible_on_form: true,
      segment_link: 'unlinked',
    });
    expect(fieldOf(template, 'Channel', 'segment').segment_link).toBe('linked');
    // Saved again as read, it stays unlinked.
    const again = await saved(template);
    expect(fieldOf(again, 'Region', 'segment').segment_link).toBe('unlinked');
  });

  it('heads an unlinked segment and its same-named field with their pattern and field set in the CSV and the email output', async () => {
    const subject = `Compose unlinked output ${Math.random().toString(36).slice(2, 7)}`;
    const composed = addFieldsetFields(
      addPatternField(draftNamed(subject, 'media@example.com'), pattern),
      fieldset,
    );
    const region = composed.template_fields.find(
      (tf) => tf.field.name === 'Region' && tf.field.segment_parent_field_id !== null,
    )!;
    const template = await saved(unlinkSegmentField(composed, region.id));
    const sub = await c.admin
      .post('/api/v1/account/submissions')
      .send({ template_id: template.id, name: 'Spring', rows: [row(template)] });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const expected = [`Region (${pattern.name})`, `Region (${fieldset.name})`];

    const csv = await c.admin.get(`/api/v1/account/datasets/${sub.body.dataset_id}/download`);
    expect(csv.status).toBe(200);
    const header = csv.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    expect(header.filter((h) => h.startsWith('Region'))).toEqual(expected);

    const [run] = await endedRuns(c.admin, sub.body.id);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'Success', slug: 'email-output' });
    const attachment = c.ctx.mails
      .find((m) => m.subject === subject)
      ?.attachments?.find((a) => a.filename.endsWith('.csv'));
    expect(attachment).toBeDefined();
    const mailed = attachment!.content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    expect(mailed.filter((h) => h.startsWith('Region'))).toEqual(expected);
  });

  it('refuses a concatenation whose piece is not in the template, naming the piece and its field set', async () => {
    const fieldIds = fieldset.fields.filter((f) => f.name !== 'Channel').map((f) => f.id);
    const res = await c.admin
      .put('/api/v1/account/template/')
      .send(addFieldsetFields(draftNamed('Compose key', 'media@example.com'), fieldset, fieldIds));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(
      'Campaign key: it concatenates Channel (Paid media), not in the template',
    );
  });

  it('keeps a linked segment out of the form even when it is sent visible', async () => {
    const composed = addFieldsetFields(
      addPatternField(draftNamed('Compose visible', 'media@example.com'), pattern),
      fieldset,
    );
    const template = await saved({
      ...composed,
      template_fields: composed.template_fields.map((tf) =>
        tf.segment_link === 'linked' ? { ...tf, visible_on_form: true, required: true } : tf,
      ),
    });
    for (const name of SHARED_NAMES)
      expect(fieldOf(template, name, 'segment')).toMatchObject({ visible_on_form: false, required: false });
  });

  it('links on save the segments an older client sent without governance, instead of refusing them', async () => {
    const composed = addFieldsetFields(
      addPatternField(draftNamed('Compose old client', 'media@example.com'), pattern),
      fieldset,
    );
    const uncomposed = {
      ...composed,
      template_fields: composed.template_fields.map((tf) =>
        tf.segment_link === 'linked'
          ? {
              ...tf,
              governance_type: 'variable' as const,
              autofill: null,
              visible_on_form: true,
              required: true,
              segment_link: null,
            }
          : tf,
      ),
    };
    const template = await saved(uncomposed);
    for (const name of SHARED_NAMES) expect(fieldOf(template, name, 'segment').segment_link).toBe('linked');
  });
});
