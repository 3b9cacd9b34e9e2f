import { createIntegrationAssignment } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOAuthConnector } from '../../test/connectors';
import {
  type AdminContext,
  createAccount,
  createAdminContext,
  createUser,
  type SignedIn,
  signIn,
  withEmbeddedAdmin,
} from '../../test/test-context';

// What a template save refuses or corrects so that no stored template is one nobody can use
// (spec 03 §3, §5; spec 01 §5): the stored pattern's segments, TEMP_ references within the save,
// Snowflake's forced file settings, the first problem in the message, approvers and connected
// accounts. The pattern and reference flows run on PostgreSQL and on the embedded database.

type Agent = SignedIn | Parameters<Parameters<typeof withEmbeddedAdmin>[1]>[0];

let c: AdminContext;

beforeAll(async () => {
  c = await createAdminContext();
});
afterAll(() => c.ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);

async function newFolder(agent: Agent): Promise<number> {
  const res = await agent.put('/api/v1/account/folder').send({ name: `Folder ${unique()}`, description: '' });
  expect(res.status).toBe(200);
  return res.body.folder.id;
}

async function newFieldset(agent: Agent): Promise<{ id: number; fields: { id: number; name: string }[] }> {
  const res = await agent.put('/api/v1/account/fieldsets').send({
    name: `Campaign fields ${unique()}`,
    description: '',
    fields: [{ id: 'TEMP_name', name: 'Campaign name', governance_type: 'text' }],
  });
  expect(res.status).toBe(200);
  return res.body.fieldset;
}

/** The template field of field set field `field`. */
function setField(set: { id: number }, field: { id: number; name: string }, precedence: number) {
  return {
    id: `TEMP_set${field.id}`,
    field_id: field.id,
    field: { id: field.id, name: field.name, governance_type: 'text', fieldset_id: set.id },
    precedence,
    governance_type: 'text',
  };
}

interface SavedPattern {
  id: number;
  name: string;
  segments: { id: number; name: string; segment_type: string; segment_precedence: number }[];
}

/** A pattern with a variable segment "Campaign" and a constant segment "Brand". */
async function newPattern(agent: Agent): Promise<SavedPattern> {
  const res = await agent.put('/api/v1/account/field/').send({
    id: null,
    name: `Campaign code ${unique()}`,
    description: '',
    delimiter: '_',
    segments: [
      { id: 'TEMP_v', segment_type: 'variable', name: 'Campaign', segment_precedence: 0 },
      {
        id: 'TEMP_c',
        segment_type: 'constant',
        name: 'Brand',
        constant_value: 'ACME',
        segment_precedence: 1,
      },
    ],
  });
  expect(res.status).toBe(200);
  return res.body.pattern;
}

/** The pattern field, without the optional `segments` unless given. */
function patternField(pattern: SavedPattern, segments?: SavedPattern['segments']) {
  return {
    id: 'TEMP_pattern',
    field_id: pattern.id,
    field: { id: pattern.id, name: pattern.name, governance_type: 'pattern', is_pattern: true },
    precedence: 0,
    governance_type: 'pattern',
    ...(segments ? { segments } : {}),
  };
}

/** The template field of one of the pattern's segments. */
function segmentField(pattern: SavedPattern, name: string) {
  const segment = pattern.segments.find((s) => s.name === name)!;
  const isVariable = segment.segment_type === 'variable';
  return {
    id: `TEMP_seg${segment.id}`,
    field_id: segment.id,
    field: {
      id: segment.id,
      name: segment.name,
      governance_type: isVariable ? 'text' : 'constant',
      segment_parent_field_id: pattern.id,
      segment_type: segment.segment_type,
      segment_id: segment.id,
    },
    precedence: segment.segment_precedence + 1,
    governance_type: isVariable ? 'text' : 'constant',
    required: isVariable,
    visible_on_form: isVariable,
    constant_value: isVariable ? null : 'ACME',
  };
}

async function templateCount(agent: Agent): Promise<number> {
  return (await agent.get('/api/v1/account/template')).body.data.length;
}

/**
 * Item of spec 03 §5 "pattern segments must exist in the template", read from the stored pattern:
 * a pattern field sent without `segments`, or with a copy missing a segment, and no field for the
 * segment "Campaign" is refused naming it; with a field per stored segment it saves, and the
 * pattern field takes the stored segments.
 */
