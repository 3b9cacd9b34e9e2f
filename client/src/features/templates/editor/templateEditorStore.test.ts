import { newTemplate, type TemplateIssue } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { createTemplateEditorStore, issueTargetKey } from './templateEditorStore';

const context = { featureFlags: [] };
const fresh = () => newTemplate({ templateName: '', now: new Date('2026-11-23T00:00:00Z') });

describe('template editor store (spec 03 §4 "Template editing state")', () => {
  it("sets the changed flag on the user's edits only, and clears it on reset", () => {
    const store = createTemplateEditorStore(fresh(), { validation: context });
    store.update((d) => ({ ...d, description: 'from the server' }), 'system');
    expect(store.getState().changed).toBe(false);
    store.update((d) => ({ ...d, name: 'Paid social' }));
    expect(store.getState().changed).toBe(true);
    store.reset(store.getState().draft);
    expect(store.getState().changed).toBe(false);
  });

  it('keeps the draft and notifies nobody when a recipe changes nothing', () => {
    const store = createTemplateEditorStore(fresh(), { validation: context });
    let notified = 0;
    store.subscribe(() => {
      notified += 1;
    });
    const before = store.getState().draft;
    store.update((d) => d);
    expect(store.getState().draft).toBe(before);
    expect(notified).toBe(0);
  });

  it('validates once per draft: the name error goes once the name is typed', () => {
    const store = createTemplateEditorStore(fresh(), { validation: context });
    const first = store.issues();
    expect(store.issues()).toBe(first);
    expect(first.map((i) => i.messageId)).toContain('templateNameRequired');
    store.update((d) => ({ ...d, name: 'Paid social' }));
    expect(store.issues().map((i) => i.messageId)).not.toContain('templateNameRequired');
  });

  it('gives every jump a new nonce, so the same issue highlights again', () => {
    const store = createTemplateEditorStore(fresh(), { validation: context });
    store.focus('field:12', 'govern');
    const first = store.getState().focus;
    store.focus('field:12', 'govern');
    expect(store.getState().focus?.key).toBe('field:12');
    expect(store.getState().focus?.nonce).not.toBe(first?.nonce);
  });
});

describe('issueTargetKey (spec 03 §5: an issue names its field or integration and a step)', () => {
  const base: TemplateIssue = { type: 'ERROR', messageId: 'templateNameRequired', params: {}, step: 'setup' };
  it('names the field, else the integration, else the step and message', () => {
    expect(issueTargetKey({ ...base, fieldId: 12, step: 'govern' })).toBe('field:12');
    expect(issueTargetKey({ ...base, integrationId: 'TEMP_ab', step: 'connect' })).toBe(
      'integration:TEMP_ab',
    );
    expect(issueTargetKey(base)).toBe('step:setup:templateNameRequired');
  });
});
