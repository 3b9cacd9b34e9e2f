import { describe, expect, it } from 'vitest';
import { absentFieldChoices } from './fieldEditModel';

describe('absentFieldChoices (spec 03 §2 field edit drawer)', () => {
  it('offers the field set fields the template does not hold, named with the set', () => {
    const set = {
      name: 'Paid media',
      fields: [
        { id: 1, name: 'Region' },
        { id: 2, name: ' ' },
        { id: 3, name: 'Channel' },
      ],
    };
    expect(absentFieldChoices([1, null], set)).toEqual([
      { id: 2, name: 'Unnamed field (Paid media, not in this template)' },
      { id: 3, name: 'Channel (Paid media, not in this template)' },
    ]);
  });

  it('offers nothing before the field set is read', () => {
    expect(absentFieldChoices([1], undefined)).toEqual([]);
  });
});
