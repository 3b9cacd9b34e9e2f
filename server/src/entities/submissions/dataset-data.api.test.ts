import { addFieldsetFields, newTemplate, type TemplateField } from '@nomen/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createAdminContext,
  createUser,
  type SignedIn,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { countriesList, marketFieldset } from './submissions.fixtures';

let ctx: TestContext;
let account: TestAccount;
let admin: SignedIn;
let templateId: number;
let datasetId: number;
let fields: Record<string, string>;

/** The body of a binary answer, as a Buffer. */
function binary(
  res: { on(event: string, cb: (chunk?: Buffer) => void): void; setEncoding(e: string): void },
  cb: (err: Error | null, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(chunk!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/**
 * Saves, in a new folder of the same name, a template `name` of the market field set (the
 * countries list) plus the new field `extra`, without approval; answers its id and its template
 * field ids by field name.
 */
async function marketTemplate(
  name: string,
  extra: Record<string, unknown>,
): Promise<{ id: number; ids: Record<string, string>; fieldsetName: string }> {
  const fieldset = await marketFieldset(admin, await countriesList(admin), [extra]);
  const folder = await admin.put('/api/v1/account/folder').send({ name, description: '' });
  const draft = addFieldsetFields(newTemplate({ templateName: name, now: new Date() }), fieldset);
  const saved = await admin.put('/api/v1/account/template/').send({
    ...draft,
    name,
    folder_id: folder.body.folder.id,
    integrations: [],
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    approvers: [],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const got = await admin.get(`/api/v1/account/template/${saved.body.id}`);
  const ids: Record<string, string> = {};
  for (const tf of got.body.template_fields as TemplateField[]) ids[tf.field.name] = String(tf.id);
  return { id: saved.body.id, ids, fieldsetName: fieldset.name };
}

beforeAll(async () => {
  ({ ctx, account, admin } = await createAdminContext());
  ({ id: templateId, ids: fields } = await marketTemplate('Markets, "quoted"', {
    id: 'TEMP_c',
    name: 'Campaign',
    governance_type: 'text',
    transformation: { case: 'lowercase', spaces: 'dash', trim: true },
  }));
  const rows = [
    { [fields.Region!]: 'Europe', [fields.Country!]: 'France', [fields.Campaign!]: 'Spring Sale' },
    { [fields.Region!]: 'europe', [fields.Country!]: 'germany', [fields.Campaign!]: 'Fall, "big" one' },
    { [fields.Region!]: 'Americas', [fields.Country!]: 'Brazil', [fields.Campaign!]: 'Carnaval' },
  ];
  const sub = await admin
    .post('/api/v1/account/submissions')
    .send({ template_id: templateId, name: 'Launches', rows });
  expect(sub.status, JSON.stringify(sub.body)).toBe(201);
  datasetId = sub.body.dataset_id;
});
afterAll(() => ctx?.close());

describe('GET /api/v1/account/datasets/{id}/data', () => {
  it('answers the rows at HEAD with their governed values, submission, submitter and time, and the columns', async () => {
    const res = await admin.get(`/api/v1/account/datasets/${datasetId}/data`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ dataset_id: datasetId, template_id: templateId, total: 3 });
    expect(res.body.columns.map((c: { name: string }) => c.name)).toEqual(['Region', 'Country', 'Campaign']);
    expect(res.body.rows.map((r: { data: Record<string, string> }) => r.data[fields.Country!])).toEqual([
      'France',
      'Germany',
      'Brazil',
    ]);
    expect(res.body.rows[0]).toMatchObject({
      submission_name: 'Launches',
      submitter: account.admin.name,
      data: { [fields.Campaign!]: 'spring-sale' },
    });
    expect(Number.isNaN(Date.parse(res.body.rows[0].submitted_at))).toBe(false);
  });

  it('filters by any value, any case, and pages', async () => {
    const byValue = await admin.get(`/api/v1/account/datasets/${datasetId}/data`).query({ q: 'EUROPE' });
    expect(byValue.body.total).toBe(2);
    const wildcard = await admin.get(`/api/v1/account/datasets/${datasetId}/data`).query({ q: '%' });
    expect(wildcard.body.total).toBe(0);
    const page = await admin.get(`/api/v1/account/datasets/${datasetId}/data`).query({ limit: 1, offset: 2 });
    expect(page.body.total).toBe(3);
    expect(page.body.rows.map((r: { data: Record<string, string> }) => r.data[fields.Country!])).toEqual([
      'Brazil',
    ]);
  });

  it('shows only the row named by row (a search hit), and nothing for a row id of no row here', async () => {
    const all = await admin.get(`/api/v1/account/datasets/${datasetId}/data`);
    const germany = all.body.rows[1] as { cv_id: string };
    const one = await admin.get(`/api/v1/account/datasets/${datasetId}/data`).query({ row: germany.cv_id });
    expect(one.status).toBe(200);
    expect(one.body.total).toBe(1);
    expect(
      one.body.rows.map((r: { cv_id: string; data: Record<string, string> }) => [
        r.cv_id,
        r.data[fields.Country!],
      ]),
    ).toEqual([[germany.cv_id, 'Germany']]);
    const none = await admin
      .get(`/api/v1/account/datasets/${datasetId}/data`)
      .query({ row: '00000000-0000-4000-8000-000000000000' });
    expect(none.body).toMatchObject({ total: 0, rows: [] });
    const blank = await admin.get(`/api/v1/account/datasets/${datasetId}/data`).query({ row: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0].path).toBe('query.row');
    const file = await admin
      .get(`/api/v1/account/datasets/${datasetId}/download`)
      .query({ row: germany.cv_id, format: 'csv' });
    expect(file.status).toBe(200);
    const lines = file.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(germany.cv_id);
  });

  it('answers 404 to another account and to a person the template is not shared with', async () => {
    const other = await createAccount(ctx, []);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await stranger.get(`/api/v1/account/datasets/${datasetId}/data`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/account/datasets/${datasetId}/download`)).status).toBe(404);
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const plain = await signIn(ctx, user.email);
    expect((await plain.get(`/api/v1/account/datasets/${datasetId}/data`)).status).toBe(404);
  });
});

describe('GET /api/v1/account/datasets/{id}/download', () => {
  it('downloads the filtered rows as CSV with a header, quoting what needs it', async () => {
    const res = await admin.get(`/api/v1/account/datasets/${datasetId}/download`).query({ q: 'europe' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Markets-quoted.csv"');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Region,Country,Campaign,Row id,Submission,Submitter,Submitted at');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Europe,France,spring-sale,[0-9a-f-]{36},Launches,/);
    expect(lines[2]).toMatch(/^Europe,Germany,"fall,-""big""-one",/);
  });

  it('heads a field whose name repeats another header with its source (its field set), so no header appears twice', async () => {
    const {
      id,
      ids: byName,
      fieldsetName,
    } = await marketTemplate('Owners', {
      id: 'TEMP_s',
      name: 'Submitter',
      governance_type: 'text',
    });
    const sub = await admin.post('/api/v1/account/submissions').send({
      template_id: id,
      name: 'Owners',
      rows: [{ [byName.Region!]: 'Europe', [byName.Country!]: 'France', [byName.Submitter!]: 'Ada' }],
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const res = await admin.get(`/api/v1/account/datasets/${sub.body.dataset_id}/download`);
    expect(res.status).toBe(200);
    const header = res.text.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toBe(
      `Region,Country,Submitter (${fieldsetName}),Row id,Submission,Submitter,Submitted at`,
    );
  });

  it('downloads every row as XLSX that a spreadsheet reader opens', async () => {
    const res = await admin
      .get(`/api/v1/account/datasets/${datasetId}/download`)
      .query({ format: 'xlsx' })
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    const file = res.body as Buffer;
    await workbook.xlsx.load(
      file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('Region');
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(2).value)).toEqual(['France', 'Germany', 'Brazil']);
  });
});

describe('formula cells in the dataset download (README "CSV files and formula cells")', () => {
  const formula = '=HYPERLINK("http://evil.example","x")';
  let formulaDataset: number;

  beforeAll(async () => {
    const { id, ids } = await marketTemplate('Notes', {
      id: 'TEMP_n',
      name: 'Note',
      governance_type: 'text',
      validation: { characters: 'any' },
      transformation: { case: 'none', spaces: 'keep', trim: true },
    });
    const sub = await admin.post('/api/v1/account/submissions').send({
      template_id: id,
      name: 'Formulas',
      rows: [
        { [ids.Region!]: 'Europe', [ids.Note!]: formula },
        { [ids.Region!]: 'Europe', [ids.Note!]: '-12' },
      ],
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    formulaDataset = sub.body.dataset_id;
  });

  it("writes a value starting with = with a leading ' in CSV, and as stored with raw=true", async () => {
    const safe = await admin.get(`/api/v1/account/datasets/${formulaDataset}/download`);
    expect(safe.status).toBe(200);
    const lines = safe.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Region,Country,Note,Row id,Submission,Submitter,Submitted at');
    expect(lines.slice(1).map((l) => l.split(',Formulas,')[0]!.replace(/,[0-9a-f-]{36}$/, ''))).toEqual([
      `Europe,,"'=HYPERLINK(""http://evil.example"",""x"")"`,
      'Europe,,-12',
    ]);
    const raw = await admin.get(`/api/v1/account/datasets/${formulaDataset}/download`).query({ raw: 'true' });
    expect(raw.status).toBe(200);
    expect(raw.text).toContain(`Europe,,"=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(raw.text).not.toContain("'=HYPERLINK");
  });

  it('writes the value in XLSX as a string cell, never a formula', async () => {
    const res = await admin
      .get(`/api/v1/account/datasets/${formulaDataset}/download`)
      .query({ format: 'xlsx' })
      .buffer(true)
      .parse(binary);
    const workbook = new ExcelJS.Workbook();
    const file = res.body as Buffer;
    await workbook.xlsx.load(
      file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
    );
    const cell = workbook.worksheets[0]!.getRow(2).getCell(3);
    expect(cell.value).toBe(formula);
    expect(cell.formula).toBeUndefined();
  });
});