async function expectStoredPatternSegmentsDecide(agent: Agent): Promise<void> {
  const folderId = await newFolder(agent);
  const pattern = await newPattern(agent);
  const before = await templateCount(agent);

  const withoutSegments = await agent.put('/api/v1/account/template/').send({
    name: `Pattern template ${unique()}`,
    folder_id: folderId,
    template_fields: [patternField(pattern), segmentField(pattern, 'Brand')],
  });
  expect(withoutSegments.status).toBe(400);
  expect(withoutSegments.body.message).toBe(
    `${pattern.name}: the field of segment Campaign is not in the template`,
  );
  expect(withoutSegments.body.issues[0].path).toBe('body.template_fields.0');

  // A copy of the segments that leaves "Campaign" out does not decide either.
  const brandOnly = pattern.segments.filter((s) => s.name === 'Brand');
  const staleCopy = await agent.put('/api/v1/account/template/').send({
    name: `Pattern template ${unique()}`,
    folder_id: folderId,
    template_fields: [patternField(pattern, brandOnly), segmentField(pattern, 'Brand')],
  });
  expect(staleCopy.status).toBe(400);
  expect(staleCopy.body.message).toContain('segment Campaign');
  expect(await templateCount(agent)).toBe(before);

  const complete = await agent.put('/api/v1/account/template/').send({
    name: `Pattern template ${unique()}`,
    folder_id: folderId,
    template_fields: [
      patternField(pattern),
      segmentField(pattern, 'Campaign'),
      segmentField(pattern, 'Brand'),
    ],
  });
  expect(complete.status).toBe(200);
  const saved = (await agent.get(`/api/v1/account/template/${complete.body.id}`)).body;
  expect(saved.template_fields[0].segments.map((s: { name: string }) => s.name)).toEqual([
    'Campaign',
    'Brand',
  ]);
  expect(saved.template_fields[1].field).toMatchObject({
    segment_parent_field_id: pattern.id,
    segment_id: pattern.segments[0]!.id,
  });
}

/**
 * Spec 03 §3: references (autofill, concatenation pieces, link parameters) may name a field added
 * in the same save by its TEMP_ id; the save stores the ids of the fields it created. A TEMP_ id
 * naming nothing of the save is refused.
 */
async function expectTempReferencesResolved(agent: Agent): Promise<void> {
  const folderId = await newFolder(agent);
  const set = await newFieldset(agent);
  const name = set.fields[0]!;
  const region = {
    id: 'TEMP_region',
    field_id: null,
    field: { id: null, name: 'Region', governance_type: 'text' },
    precedence: 1,
    governance_type: 'text',
  };
  const copy = (sourceId: string) => ({
    id: 'TEMP_copy',
    field_id: null,
    field: { id: null, name: 'Region copy', governance_type: 'autofill' },
    precedence: 2,
    governance_type: 'autofill',
    autofill: { field_id: sourceId },
  });
  const joined = {
    id: 'TEMP_joined',
    field_id: 'TEMP_joinedfield',
    field: { id: 'TEMP_joinedfield', name: 'Joined', governance_type: 'concatenation' },
    precedence: 3,
    governance_type: 'concatenation',
    concatenation_governance: { field_ids: ['TEMP_region', name.id], delimiter: '_' },
  };
  const link = {
    id: 'TEMP_link',
    field_id: 'TEMP_linkfield',
    field: { id: 'TEMP_linkfield', name: 'Link', governance_type: 'link' },
    precedence: 4,
    governance_type: 'link',
  };
  const body = (sourceId: string, parameterFieldId: string) => ({
    name: `Reference template ${unique()}`,
    folder_id: folderId,
    fieldsets: [set.id],
    template_fields: [setField(set, name, 0), region, copy(sourceId), joined, link],
    parameters: [
      { id: 'TEMP_p', name: 'region', field_id: parameterFieldId, template_field_id: 'TEMP_region' },
    ],
  });

  const res = await agent.put('/api/v1/account/template/').send(body('TEMP_region', 'TEMP_region'));
  expect(res.status).toBe(200);
  const saved = (await agent.get(`/api/v1/account/template/${res.body.id}`)).body;
  const [, savedRegion, savedCopy, savedJoined] = saved.template_fields;
  expect(typeof savedRegion.field_id).toBe('number');
  expect(savedCopy.autofill).toEqual({ field_id: savedRegion.field_id });
  expect(savedJoined.concatenation_governance.field_ids).toEqual([savedRegion.field_id, name.id]);
  expect(saved.parameters).toHaveLength(1);
  expect(saved.parameters[0]).toMatchObject({
    field_id: savedRegion.field_id,
    template_field_id: savedRegion.id,
  });

  const before = await templateCount(agent);
  const unknownSource = await agent
    .put('/api/v1/account/template/')
    .send(body('TEMP_nothing', 'TEMP_region'));
  expect(unknownSource.status).toBe(400);
  expect(unknownSource.body.message).toBe('Region copy: the field it autofills from is not in the template');
  const unknownParameterField = await agent
    .put('/api/v1/account/template/')
    .send(body('TEMP_region', 'TEMP_nothing'));
  expect(unknownParameterField.status).toBe(400);
  expect(unknownParameterField.body.issues[0].path).toBe('body.parameters.0.field_id');
  expect(await templateCount(agent)).toBe(before);
}

