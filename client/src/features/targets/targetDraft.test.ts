import { describe, expect, it } from 'vitest';
import {
  emptyTargetDraft,
  isSameDraft,
  saveBlockedReason,
  withConnector,
  withFieldFor,
  withRealm,
  withReport,
  withSameNamedFields,
  withType,
} from './targetDraft';

const chosen = {
  ...emptyTargetDraft(),
  name: 'Prod',
  connector_id: 4,
  remote_realm_id: 'acme.prod',
  realm_name: 'Acme Production',
  remote_target_id: 'ds-1',
  target_fields: [
    { field_id: 1, classification_name: 'Channel' },
    { field_id: 2, classification_name: 'Creative' },
  ],
};

describe('target draft', () => {
  it('a new account or type clears everything read through the old one', () => {
    expect(withConnector(chosen, 5)).toMatchObject({
      connector_id: 5,
      remote_realm_id: '',
      remote_target_id: '',
      target_fields: [],
    });
    expect(withType(chosen, 2)).toMatchObject({
      connector_type_id: 2,
      connector_id: null,
      remote_realm_id: '',
    });
    expect(withConnector(chosen, 4)).toBe(chosen);
  });

  it('a new report suite clears the report; a new report keeps the fields of classifications it also has', () => {
    expect(withRealm(chosen, { remote_realm_id: 'acme.stage', realm_name: 'Staging' })).toMatchObject({
      realm_name: 'Staging',
      remote_target_id: '',
      target_fields: [],
    });
    expect(
      withReport(chosen, { id: 'ds-2', classifications_names: ['channel', 'Audience'] }).target_fields,
    ).toEqual([{ field_id: 1, classification_name: 'Channel' }]);
  });

  it('maps, unmaps and auto-maps same-named fields only when one field has the name', () => {
    const unmapped = withFieldFor(chosen, 'creative', null);
    expect(unmapped.target_fields).toEqual([{ field_id: 1, classification_name: 'Channel' }]);
    const auto = withSameNamedFields(
      unmapped,
      ['Channel', 'Creative', 'Audience'],
      [
        { id: 7, name: 'creative' },
        { id: 8, name: 'Audience' },
        { id: 9, name: 'audience' },
      ],
    );
    expect(auto.target_fields).toEqual([
      { field_id: 1, classification_name: 'Channel' },
      { field_id: 7, classification_name: 'Creative' },
    ]);
  });

  it('says why Save is disabled (spec 01 §5)', () => {
    expect(saveBlockedReason(emptyTargetDraft(), true)).toBe(
      'Complete the name, connected account, report suite, report first',
    );
    expect(saveBlockedReason(chosen, false)).toBe('No changes to save');
    expect(saveBlockedReason(chosen, true)).toBeNull();
  });

  it('compares drafts regardless of the order of their fields', () => {
    expect(isSameDraft(chosen, { ...chosen, target_fields: [...chosen.target_fields].reverse() })).toBe(true);
    expect(isSameDraft(chosen, { ...chosen, nickname: 'x' })).toBe(false);
  });
});
