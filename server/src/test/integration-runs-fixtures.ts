import {
  addFieldsetFields,
  createIntegrationAssignment,
  newTemplate,
  type TemplateField,
} from '@nomen/shared';
import { expect, vi } from 'vitest';
import type { SftpPeer } from '../../../tests/peers/sftp-peer';
import type { signIn } from './test-context';

/** A signed-in supertest agent. */
type SignedIn = Awaited<ReturnType<typeof signIn>>;

/** A template for integration run tests: two text fields and the given integrations. */
export interface RunTemplate {
  id: number;
  /** Template field ids of Campaign and Channel. */
  fields: { campaign: number; channel: number };
  integrations: { id: number; slug: string; name: string }[];
}

/**
 * Saves through `agent` a connected SFTP account (password sign-in) on the local peer `sftp`, with
 * `overrides` over its metadata (another port, a wrong password); answers its id. Expects 200.
 */
export async function sftpConnectorOn(
  agent: SignedIn,
  sftp: SftpPeer,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await agent.post('/api/v1/account/connector/').send({
    name: `SFTP ${Math.random().toString(36).slice(2, 6)}`,
    connector_type_slug: 'sftp',
    metadata: {
      host: sftp.host,
      port: sftp.port,
      username: sftp.username,
      auth_type: 'password',
      password: sftp.password,
      ...overrides,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** A new assignment of `slug` as the editor makes it, with `extra` over its defaults. */
export function outbound(slug: string, extra: Record<string, unknown> = {}) {
  return { ...createIntegrationAssignment(slug, { templateName: 'Exports', now: new Date() }), ...extra };
}

/**
 * Saves (in `agent`'s account) a field set with the text fields Campaign and Channel, a folder
 * and a template of them carrying `integrations`; answers the saved template. With `later`, the
 * template is saved again with the integrations it makes from the template field ids.
 */
export async function makeRunTemplate(
  agent: SignedIn,
  integrations: unknown[],
  later?: (fields: RunTemplate['fields']) => unknown[],
): Promise<RunTemplate> {
  const tag = Math.random().toString(36).slice(2, 8);
  const set = await agent.put('/api/v1/account/fieldsets').send({
    name: `Export fields ${tag}`,
    fields: [
      { id: 'TEMP_a', name: 'Campaign', governance_type: 'text', validation: { characters: 'any' } },
      { id: 'TEMP_b', name: 'Channel', governance_type: 'text', validation: { characters: 'any' } },
    ],
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const folder = await agent.put('/api/v1/account/folder').send({ name: `Exports ${tag}`, description: '' });
  expect(folder.status).toBe(200);
  const draft = addFieldsetFields(
    newTemplate({ templateName: 'Exports', now: new Date() }),
    set.body.fieldset,
  );
  const saved = await agent.put('/api/v1/account/template/').send({
    ...draft,
    name: `Exports ${tag}`,
    folder_id: folder.body.folder.id,
    integrations,
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  let got = await agent.get(`/api/v1/account/template/${saved.body.id}`);
  const templateFields = got.body.template_fields as TemplateField[];
  const idOf = (name: string) => templateFields.find((f) => f.field.name === name)!.id as number;
  const fields = { campaign: idOf('Campaign'), channel: idOf('Channel') };
  if (later) {
    const again = await agent
      .put('/api/v1/account/template/')
      .send({ ...got.body, integrations: later(fields) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    got = await agent.get(`/api/v1/account/template/${saved.body.id}`);
  }
  return { id: saved.body.id, fields, integrations: got.body.integrations };
}

/** Submits rows `[campaign, channel][]` through the template; answers the submission id. */
export async function submitRows(
  agent: SignedIn,
  template: RunTemplate,
  rows: [string, string][],
  name = 'Week 12',
): Promise<number> {
  const res = await agent.post('/api/v1/account/submissions').send({
    template_id: template.id,
    name,
    rows: rows.map(([campaign, channel]) => ({
      [template.fields.campaign]: campaign,
      [template.fields.channel]: channel,
    })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** One run as the API answers it (the fields tests read). */
export interface RunView {
  id: number;
  status: string;
  attempts: number;
  message: string;
  files: string[];
  slug: string;
  log: { attempt: number; message: string }[];
}

/** Waits until every run of the submission has ended (Success or Failed); answers them. */
export async function endedRuns(agent: SignedIn, submissionId: number, timeout = 30_000): Promise<RunView[]> {
  return vi.waitFor(
    async () => {
      const res = await agent.get(`/api/v1/account/submissions/${submissionId}/integration-runs`);
      expect(res.status).toBe(200);
      const runs = res.body.data as RunView[];
      expect(runs.length).toBeGreaterThan(0);
      for (const r of runs) expect(['Success', 'Failed'], JSON.stringify(r)).toContain(r.status);
      return runs;
    },
    { timeout, interval: 200 },
  );
}

/**
 * Saves a field set of 7 unused fields, so that the account's saved field ids run ahead of its
 * template field ids: integrations name saved fields (mapping cvFieldId, identifier and dcm
 * metadata) while rows are keyed by template field, and a delivery that confused the two would
 * otherwise pass whenever the ids happened to agree.
 */
export async function offsetFieldIds(agent: SignedIn): Promise<void> {
  const res = await agent.put('/api/v1/account/fieldsets').send({
    name: `Unused fields ${Math.random().toString(36).slice(2, 8)}`,
    fields: Array.from({ length: 7 }, (_, i) => ({
      id: `TEMP_${i}`,
      name: `Unused ${i}`,
      governance_type: 'text',
      validation: { characters: 'any' },
    })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * A template (in `admin`'s account) whose one integration is `slug` on `connectorId` with
 * `metadata` and `filters`, mapping name,
 * impressions, clicks, spend and conversions to fields of their own; answers the assignment and
 * how to read a submission's rows as those five cells.
 */
export async function metricsTemplate(
  admin: SignedIn,
  slug: string,
  connectorId: number,
  metadata: Record<string, string>,
  filters: { integrationFilterId: string; values: string[] }[] = [],
): Promise<{ assignmentId: number; cellsOf: (submissionId: number) => Promise<string[][]> }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const columns = ['name', 'impressions', 'clicks', 'spend', 'conversions'];
  const set = await admin.put('/api/v1/account/fieldsets').send({
    name: `Metrics ${tag}`,
    fields: columns.map((c, i) => ({
      id: `TEMP_${i}`,
      name: `${c} ${tag}`,
      governance_type: 'text',
      validation: { characters: 'any' },
    })),
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const folder = await admin.put('/api/v1/account/folder').send({ name: `Metrics ${tag}`, description: '' });
  expect(folder.status).toBe(200);
  const first = await admin.put('/api/v1/account/template/').send({
    ...addFieldsetFields(newTemplate({ templateName: 'Metrics', now: new Date() }), set.body.fieldset),
    name: `Metrics ${tag}`,
    folder_id: folder.body.folder.id,
    integrations: [],
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
  });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const again = await admin.get(`/api/v1/account/template/${first.body.id}`);
  const fields = again.body.template_fields as { id: number; field_id: number; field: { name: string } }[];
  const fieldOf = (c: string) => fields.find((f) => f.field.name === `${c} ${tag}`)!;
  const saved = await admin.put('/api/v1/account/template/').send({
    ...again.body,
    integrations: [
      outbound(slug, {
        name: `${slug} metrics`,
        connector_id: connectorId,
        metadata,
        filters,
        mapping_fields: columns.map((c) => ({
          fieldName: c,
          label: c,
          cvFieldId: fieldOf(c).field_id,
          required: false,
        })),
      }),
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const integrations = (await admin.get(`/api/v1/account/template/${first.body.id}`)).body.integrations;
  return {
    assignmentId: integrations[0].id,
    cellsOf: async (submissionId) => {
      const res = await admin.get(`/api/v1/account/submissions/${submissionId}`);
      expect(res.status).toBe(200);
      return (res.body.rows as { data: Record<string, string> }[]).map((r) =>
        columns.map((c) => r.data[fieldOf(c).id] ?? ''),
      );
    },
  };
}

/**
 * Saves a run template (`makeRunTemplate`, no integrations) again with the one integration `make`
 * builds from the field library ids behind its Campaign and Channel fields (the ids mapping
 * fields name as cvFieldId); answers the template with its saved integrations.
 */
export async function templateWithIntegration(
  agent: SignedIn,
  make: (fieldIds: RunTemplate['fields']) => unknown,
): Promise<RunTemplate> {
  const base = await makeRunTemplate(agent, []);
  const got = await agent.get(`/api/v1/account/template/${base.id}`);
  const fieldOf = (templateFieldId: number) =>
    (got.body.template_fields as { id: number; field_id: number }[]).find((f) => f.id === templateFieldId)!
      .field_id;
  const saved = await agent.put('/api/v1/account/template/').send({
    ...got.body,
    integrations: [make({ campaign: fieldOf(base.fields.campaign), channel: fieldOf(base.fields.channel) })],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return {
    ...base,
    integrations: (await agent.get(`/api/v1/account/template/${base.id}`)).body.integrations,
  };
}

/** One run of an inbound assignment as the API answers it (the fields tests read). */
export interface InboundRun {
  id: number;
  status: string;
  attempts: number;
  message: string;
  submission_id: number | null;
}

/**
 * Clicks "Sync now" on inbound assignment `assignmentId` (POST …/sync answers 201) and waits
 * until that run ends (Success or Failed); answers it.
 */
export async function syncAndWait(agent: SignedIn, assignmentId: number): Promise<InboundRun> {
  const res = await agent.post(`/api/v1/integration-assignments/${assignmentId}/sync`);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const runId = res.body.id as number;
  return vi.waitFor(
    async () => {
      const runs = await agent.get(`/api/v1/integration-assignments/${assignmentId}/runs`);
      const run = (runs.body.data as InboundRun[]).find((r) => r.id === runId)!;
      expect(['Success', 'Failed'], JSON.stringify(run)).toContain(run.status);
      return run;
    },
    { timeout: 30_000, interval: 200 },
  );
}

/** The rows of Draft submission `submissionId` as [Campaign, Channel] cells; expects it a Draft. */
export async function draftRows(agent: SignedIn, template: RunTemplate, submissionId: number) {
  const res = await agent.get(`/api/v1/account/submissions/${submissionId}`);
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('Draft');
  return (res.body.rows as { data: Record<string, string> }[]).map((r) => [
    r.data[template.fields.campaign] ?? '',
    r.data[template.fields.channel] ?? '',
  ]);
}
