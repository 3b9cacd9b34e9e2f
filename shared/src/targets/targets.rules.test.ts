import { describe, expect, it } from 'vitest';
import {
  missingClassifications,
  multiTargetChoices,
  requiredClassifications,
  targetIssues,
} from './targets.rules';

const adobe = {
  name: 'Prod',
  connector_type_id: 1,
  connector_id: 4,
  remote_realm_id: 'acme.prod',
  remote_target_id: 'ds-1',
};
const google = {
  name: 'GA',
  connector_type_id: 2,
  connector_id: 5,
  ga_account_id: '1',
  ga_property_id: 'UA-1',
  ga_custom_data_source_id: 'cds',
};

describe('targetIssues (spec 01 §5)', () => {
  it('passes an Adobe target with a report and a Google target with a custom data source', () => {
    expect(targetIssues(adobe)).toEqual([]);
    expect(targetIssues(google)).toEqual([]);
  });

  it('needs a name, an account and a report (Adobe) or a custom data source (Google)', () => {
    expect(targetIssues({ ...adobe, name: ' ', connector_id: null, remote_target_id: '' })).toEqual([
      { path: 'body.name', message: 'Required' },
      { path: 'body.connector_id', message: 'Required' },
      { path: 'body.remote_target_id', message: 'Required' },
    ]);
    expect(targetIssues({ ...google, ga_custom_data_source_id: '' })).toEqual([
      { path: 'body.ga_custom_data_source_id', message: 'Required' },
    ]);
  });

  it('needs an email address when the confirmation email is on', () => {
    expect(targetIssues({ ...adobe, use_aa_confirmation_email: true })).toEqual([
      { path: 'body.aa_confirmation_email', message: 'Required' },
    ]);
    expect(targetIssues({ ...adobe, use_aa_confirmation_email: true, aa_confirmation_email: 'ops' })).toEqual(
      [{ path: 'body.aa_confirmation_email', message: 'Enter an email address' }],
    );
    expect(
      targetIssues({ ...adobe, use_aa_confirmation_email: true, aa_confirmation_email: 'ops@acme.test' }),
    ).toEqual([]);
  });
});

describe('multi-target compatibility (spec 01 §2.5)', () => {
  it('requires the mapped classifications, or all of the report’s while none is mapped', () => {
    expect(requiredClassifications(['Channel', 'Creative'], [])).toEqual(['Channel', 'Creative']);
    expect(requiredClassifications(['Channel', 'Creative'], ['Channel'])).toEqual(['Channel']);
    expect(missingClassifications(['Channel', 'Creative'], ['channel ', 'Audience'])).toEqual(['Creative']);
  });

  it('offers reports that are compatible, not the target’s own and not added yet, except the one edited', () => {
    const candidates = [
      { remote_realm_id: 'prod', remote_target_id: 'a', classifications_names: ['Channel'] },
      { remote_realm_id: 'stage', remote_target_id: 'b', classifications_names: ['Channel', 'Creative'] },
      { remote_realm_id: 'stage', remote_target_id: 'c', classifications_names: ['Creative'] },
      { remote_realm_id: 'eu', remote_target_id: 'd', classifications_names: ['CHANNEL'] },
    ];
    const context = {
      own: { remote_realm_id: 'prod', remote_target_id: 'a' },
      added: [{ remote_realm_id: 'eu', remote_target_id: 'd' }],
      required: ['Channel'],
    };
    expect(multiTargetChoices(candidates, context).map((c) => c.remote_target_id)).toEqual(['b']);
    expect(
      multiTargetChoices(candidates, {
        ...context,
        keep: { remote_realm_id: 'eu', remote_target_id: 'd' },
      }).map((c) => c.remote_target_id),
    ).toEqual(['b', 'd']);
  });
});
