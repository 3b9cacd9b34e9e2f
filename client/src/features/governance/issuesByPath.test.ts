import { describe, expect, it } from 'vitest';
import { issuesByPath, issuesUnder } from './issuesByPath';

describe('issuesByPath', () => {
  it('gives each nested message its dotted path', () => {
    const errors = {
      name: { type: 'too_small', message: 'Required' },
      list_governance: { list_id: { type: 'invalid_type', message: 'Required', ref: { name: 'x' } } },
      concatenation_governance: { field_ids: { type: 'too_small', message: 'Choose at least two fields' } },
    };
    expect(issuesByPath(errors)).toEqual({
      name: 'Required',
      'list_governance.list_id': 'Required',
      'concatenation_governance.field_ids': 'Choose at least two fields',
    });
  });

  it("reads a field array's own problem (root) at the array's path, beside its items'", () => {
    const errors = { field_ids: { root: { message: 'Too few' }, 1: { message: 'Unknown field' } } };
    expect(issuesByPath(errors)).toEqual({ field_ids: 'Too few', 'field_ids.1': 'Unknown field' });
  });

  it('gives nothing for no errors, empty messages or a bare message without a path', () => {
    expect(issuesByPath(undefined)).toEqual({});
    expect(issuesByPath({ name: { message: '' } })).toEqual({});
    expect(issuesByPath({ message: 'Somewhere' })).toEqual({});
  });

  it('starts every path with the prefix', () => {
    expect(issuesByPath({ order: { message: 'Bad' } }, 'date')).toEqual({ 'date.order': 'Bad' });
  });
});

describe('issuesUnder', () => {
  it('keeps the issues under the prefix, without it', () => {
    const issues = { 'date.months': 'Show a part', 'date.order': 'Bad', name: 'Required', dates: 'Other' };
    expect(issuesUnder(issues, 'date')).toEqual({ months: 'Show a part', order: 'Bad' });
  });

  it('gives nothing when no issue is under the prefix', () => {
    expect(issuesUnder({ name: 'Required' }, 'date')).toEqual({});
    expect(issuesUnder(undefined, 'date')).toEqual({});
  });
});