describe('PUT /api/v1/account/template/: patterns and references', () => {
  it("refuses a pattern field missing a field for one of the stored pattern's segments, naming it", async () => {
    await expectStoredPatternSegmentsDecide(c.admin);
  });

  it('resolves TEMP_ ids of autofill, concatenation and link parameters to the fields the save creates', async () => {
    await expectTempReferencesResolved(c.admin);
  });

  it('does both on the embedded database', async () => {
    await withEmbeddedAdmin(c.ctx, async (agent) => {
      await expectStoredPatternSegmentsDecide(agent);
      await expectTempReferencesResolved(agent);
    });
  });
});

describe('PUT /api/v1/account/template/: integrations', () => {
  function assignment(slug: string, extra: Record<string, unknown> = {}) {
    return { ...createIntegrationAssignment(slug, { templateName: 'T', now: new Date() }), ...extra };
  }

  it('forces csv, comma and the filename pattern "output" on a Snowflake push', async () => {
    const folderId = await newFolder(c.admin);
    const snowflake = await insertOAuthConnector(c.ctx, {
      accountId: c.account.id,
      type: 'snowflake',
      accessToken: 's',
    });
    const res = await c.admin.put('/api/v1/account/template/').send({
      name: `Warehouse ${unique()}`,
      folder_id: folderId,
      integrations: [
        assignment('snowflake-push', {
          connector_id: snowflake,
          file_type: ['xlsx'],
          delimiter: 'tab',
          filename_pattern: '{template_name}',
        }),
      ],
    });
    expect(res.status).toBe(200);
    const [saved] = (await c.admin.get(`/api/v1/account/template/${res.body.id}`)).body.integrations;
    expect(saved).toMatchObject({
      slug: 'snowflake-push',
      file_type: ['csv'],
      delimiter: 'comma',
      filename_pattern: 'output',
    });
  });

  it('refuses a connected account of another account, an unknown one or one of another type, naming the integration', async () => {
    const folderId = await newFolder(c.admin);
    const other = await createAccount(c.ctx);
    const foreign = await insertOAuthConnector(c.ctx, {
      accountId: other.id,
      type: 'snowflake',
      accessToken: 'f',
    });
    const tiktok = await insertOAuthConnector(c.ctx, {
      accountId: c.account.id,
      type: 'tiktok',
      accessToken: 't',
    });
    const snowflake = await insertOAuthConnector(c.ctx, {
      accountId: c.account.id,
      type: 'snowflake',
      accessToken: 's',
    });
    const before = await templateCount(c.admin);
    const save = (connectorId: number) =>
      c.admin.put('/api/v1/account/template/').send({
        name: `Warehouse ${unique()}`,
        folder_id: folderId,
        integrations: [assignment('snowflake-push', { name: 'Nightly load', connector_id: connectorId })],
      });
    for (const connectorId of [foreign, 2_000_000_000, tiktok]) {
      const res = await save(connectorId);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Nightly load: /);
      expect(res.body.issues[0].path).toBe('body.integrations.0.connector_id');
    }
    expect(await templateCount(c.admin)).toBe(before);

    const ok = await save(snowflake);
    expect(ok.status).toBe(200);
    const [saved] = (await c.admin.get(`/api/v1/account/template/${ok.body.id}`)).body.integrations;
    expect(saved).toMatchObject({ connector_id: snowflake, connector_type_id: expect.any(Number) });
  });
});

