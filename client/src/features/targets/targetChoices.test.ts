import { TARGET_TYPES } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { accountChoices, analyticsTypeChoices } from './targetChoices';

describe('analyticsTypeChoices', () => {
  const types = [
    { id: TARGET_TYPES.adobe, name: 'Adobe Analytics', is_analytics: true },
    { id: 99, name: 'Slack', is_analytics: false },
    { id: TARGET_TYPES.google, name: 'Google Analytics', is_analytics: true },
  ];

  it('offers the analytics types, Adobe and Google by their short names', () => {
    expect(analyticsTypeChoices(types, TARGET_TYPES.adobe)).toEqual([
      { value: String(TARGET_TYPES.adobe), label: 'Adobe' },
      { value: String(TARGET_TYPES.google), label: 'Google' },
    ]);
  });

  it("adds the draft's type when the list lacks it", () => {
    expect(analyticsTypeChoices([], TARGET_TYPES.google)).toEqual([
      { value: String(TARGET_TYPES.google), label: 'Google' },
    ]);
  });
});

describe('accountChoices', () => {
  it('keeps the accounts of the chosen type', () => {
    const connectors = [
      { id: 1, name: 'Adobe prod', connector_type_id: TARGET_TYPES.adobe },
      { id: 2, name: 'GA', connector_type_id: TARGET_TYPES.google },
    ];
    expect(accountChoices(connectors, TARGET_TYPES.google)).toEqual([{ value: '2', label: 'GA' }]);
  });
});
