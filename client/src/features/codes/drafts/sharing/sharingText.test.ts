import { describe, expect, it } from 'vitest';
import {
  isShared,
  namesWithAnd,
  sharedWithText,
  shareOptions,
  sharingErrors,
  sharingSummary,
} from './sharingText';

const sam = { id: 4, name: 'Sam Rivera', email: 'sam@acme.test' };
const taylor = { id: 5, name: 'Taylor Kim', email: 'taylor@acme.test' };
const morgan = { id: 9, name: 'Morgan Blake', email: 'morgan@acme.test' };

describe('shareOptions', () => {
  it('offers the candidates and keeps a person shared with now who may no longer be invited, by name', () => {
    expect(shareOptions([taylor, sam], [morgan, sam])).toEqual([
      { value: '9', label: 'Morgan Blake (morgan@acme.test)' },
      { value: '4', label: 'Sam Rivera (sam@acme.test)' },
      { value: '5', label: 'Taylor Kim (taylor@acme.test)' },
    ]);
  });
});

describe('sharingSummary', () => {
  it('says who shared the draft and with whom', () => {
    expect(sharingSummary({ everyone: false, people: [sam, taylor] }, 'Jordan Lee', 'Display')).toBe(
      'Shared by Jordan Lee with Sam Rivera and Taylor Kim',
    );
    expect(sharingSummary({ everyone: true, people: [] }, 'Jordan Lee', 'Display')).toBe(
      'Shared by Jordan Lee with everyone who may use Display',
    );
    expect(sharingSummary({ everyone: true, people: [sam] }, 'Jordan Lee', 'Display')).toBe(
      'Shared by Jordan Lee with everyone who may use Display, and Sam Rivera by name',
    );
  });

  it('joins three names with commas and "and"', () => {
    expect(namesWithAnd(['A', 'B', 'C'])).toBe('A, B and C');
  });
});

describe('isShared', () => {
  it('is false for nobody and true for everyone or a person', () => {
    expect(isShared({ everyone: false, people: [] })).toBe(false);
    expect(isShared({ everyone: true, people: [] })).toBe(true);
    expect(isShared({ everyone: false, people: [sam] })).toBe(true);
  });
});

describe('sharingErrors', () => {
  it('names each refused person on the people field', () => {
    const errors = sharingErrors(
      [
        { path: 'body.user_ids.1', message: 'may not use this template' },
        { path: 'body.everyone', message: 'Expected boolean' },
      ],
      [4, 9],
      new Map([
        [4, 'Sam Rivera'],
        [9, 'Morgan Blake'],
      ]),
    );
    expect(errors).toEqual({
      people: 'Morgan Blake: may not use this template',
      everyone: 'Expected boolean',
    });
  });

  it('leaves both fields clear without issues', () => {
    expect(sharingErrors(undefined, [], new Map())).toEqual({ people: null, everyone: null });
  });
});

describe('sharedWithText', () => {
  it('names everyone and the people invited by name', () => {
    expect(sharedWithText({ everyone: false, people: [sam, taylor] })).toBe('Sam Rivera and Taylor Kim');
    expect(sharedWithText({ everyone: true, people: [] })).toBe('Everyone who may use it');
    expect(sharedWithText({ everyone: true, people: [sam] })).toBe('Everyone who may use it, and Sam Rivera');
  });
});