describe('PUT /api/v1/account/template/: refusals', () => {
  it('names the first problem in the message and keeps every problem in issues', async () => {
    const folderId = await newFolder(c.admin);
    const set = await newFieldset(c.admin);
    const res = await c.admin.put('/api/v1/account/template/').send({
      name: `Broken ${unique()}`,
      folder_id: folderId,
      fieldsets: [set.id],
      template_fields: [{ ...setField(set, set.fields[0]!, 0), governance_type: null }],
      integrations: [
        {
          ...createIntegrationAssignment('snowflake-push', { templateName: 'T', now: new Date() }),
          name: 'Nightly load',
          metadata: { tableName: 'select' },
        },
      ],
    });
    expect(res.status).toBe(400);
    // The missing account alone would make the integration "Not ready", not refuse the save.
    expect(res.body.message).toBe('Campaign name: choose a governance type (and 1 more problem)');
    expect(res.body.issues).toEqual([
      { path: 'body.template_fields.0', message: 'Campaign name: choose a governance type' },
      { path: 'body.integrations.0', message: 'Nightly load: Cannot be a reserved SQL keyword.' },
    ]);
  });

  it('refuses approvers who may not approve as approvers add does, naming them', async () => {
    const folderId = await newFolder(c.admin);
    const user = await createUser(c.ctx, c.account.id, { role: 'USER', name: 'Uma User' });
    const manager = await createUser(c.ctx, c.account.id, { role: 'MANAGER', name: 'Max Manager' });
    const owner = await createUser(c.ctx, c.account.id, { role: 'ADMIN', name: 'Olive Owner' });
    const save = (approvers: number[], agent: SignedIn = c.admin, folder = folderId) =>
      agent.put('/api/v1/account/template/').send({
        name: `Approved ${unique()}`,
        folder_id: folder,
        settings: { require_identifier: 0, require_approval: 1, enable_auto_submit: 0 },
        approvers,
      });
    // A template that does not require approval has no one deciding: it saves whoever it holds,
    // and refuses them once it requires approval.
    const unapproved = await c.admin.put('/api/v1/account/template/').send({
      name: `Unapproved ${unique()}`,
      folder_id: folderId,
      settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
      approvers: [user.id],
    });
    expect(unapproved.status, JSON.stringify(unapproved.body)).toBe(200);
    const before = await templateCount(c.admin);
    const refusedUser = await save([owner.id, user.id]);
    expect(refusedUser.status).toBe(400);
    expect(refusedUser.body.message).toBe('Uma User cannot approve templates: approvers must be owners');
    expect(refusedUser.body.issues[0].path).toBe('body.approvers.1');
    const refusedManager = await save([manager.id]);
    expect(refusedManager.status).toBe(400);
    expect(refusedManager.body.message).toBe(
      'Max Manager cannot approve templates: approvers must be owners',
    );
    expect(await templateCount(c.admin)).toBe(before);

    // The approvers add answers the same refusal.
    const saved = await save([owner.id]);
    expect(saved.status).toBe(200);
    const added = await c.admin
      .post('/api/v1/account/approvers/add')
      .send({ template_id: saved.body.id, approvers: [manager.id] });
    expect(added.status).toBe(400);
    expect(added.body).toMatchObject({
      message: refusedManager.body.message,
      issues: refusedManager.body.issues,
    });

    // With manager-approvals a manager approves; a user still does not.
    const flagged = await createAccount(c.ctx, ['manager-approvals']);
    const flaggedAdmin = await signIn(c.ctx, flagged.admin.email);
    const flaggedFolder = await newFolder(flaggedAdmin);
    const flaggedManager = await createUser(c.ctx, flagged.id, { role: 'MANAGER' });
    const flaggedUser = await createUser(c.ctx, flagged.id, { role: 'USER', name: 'Ursula User' });
    expect((await save([flaggedManager.id], flaggedAdmin, flaggedFolder)).status).toBe(200);
    const stillRefused = await save([flaggedUser.id], flaggedAdmin, flaggedFolder);
    expect(stillRefused.status).toBe(400);
    expect(stillRefused.body.message).toBe(
      'Ursula User cannot approve templates: approvers must be owners or managers',
    );
  });
});
