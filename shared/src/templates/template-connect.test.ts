import { describe, expect, it } from 'vitest';
import { createIntegrationAssignment } from '../integrations/editing';
import { addIntegration, integrationIdsByList, updateIntegration } from './template-connect';
import { newTemplate } from './template-editing';

const context = { templateName: 'Spring', now: new Date(Date.UTC(2026, 3, 1)) };

describe('addIntegration', () => {
  it('appends a new TEMP_ assignment with its type defaults and keeps the others', () => {
    const template = newTemplate(context);
    const [mail] = template.integrations;
    const { template: next, id } = addIntegration(template, 'tiktok-inbound', context);
    expect(String(id)).toMatch(/^TEMP_/);
    expect(next.integrations).toHaveLength(2);
    expect(next.integrations[0]).toBe(mail);
    expect(next.integrations[1]).toMatchObject({ id, slug: 'tiktok-inbound', integration_type: 'INPUT' });
  });
});

describe('updateIntegration', () => {
  it('replaces one assignment and keeps the identity of the others', () => {
    const { template } = addIntegration(newTemplate(context), 'tiktok-inbound', context);
    const [mail, tiktok] = template.integrations;
    const next = updateIntegration(template, tiktok!.id, (a) => ({ ...a, name: 'Ads in' }));
    expect(next.integrations[0]).toBe(mail);
    expect(next.integrations[1]?.name).toBe('Ads in');
    expect(template.integrations[1]?.name).toBe('TikTok inbound');
  });

  it('answers the same template for an unknown id or an unchanged assignment', () => {
    const template = newTemplate(context);
    expect(updateIntegration(template, 'TEMP_nope', (a) => ({ ...a, name: 'x' }))).toBe(template);
    expect(updateIntegration(template, template.integrations[0]!.id, (a) => a)).toBe(template);
  });
});

describe('integrationIdsByList', () => {
  it('puts inputs in Inbound, outputs and supplemental ones in Outbound (spec 03 §2)', () => {
    const a = (slug: string) => createIntegrationAssignment(slug, context);
    const list = [a('email-output'), a('tiktok-inbound'), a('bitly'), a('sftp-pull')];
    expect(integrationIdsByList(list)).toEqual({
      inbound: [list[1]!.id, list[3]!.id],
      outbound: [list[0]!.id, list[2]!.id],
    });
  });
});
