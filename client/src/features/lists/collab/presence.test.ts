import { describe, expect, it } from 'vitest';
import type { Presence } from './ListRoomClient';
import { initials, peopleInRoom, presenceOutlines } from './presence';
import { cellKey } from './threads';

const person = (clientId: number, userId: number, name: string, over: Partial<Presence> = {}): Presence => ({
  clientId,
  userId,
  name,
  color: `#00000${userId}`,
  cell: null,
  isSelf: false,
  ...over,
});

describe('peopleInRoom', () => {
  it('lists each user once, the signed-in user first, then by name', () => {
    const people = peopleInRoom([
      person(1, 3, 'Sam Rivera'),
      person(2, 2, 'Jordan Lee'),
      person(3, 1, 'Priya Shah', { isSelf: true }),
      person(4, 2, 'Jordan Lee'),
    ]);
    expect(people.map((p) => [p.name, p.isSelf])).toEqual([
      ['Priya Shah', true],
      ['Jordan Lee', false],
      ['Sam Rivera', false],
    ]);
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Priya Shah')).toBe('PS');
    expect(initials('  madonna ')).toBe('M');
    expect(initials('Ana María de la Cruz')).toBe('AC');
    expect(initials('')).toBe('?');
  });
});

describe('presenceOutlines', () => {
  it('outlines the cells others selected, leaving out my own tabs', () => {
    const outlines = presenceOutlines(
      [
        person(1, 2, 'Jordan Lee', { cell: { columnId: 7, rowNumber: 3 } }),
        person(2, 3, 'Sam Rivera', { cell: { columnId: 7, rowNumber: 3 } }),
        person(3, 1, 'Priya Shah', { isSelf: true, cell: { columnId: 7, rowNumber: 4 } }),
        person(4, 1, 'Priya Shah', { cell: { columnId: 7, rowNumber: 5 } }),
        person(5, 3, 'Sam Rivera'),
      ],
      1,
    );
    expect(outlines).toEqual(
      new Map([[cellKey(7, 3), { color: '#000002', names: ['Jordan Lee', 'Sam Rivera'] }]]),
    );
  });
});
